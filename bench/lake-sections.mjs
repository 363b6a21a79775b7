// The bench's sections on appends and the lake (bench/run.mjs calls them in turn):
// 3c. one day appended to a year of hourly rows, Parquet against CSV;
// 5.  gpumkt sync of a new lake, the same lake again within the hour, and the next day.
// `b` carries run.mjs's helpers: { gpumkt, cliEnv, urls, home, reps, log, line, ratio, ms }.
import { copyFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { measureGroup, runOnce } from './measure.mjs';

const YEAR = ['--from', '2025-11-19', '--to', '2026-11-18'];

/** 3c: `--append` of one day onto a year of hourly rows (8,739 rows), Parquet against CSV; each round starts from the same file. */
export async function appendSection(b) {
  b.log(`\n3c. Append one day (24 hourly rows) to a year of hourly rows: Parquet against CSV (${b.reps} rounds each, sandbox)`);
  const env = b.cliEnv(b.urls.sandbox);
  const base = (ext) => join(b.home, `year.${ext}`);
  const target = (ext) => join(b.home, `append.${ext}`);
  for (const ext of ['csv', 'parquet'])
    await runOnce(b.gpumkt('history', 'h100', ...YEAR, '--granularity', 'hourly', '-o', base(ext)), { env });
  const append = (ext) => ({
    name: ext,
    argv: b.gpumkt('history', 'h100', '--to', '2026-11-19', '--granularity', 'hourly', '--append', target(ext)),
    env,
    before: () => copyFileSync(base(ext), target(ext)),
  });
  const r = await measureGroup([append('csv'), append('parquet')], b.reps);
  const size = (ext) => `${(statSync(base(ext)).size / 1024).toFixed(0)} KiB`;
  b.log(`  a year of hourly rows (8,739): CSV ${size('csv')}, Parquet ${size('parquet')}; the append asks for one day and adds 24 rows`);
  b.line('gpumkt history … --append year.csv', r.csv);
  b.line('gpumkt history … --append year.parquet (read, merge, rewrite)', r.parquet);
  if (r.csv.cpuMs !== undefined) b.log(`  (CPU time, user + system: CSV ${b.ms(r.csv.cpuMs)}, Parquet ${b.ms(r.parquet.cpuMs)})`);
  b.ratio('Parquet append ÷ CSV append of one day (wall)', r.parquet.ms / r.csv.ms, 1.5);
  for (const f of [base('csv'), base('parquet'), target('csv'), target('parquet')]) rmSync(f, { force: true });
}

/** One sync with the CLI's clock at `now`, against `url` (`args` and `env` added): its summary, wall time, CPU time and peak RSS. */
export async function syncOnce(b, lake, url, now, { args = [], env = {} } = {}) {
  const run = await runOnce(b.gpumkt('sync', lake, '--json', ...args), {
    env: { ...b.cliEnv(url), GPUMKT_TODAY: now, ...env },
    keep: true,
  });
  const summary = JSON.parse(run.stdout);
  const counts = {};
  for (const d of summary.datasets) counts[d.status] = (counts[d.status] ?? 0) + 1;
  return { run, summary, counts };
}

/**
 * 5: a sync of a new lake (every dataset, a year of daily data), the same lake again 30 minutes later
 * (within the service's hour: nothing can be new) and the next day. One round each: the first one's
 * wall time is mostly the pacer's minute. The pacer's wait comes from the run's own --json summary
 * (pacedSeconds), CPU time from GNU time (user + system), so the three are told apart.
 */
export async function syncSection(b) {
  b.log(
    '\n5. gpumkt sync from the sandbox: a new lake (every dataset, a year of daily data), again within the hour, and the next day (1 round each)',
  );
  const lake = join(b.home, 'lake');
  const out = {};
  for (const [label, url, now] of syncRuns(b)) {
    const { run, summary, counts } = await syncOnce(b, lake, url, now);
    out[label] = { run, summary };
    const pacedMs = summary.pacedSeconds * 1000;
    const states = Object.entries(counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    b.line(`sync, ${label}: ${summary.datasets.length} datasets (${states}), ${summary.requests} requests`, run);
    b.log(`    ${'of which held by the rate limit (--json pacedSeconds)'.padEnd(56)} ${b.ms(pacedMs).padStart(8)}`);
    b.log(`    ${'the rest: requests on the wire, gpumkt at work'.padEnd(56)} ${b.ms(run.ms - pacedMs).padStart(8)}`);
    if (run.cpuMs !== undefined) b.log(`    ${"gpumkt's own CPU time (user + system)".padEnd(56)} ${b.ms(run.cpuMs).padStart(8)}`);
  }
  rmSync(lake, { recursive: true, force: true });
  const first = out['new lake'].summary;
  b.log(
    `  (the service allows 60 requests a minute: the new lake's ${first.requests} requests need at least ${Math.floor((first.requests - 1) / 60)} minute(s) of pacing)`,
  );
  b.ratio('sync again within the hour: requests ÷ 10', out['again 30 minutes later'].summary.requests / 10, 1);
  const nextCpu = out['the next day'].run.cpuMs;
  if (nextCpu !== undefined) b.ratio("next-day sync: gpumkt's CPU time (s) ÷ 2", nextCpu / 1000 / 2, 1);
  return out;
}

/** The three syncs of sections 5 and 6: label, sandbox URL, the CLI's clock. */
export const syncRuns = (b) => [
  ['new lake', b.urls.sandbox, '2026-11-20T14:05:00Z'],
  ['again 30 minutes later', b.urls.sandbox, '2026-11-20T14:35:00Z'],
  ['the next day', b.urls.next, '2026-11-21T14:05:00Z'],
];
