/**
 * Bad memory types fail before any data request: unknown types (after a look in the service's catalogue,
 * docs/names.md) and type/category contradictions exit 2 with the list and a suggestion.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';

async function run(args: string[]) {
  const sb = await startSandbox({ today: '2026-11-20', keys: { valid: [CANARY_KEY] } });
  try {
    const r = await runCli(['memory', ...args], { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY } });
    return { ...r, requests: sb.requests.length, paths: sb.requests.map((q) => q.path) };
  } finally {
    await sb.close();
  }
}

describe('memory --type / --category checked offline', () => {
  it('--type ddr5: exit 2, no data request (the catalogue is asked), the valid ids and a "did you mean"', async () => {
    const r = await run(['--type', 'ddr5']);
    expect(r.code).toBe(2);
    expect(r.paths).toEqual(['/api/memory-types']);
    expect(r.stdout).toBe('');
    const line = r.stderr.split('\n')[0] as string;
    expect(line).toMatch(
      /^gpumkt: error: unknown memory type 'ddr5'; did you mean mem_ddr5_16gb \(DDR5 16Gb \(2Gx8\) 4800\/5600\)\? valid types: /,
    );
    for (const t of MEMORY_TYPES) expect(line).toContain(t.id);
  });

  it('a typo of an id suggests the id', async () => {
    const r = await run(['--type', 'mem_ddr4_16gbb']);
    expect(r.code).toBe(2);
    expect(r.paths).toEqual(['/api/memory-types']);
    expect(r.stderr).toContain('did you mean mem_ddr4_16gb ');
  });

  it('--type mem_ddr5_16gb --category flash contradicts: exit 2, no request, both named', async () => {
    const r = await run(['--type', 'mem_ddr5_16gb', '--category', 'flash']);
    expect(r.code).toBe(2);
    expect(r.requests).toBe(0);
    expect(r.stderr).toMatch(/^gpumkt: error: memory type mem_ddr5_16gb is in category dram, not flash/);
  });

  it('a known type by name with its own category still goes out and prints its row', async () => {
    const r = await run(['--type', 'DDR5 16Gb (2Gx8) 4800/5600', '--category', 'dram', '-f', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toBe(1);
    expect(r.stdout.split('\n')[1]).toMatch(/^mem_ddr5_16gb,DDR5 16Gb \(2Gx8\) 4800\/5600,dram,/);
  });
});
