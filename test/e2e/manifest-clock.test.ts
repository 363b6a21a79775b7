/** One clock: with GPUMKT_TODAY pinning the data's day, the manifest still records when the run really happened. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOn, workDir } from './cron-helpers.js';

describe('--manifest createdAt', () => {
  it('is the real time of the run, not an invented noon of the pinned day', async () => {
    const file = join(workDir(), 'h.csv');
    const before = Date.now();
    const r = await runOn('2026-11-10', ['history', 'h100', '--granularity', 'daily', '--from', '2026-11-01', '-o', file, '--manifest']);
    const after = Date.now();
    expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as { createdAt: string };
    const at = Date.parse(m.createdAt);
    // Whole seconds may be all the manifest keeps: allow the second the run started in.
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after);
  });
});
