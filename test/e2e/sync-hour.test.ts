/**
 * A sync within the hour of the last one asks nothing: the service publishes once an hour, so a
 * dataset whose last successful sync fell in the current UTC hour is `current`, said as such, and
 * neither requested nor read. The next hour asks again; `--from` and a clock pinned to a date alone
 * always ask.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { readState } from './sync-helpers.js';

const DATASETS = 'history,volume,latest';

/**
 * `gpumkt sync <lake> --json` of three datasets with the CLI's clock at `now` (an instant, or a date
 * alone) against a sandbox serving what exists at `served`; `from` adds `--from 2026-11-01`.
 */
async function syncAt(lake: string, now: string, served: string, from = false) {
  const sb = await startSandbox({ now: served, keys: { valid: [CANARY_KEY] } });
  try {
    const args = ['sync', lake, '--datasets', DATASETS, '--json', ...(from ? ['--from', '2026-11-01'] : [])];
    const r = await runCli(args, { env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_TODAY: now } });
    // The catalogues of names a run may read first are not a dataset's requests.
    const dataRequests = sb.requests.filter((q) => !/\/(gpu-types|labs|memory-types)$/.test(q.path));
    const summary =
      r.code === 0 ? (JSON.parse(r.stdout) as { datasets: Array<{ name: string; status: string; requests?: number }> }) : undefined;
    return { ...r, dataRequests, summary };
  } finally {
    await sb.close();
  }
}

describe('a sync within the hour of the last one', () => {
  it('asks nothing of a dataset synced this hour, says it is current, and asks again the next hour', async () => {
    const lake = join(makeTempDir('sync-hour'), 'lake');
    const first = await syncAt(lake, '2026-11-20T14:05:00Z', '2026-11-20T14:05:00Z', true);
    expect(first.code, first.stderr).toBe(0);
    expect(first.dataRequests.length).toBeGreaterThan(0);
    const before = readState(lake);

    const again = await syncAt(lake, '2026-11-20T14:50:00Z', '2026-11-20T14:50:00Z');
    expect(again.code, again.stderr).toBe(0);
    expect(again.dataRequests).toEqual([]);
    expect(again.summary?.datasets.map((d) => [d.name, d.status, d.requests])).toEqual(DATASETS.split(',').map((n) => [n, 'current', 0]));
    for (const n of DATASETS.split(','))
      expect(again.stderr).toContain(`${n}: current, synced at 14:05 UTC, within the hour the service last published; nothing asked`);
    // The state stays as the run that fetched the data left it.
    expect(readState(lake).datasets).toEqual(before.datasets);

    const nextHour = await syncAt(lake, '2026-11-20T15:01:00Z', '2026-11-20T15:01:00Z');
    expect(nextHour.code, nextHour.stderr).toBe(0);
    expect(nextHour.dataRequests.length).toBeGreaterThan(0);
  });

  it('asks again with --from, and under a clock pinned to a date alone', async () => {
    const lake = join(makeTempDir('sync-hour'), 'lake');
    expect((await syncAt(lake, '2026-11-20T14:05:00Z', '2026-11-20T14:05:00Z', true)).code).toBe(0);
    const withFrom = await syncAt(lake, '2026-11-20T14:10:00Z', '2026-11-20T14:10:00Z', true);
    expect(withFrom.code, withFrom.stderr).toBe(0);
    expect(withFrom.dataRequests.length).toBeGreaterThan(0);
    const lake2 = join(makeTempDir('sync-hour'), 'lake');
    expect((await syncAt(lake2, '2026-11-20', '2026-11-20T12:00:00Z', true)).code).toBe(0);
    const pinned = await syncAt(lake2, '2026-11-20', '2026-11-20T12:00:00Z');
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(pinned.dataRequests.length).toBeGreaterThan(0);
  });
});
