// The memory of a sync (issue 38, item 10): peak RSS of a first hourly history sync of a large lake
// (six models, hourly, as far back as the sandbox serves: about 150,000 rows) and of the next day's sync of that
// lake, which should read only what it merges. One round each (peak RSS hardly varies between runs).
//
//   npm run build && node bench/sync-memory.mjs [path/to/bin/gpumkt.cjs]
//
// The optional argument measures another build (an older checkout's bin/gpumkt.cjs) against the same
// sandbox, for a before/after figure. The sandbox runs in this process, never in the one measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../dist/sandbox.js';
import { HAS_TIME, runOnce } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = resolve(process.argv[2] ?? join(root, 'bin/gpumkt.cjs'));
const KEY = 'sk_live_bench_not_secret';
const DAY1 = '2026-11-20';
const DAY2 = '2026-11-21';
const FROM = process.env.BENCH_SYNC_FROM ?? '2007-11-21';

if (!HAS_TIME) console.error('GNU time (/usr/bin/time) is missing: no peak RSS figures.');
const dir = mkdtempSync(join(tmpdir(), 'gpumkt-bench-sync-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const lake = join(dir, 'lake');

/** One sync of the lake at `today` against a sandbox of that day. */
async function syncOn(today, first) {
  const sb = await startSandbox({ today, keys: { valid: [KEY] }, record: false });
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      GPUMKT_CONFIG: join(dir, 'none.json'),
      GPUMKT_TODAY: today,
      GPUMKT_API_KEY: KEY,
      GPUMKT_BASE_URL: sb.url,
      NO_COLOR: '1',
    };
    // --from on the first run only: on a later one, a --from before what is held would rebuild the dataset.
    const args = ['sync', lake, '--datasets', 'history', '--granularity', 'hourly', ...(first ? ['--from', FROM] : []), '--json'];
    const r = await runOnce([process.execPath, bin, ...args], { env, keep: true });
    const history = JSON.parse(r.stdout).datasets.find((d) => d.name === 'history');
    return { ...r, rows: history?.rows, added: history?.added };
  } finally {
    await sb.close();
  }
}

const mib = (kib) => (kib === undefined ? '-' : `${Math.round(kib / 1024)} MiB`);
console.log(`gpumkt sync memory (${bin})`);
const first = await syncOn(DAY1, true);
console.log(
  `  first hourly history sync, ${first.rows} rows:`.padEnd(60),
  `${(first.ms / 1000).toFixed(1)} s`.padStart(8),
  mib(first.rssKiB).padStart(9),
);
const next = await syncOn(DAY2, false);
console.log(
  `  next day's sync (+${next.added} rows, ${next.rows} in all):`.padEnd(60),
  `${(next.ms / 1000).toFixed(1)} s`.padStart(8),
  mib(next.rssKiB).padStart(9),
);
