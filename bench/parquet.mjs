// `node bench/parquet.mjs [--reps N]`: Parquet against CSV for 200,000- and 1,000,000-row exports of
// history-simple-like rows (timestamp, index_value, gpu). Each measurement is a fresh child process
// that holds the rows in memory, as the CLI does after parsing a response, and writes them to a file
// with the same atomic sink as `-o`; it reports the write's wall time, its peak RSS
// (process.resourceUsage().maxRSS) and the file size. A `rows only` child shows what the rows alone cost.
// It measures the writer alone (no HTTP, no parsing), bundling what it needs from src/ with esbuild;
// `npm run bench` (bench/run.mjs, section 3b) measures whole CLI exports.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const GPUS = ['H100 SXM', 'H200', 'A100 SXM4', 'RTX 5090', 'B200', 'RTX PRO 6000 WS'];

/** N rows, six models per hour, oldest first; index values with the digits real prices carry. */
function makeRows(n) {
  const rows = new Array(n);
  const t0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    const g = i % GPUS.length;
    const hour = Math.floor(i / GPUS.length);
    rows[i] = {
      timestamp: new Date(t0 + hour * 3_600_000).toISOString(),
      index_value: Math.round((1.5 + g * 0.4 + Math.sin(hour / 50) * 0.3 + ((i * 7919) % 1000) / 100_000) * 1e8) / 1e8,
      gpu: GPUS[g],
    };
  }
  return rows;
}

// ---- child: one measurement ----
if (process.argv[2] === '--child') {
  const [, , , bundle, what, n, out] = process.argv;
  const lib = await import(pathToFileURL(bundle).href);
  const rows = makeRows(Number(n));
  const t0 = performance.now();
  if (what === 'csv') {
    const opts = {
      columns: ['timestamp', 'index_value', 'gpu'],
      selected: false,
      header: true,
      color: false,
      width: 80,
      csvSafe: false,
      dialect: 'rfc4180',
    };
    await lib.writeAll(lib.csv.format(rows, opts), await lib.fileSink(out));
  } else if (what === 'parquet') {
    const columns = [
      { name: 'timestamp', type: 'timestamp' },
      { name: 'index_value', type: 'double' },
      { name: 'gpu', type: 'string' },
    ];
    await lib.writeParquet(rows, await lib.fileSink(out), { columns, request: { command: 'history', gpus: GPUS } });
  }
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ms, rssKiB: process.resourceUsage().maxRSS, bytes: what === 'rows' ? 0 : statSync(out).size }));
  process.exit(0);
}

// ---- parent ----
const root = fileURLToPath(new URL('..', import.meta.url));
const repsAt = process.argv.indexOf('--reps');
const reps = repsAt > 0 ? Number(process.argv[repsAt + 1]) : 1;
const scratch = mkdtempSync(join(tmpdir(), 'gpumkt-bench-parquet-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

// The row-group size the writer uses, for the label (read from its source, which the bundle is built from).
const GROUP_ROWS = Number(
  /ROW_GROUP_ROWS = ([\d_]+)/.exec(readFileSync(join(root, 'src/output/parquet/write.ts'), 'utf8'))?.[1].replace(/_/g, ''),
).toLocaleString('en');
const { build } = await import('esbuild');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bundle = join(scratch, 'lib.mjs');
await build({
  stdin: {
    contents: [
      "export { writeParquet } from './src/output/parquet/write.ts';",
      "export { writeAll } from './src/output/files/sink.ts';",
      "export { fileSink } from './src/output/files/file-sink.ts';",
      "export { formatter as csv } from './src/output/text/csv.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  outfile: bundle,
  logLevel: 'warning',
  define: { __GPUMKT_VERSION__: JSON.stringify(pkg.version) },
});

function measure(what, n) {
  const out = join(scratch, `out.${what}`);
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', bundle, what, String(n), out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} ${n}: exit ${r.status}: ${r.stderr}`);
  rmSync(out, { force: true });
  return JSON.parse(r.stdout);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
const size = (b) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MiB` : `${(b / 1024).toFixed(0)} KiB`);
console.log(
  `Parquet vs CSV — node ${process.version}; ${reps} run${reps === 1 ? '' : 's'} each (median); write time · peak RSS of the whole process · file size`,
);
for (const n of [200_000, 1_000_000]) {
  console.log(`\n${n.toLocaleString('en-US')} rows`);
  const results = {};
  for (const what of ['rows', 'csv', 'parquet']) {
    const runs = Array.from({ length: reps }, () => measure(what, n));
    results[what] = { ms: median(runs.map((r) => r.ms)), rssKiB: median(runs.map((r) => r.rssKiB)), bytes: runs[0].bytes };
  }
  const { rows, csv, parquet } = results;
  console.log(`  ${'rows only (held in memory, nothing written)'.padEnd(46)} ${''.padStart(9)}  ${mib(rows.rssKiB).padStart(8)}`);
  for (const [label, r] of [
    ['csv (-f csv -o file)', csv],
    [`parquet (snappy, ${GROUP_ROWS}-row groups)`, parquet],
  ]) {
    console.log(`  ${label.padEnd(46)} ${`${r.ms.toFixed(0)} ms`.padStart(9)}  ${mib(r.rssKiB).padStart(8)}  ${size(r.bytes).padStart(9)}`);
  }
  console.log(
    `  → parquet/csv: time ${(parquet.ms / csv.ms).toFixed(2)}×, size ${(parquet.bytes / csv.bytes).toFixed(3)}×, peak RSS above the rows: csv ${mib(csv.rssKiB - rows.rssKiB)}, parquet ${mib(parquet.rssKiB - rows.rssKiB)}`,
  );
}
