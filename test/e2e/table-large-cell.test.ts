/**
 * A hostile cell in the table view: a 10 MB string renders in time linear in the output (the view cuts
 * a cell at CELL_CAP characters and says so), and SIGTERM in the middle of writing a table ends the run
 * at once with 143, even while the reader has stopped reading.
 */
import { describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { ok, startFaultServer } from '../helpers/fault-server.js';
import { CELL_CAP } from '../../src/output/text/table.js';

const BIG = 10 * 1024 * 1024;

/** A memory-index body of `n` rows whose row 1 has a `memoryType` of BIG characters with spaces in it. */
function bodyWithBigCell(n: number): string {
  const data = Array.from({ length: n }, (_, i) => ({
    id: `mem_${i}`,
    memoryType: i === 1 ? 'ab '.repeat(BIG / 3) + 'end' : `Type ${i}`,
    category: 'dram',
    price: 1 + i / 8,
    changePct: -1.25,
    weeklyHigh: 2 + i,
    weeklyLow: 0.5,
    sourceUpdatedAt: '2026-11-20T00:00:00Z',
  }));
  return JSON.stringify({ success: true, date: '2026-11-20T00:00:00Z', data, count: n });
}

const ARGS = ['memory', '-f', 'table', '--columns', 'id,memoryType,category,price', '--timeout', '60'];

describe('a 10 MB cell in the table view, off a terminal', () => {
  it('prints every row, the cell cut to CELL_CAP characters with a note, no line ending in a space', { timeout: 150_000 }, async () => {
    const server = await startFaultServer([ok(bodyWithBigCell(3))]);
    try {
      const r = await runCli(ARGS, { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY }, spawn: true, timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(`gpumkt: 1 cell longer than ${CELL_CAP} characters cut (-f csv shows it whole)\n`);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(5);
      const cut = 'ab '.repeat(CELL_CAP).slice(0, CELL_CAP - 1) + '…';
      expect(lines[3]).toMatch(new RegExp(`^mem_1  ${cut}  dram {6}1\\.125$`));
      expect(lines[2]).toMatch(new RegExp(`^mem_0  Type 0 {${CELL_CAP - 6}}  dram {6}1\\.000$`));
      expect(lines.filter((l) => l.endsWith(' '))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it(
    'SIGTERM while the table is being written to a reader that stopped reading: exit 143 with the one line',
    { timeout: 150_000 },
    async () => {
      // 20,000 rows 1 KB wide: far more than a pipe holds, so the run is still writing when the signal comes.
      const server = await startFaultServer([ok(bodyWithBigCell(20_000))]);
      let firstChunk = false;
      try {
        const r = await runCli(ARGS, {
          env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
          timeoutMs: 120_000,
          onSpawn: (child) => {
            // The first bytes of the table: stop reading (the writer is held by the full pipe), then signal.
            child.stdout?.once('data', () => {
              firstChunk = true;
              child.stdout?.pause();
              child.kill('SIGTERM');
            });
            child.on('exit', () => child.stdout?.resume());
          },
        });
        expect(firstChunk).toBe(true);
        expect([r.code, r.signal, r.stderr]).toEqual([143, null, 'gpumkt: interrupted by SIGTERM\n']);
      } finally {
        await server.close();
      }
    },
  );
});
