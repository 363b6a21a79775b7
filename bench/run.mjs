// `npm run bench [-- --quick] [-- --node <path>] [-- --only 5,6] [-- --tag <word>]` (or GPUMKT_BENCH_NODE=<path>: the runtime measured, default this one): start-up, a 30-row query, 200k- and 1M-row exports (CSV, and Parquet
// against CSV), an append of one day (Parquet against CSV), a six-model fan-out, syncs of the sandbox lake (new, again within the hour, the next day) to a folder and to the loopback S3 server, each against its reference in the same run (medians after a warm-up), with peak RSS.
// Needs node, curl, jq and GNU time (/usr/bin/time, for peak RSS); valgrind, where installed, counts
// start-up's instructions. Everything runs on loopback.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CJS_OPTIONS } from '../scripts/build-cjs.mjs';
import { lazyBuiltins, undiciLazyHttp, undiciSlim } from '../scripts/undici-build.mjs';
import { breakdown, instructions, STEPS } from './instructions.mjs';
import { appendSection, syncSection } from './lake-sections.mjs';
import { s3Section } from './s3-section.mjs';
import { HAS_TIME, measureGroup, runOnce } from './measure.mjs';
import { windowStart } from './static-server.mjs';

const quick = process.argv.includes('--quick');
// Start-up: 61 rounds. Its wall ratios are medians of ~45 ms runs on a shared machine; at 31 rounds
// the same build's 30-row history ÷ the naive undici script came out 1.11 to 1.18 from run to run.
const REPS = quick ? { startup: 7, mid: 3, big: 1, fan: 3 } : { startup: 61, mid: 5, big: 3, fan: 5 };
const KEY = 'bench-key-not-secret';
const TODAY = '2026-11-20';
const N_MID = 200_000;
const N_BIG = 1_000_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/gpumkt.cjs');
// `--tag <word>`: the results file is <date>-<word>-node<major>.txt (a second run of a day kept beside the first).
const tagAt = process.argv.indexOf('--tag');
const tag = tagAt > 0 ? process.argv[tagAt + 1]?.replace(/[^\w-]/g, '') : undefined;
// `--only <sections>`: only these sections, comma-separated (`--only 5,6`: the syncs); every section by default.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1]?.split(',')) : undefined;
const want = (section) => only === undefined || only.has(section);
const nodeAt = process.argv.indexOf('--node');
const node = nodeAt > 0 ? process.argv[nodeAt + 1] : process.env.GPUMKT_BENCH_NODE || process.execPath;
const nodeVersion = spawnSync(node, ['-p', 'process.version + " " + typeof require("node:module").enableCompileCache'])
  .stdout.toString()
  .trim()
  .split(' ');
const has = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

// ---- servers, in their own process ----
// The static servers' bodies (200k and 1M rows) are built only for the sections that export them.
const sizes = ['2', '3', '3b'].some(want) ? [String(N_MID), String(N_BIG)] : [];
const servers = spawn(node, [join(root, 'bench/servers.mjs'), ...sizes], {
  env: { ...process.env, BENCH_KEY: KEY, BENCH_TODAY: TODAY },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const urls = JSON.parse(await new Promise((resolve) => createInterface({ input: servers.stdout }).once('line', resolve)));
const home = mkdtempSync(join(tmpdir(), 'gpumkt-bench-home-'));
process.on('exit', () => {
  servers.stdin.end();
  rmSync(home, { recursive: true, force: true });
});

const cliEnv = (baseUrl) => ({
  PATH: process.env.PATH,
  HOME: home,
  GPUMKT_CONFIG: join(home, 'none.json'),
  GPUMKT_TODAY: TODAY,
  GPUMKT_API_KEY: KEY,
  GPUMKT_BASE_URL: baseUrl,
  NO_COLOR: '1',
});
const plainEnv = { PATH: process.env.PATH, HOME: home, BENCH_KEY: KEY };
const gpumkt = (...args) => [node, bin, ...args];

// ---- output helpers ----
const ms = (x) => (x === undefined ? '-' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
const mib = (kib) => (kib === undefined ? '-' : `${(kib / 1024).toFixed(0)} MiB`);
const verdicts = [];
// Everything printed also goes to bench/results/<date>-node<major>[-quick].txt.
const printed = [];
const log = (text) => {
  printed.push(text);
  process.stdout.write(`${text}\n`);
};
function line(label, s) {
  log(`  ${label.padEnd(58)} ${ms(s.ms).padStart(8)}  ${mib(s.rssKiB).padStart(8)}`);
}
function ratio(label, value, target, why = '') {
  const ok = value <= target;
  verdicts.push({ label, value, target, ok });
  log(`  ${`→ ${label}`.padEnd(58)} ${value.toFixed(2).padStart(8)}  target ≤ ${target}  ${ok ? 'ok' : 'ABOVE TARGET'}${why}`);
}
// Progress only on a terminal; the figures go to stdout.
const progress = (name, total) => (r) =>
  process.stderr.isTTY && process.stderr.write(`\r  … ${name}: round ${r}/${total}${r === total ? '\r\x1b[K' : ''}`);

log(
  `gpumkt bench — node ${nodeVersion[0]}, ${spawnSync('nproc').stdout.toString().trim()} cores, ${quick ? 'quick' : 'full'} run${only ? `, sections ${[...only].join(', ')} only` : ''}; medians; wall time · peak RSS`,
);
log(
  `code cache: bin/ compiles dist/gpumkt.cjs (${(statSync(join(root, 'dist/gpumkt.cjs')).size / 1024).toFixed(0)} KiB) from V8's code cache in $HOME/.cache/gpumkt/code-cache; the warm-up run fills it${HAS_TIME ? '' : '; /usr/bin/time missing: no RSS figures'}`,
);

// ---- the naive undici script (bench/naive-undici.cjs), bundled as dist/gpumkt.cjs is ----
const naiveUndici = join(home, 'naive-undici.cjs');
const undiciBundle = await build({
  ...CJS_OPTIONS,
  entryPoints: [join(root, 'bench/naive-undici.cjs')],
  plugins: [undiciSlim, undiciLazyHttp],
});
writeFileSync(naiveUndici, lazyBuiltins(undiciBundle.outputFiles[0].text, { strict: false }));

// ---- 1. start-up and a 30-row query (sandbox on loopback) ----
if (want('1')) {
  log(`\n1. Start-up and a 30-row query (${REPS.startup} rounds)`);
  const q30 = gpumkt('history', 'h100', '--from', '2026-10-21', '--to', '2026-11-19', '--granularity', 'daily', '-f', 'csv');
  const q30Url = `${urls.sandbox}/api/gpu/H100%20SXM/history-simple?startDate=2026-10-21&endDate=2026-11-19&granularity=daily&limit=30`;
  const startup = await measureGroup(
    [
      { name: 'node', argv: [node, '-e', '0'], env: plainEnv },
      { name: 'naive', argv: [node, join(root, 'bench/naive-http.cjs'), q30Url], env: plainEnv },
      { name: 'undici', argv: [node, join(root, 'bench/code-cached.cjs'), naiveUndici, q30Url], env: plainEnv },
      { name: 'esm', argv: [node, join(root, 'bench/esm-floor.mjs')], env: plainEnv },
      { name: 'version', argv: gpumkt('--version'), env: cliEnv(urls.sandbox) },
      { name: 'help', argv: gpumkt('--help'), env: cliEnv(urls.sandbox) },
      { name: 'q30', argv: q30, env: cliEnv(urls.sandbox) },
      { name: 'latest', argv: gpumkt('latest', '-f', 'csv'), env: cliEnv(urls.sandbox) },
      { name: 'tokens', argv: gpumkt('token-prices', '-f', 'csv'), env: cliEnv(urls.sandbox) },
      { name: 'cmdhelp', argv: gpumkt('history', '--help'), env: cliEnv(urls.sandbox) },
      { name: 'completion', argv: gpumkt('completion', 'bash'), env: cliEnv(urls.sandbox) },
    ],
    REPS.startup,
    progress('start-up', REPS.startup),
  );
  line('node -e 0', startup.node);
  line('node bench/esm-floor.mjs (an empty ES module)', startup.esm);
  line('gpumkt --version', startup.version);
  line('gpumkt --help', startup.help);
  line('gpumkt history --help', startup.cmdhelp);
  line('gpumkt completion bash', startup.completion);
  line('naive node:http script, same request (bench/naive-http.cjs)', startup.naive);
  line('naive undici script, same request (bench/naive-undici.cjs)', startup.undici);
  line('gpumkt history h100 (30 daily rows, -f csv, sandbox)', startup.q30);
  line('gpumkt latest -f csv (one request, six rows, sandbox)', startup.latest);
  line('gpumkt token-prices -f csv (one request, 11 rows, sandbox)', startup.tokens);
  ratio('--version ÷ node -e 0', startup.version.ms / startup.node.ms, 1.2);
  ratio('--help ÷ node -e 0', startup.help.ms / startup.node.ms, 1.3);
  ratio('history --help ÷ node -e 0', startup.cmdhelp.ms / startup.node.ms, 1.3);
  ratio('30-row history ÷ node -e 0', startup.q30.ms / startup.node.ms, 1.6);
  ratio('latest ÷ node -e 0', startup.latest.ms / startup.node.ms, 1.6);
  // The floor undici sets (bench/naive-undici.cjs): a request made with undici as gpumkt bundles it and
  // nothing else. What gpumkt adds to a request-making run is measured against it.
  ratio('30-row history ÷ naive undici script (wall)', startup.q30.ms / startup.undici.ms, 1.15);
  ratio('latest ÷ naive undici script (wall)', startup.latest.ms / startup.undici.ms, 1.15);
  ratio('token-prices ÷ naive undici script (wall)', startup.tokens.ms / startup.undici.ms, 1.15);
  log(`  (completion bash ÷ node -e 0: ${(startup.completion.ms / startup.node.ms).toFixed(2)}; bin/ prints the committed script)`);
  // CPU time (all threads, user + system) does not grow with the machine's load as wall time does.
  if (HAS_TIME)
    log(
      `  (CPU time, user + system, in GNU time's 10 ms steps: node -e 0 ${ms(startup.node.cpuMs)}, naive script ${ms(startup.naive.cpuMs)}, naive undici script ${ms(startup.undici.cpuMs)}, history ${ms(startup.q30.cpuMs)}, latest ${ms(startup.latest.cpuMs)}, token-prices ${ms(startup.tokens.cpuMs)})`,
    );
  log(
    `  (an ES module entry alone is ${(startup.esm.ms / startup.node.ms).toFixed(2)} × node -e 0; the naive node:http script ${(startup.naive.ms / startup.node.ms).toFixed(2)} ×)`,
  );
  // undici as gpumkt bundles it, with nothing of gpumkt's around it: what the 1.6 × target leaves to gpumkt.
  log(
    `  (the naive undici script is ${(startup.undici.ms / startup.node.ms).toFixed(2)} × node -e 0: the floor of a request made with undici; 30-row history ÷ it: ${(startup.q30.ms / startup.undici.ms).toFixed(2)})`,
  );

  // Instructions executed (valgrind's callgrind, bench/instructions.mjs), when valgrind is installed: a
  // count that does not move with the machine's load or clock speed as wall time does, so a change of a
  // few per cent shows. The request-making runs are also split into V8's and Node's own steps.
  if (has('valgrind')) {
    // Medians: V8 hashes with a random seed each run, which moves a run's count by a few M (Node's
    // snapshot and the code cache's tables rehashed), as much as a change worth measuring. The four
    // counts the targets divide take 9 runs each (at 5, one seed's draw moved a ratio by 2 %).
    const IR_REPS = quick ? 1 : 5;
    const RATIO_REPS = quick ? 1 : 9;
    const ir = {
      node: await instructions([node, '-e', '0'], plainEnv, IR_REPS),
      version: await instructions(gpumkt('--version'), cliEnv(urls.sandbox), IR_REPS),
      naive: await instructions([node, join(root, 'bench/naive-http.cjs'), q30Url], plainEnv, IR_REPS),
      undici: await instructions([node, join(root, 'bench/code-cached.cjs'), naiveUndici, q30Url], plainEnv, RATIO_REPS),
      q30: await instructions(q30, cliEnv(urls.sandbox), RATIO_REPS),
      latest: await instructions(gpumkt('latest', '-f', 'csv'), cliEnv(urls.sandbox), RATIO_REPS),
      tokens: await instructions(gpumkt('token-prices', '-f', 'csv'), cliEnv(urls.sandbox), RATIO_REPS),
    };
    const m = (x) => `${(x / 1e6).toFixed(0)} M`;
    const of = (x) => `${m(x.count)} (${(x.count / ir.node.count).toFixed(2)} ×)`;
    log(
      `  (instructions, valgrind --tool=callgrind, median of ${IR_REPS} (${RATIO_REPS} for the naive undici script and the three queries): node -e 0 ${m(ir.node.count)}; --version ${of(ir.version)}; naive node:http script ${of(ir.naive)}; naive undici script ${of(ir.undici)}; 30-row history ${of(ir.q30)}; latest ${of(ir.latest)}; token-prices ${of(ir.tokens)})`,
    );
    ratio('30-row history ÷ naive undici script (instructions)', ir.q30.count / ir.undici.count, 1.15);
    ratio('latest ÷ naive undici script (instructions)', ir.latest.count / ir.undici.count, 1.15);
    ratio('token-prices ÷ naive undici script (instructions)', ir.tokens.count / ir.undici.count, 1.15);
    // Where the instructions go (inclusive counts of the median run of each), beside the floor's.
    const parts = [
      ['naive undici', breakdown(ir.undici.file)],
      ['history', breakdown(ir.q30.file)],
      ['latest', breakdown(ir.latest.file)],
      ['token-prices', breakdown(ir.tokens.file)],
    ];
    if (parts.every(([, b]) => b !== undefined)) {
      const cell = (x) => `${(x / 1e6).toFixed(1)}`.padStart(13);
      log(`  instructions by step, M (callgrind_annotate, inclusive)  ${parts.map(([n]) => n.padStart(13)).join('')}`);
      for (const [step] of STEPS) log(`    ${step.padEnd(55)}${parts.map(([, b]) => cell(b.steps[step])).join('')}`);
      const rest = (b) => b.total - Object.values(b.steps).reduce((a, x) => a + x, 0);
      log(`    ${'the rest: JavaScript run (interpreter, ICs) and Node'.padEnd(55)}${parts.map(([, b]) => cell(rest(b))).join('')}`);
      log(`    ${'total'.padEnd(55)}${parts.map(([, b]) => cell(b.total)).join('')}`);
    }
  }
}

// ---- 2 and 3. big exports from the static server ----
// The CLI takes dates from 2000-01-01 on (README, Bounds), and a million hourly rows span 114 years: such
// a window asks for the N rows by count (`--limit N`, the same request body), a shorter one with `--limit all`.
const cliWindow = (n, from) => (from < '2000-01-01' ? ['--from', '2000-01-01', '--limit', String(n)] : ['--from', from, '--limit', 'all']);

async function exportGroup(n, reps, withJq) {
  const { url: base, bytes } = urls.statics[n];
  const from = windowStart(n, TODAY);
  const url = `${base}/api/gpu/H100%20SXM/history-range?startDate=${from}&endDate=${TODAY}&granularity=hourly&limit=${n}`;
  const cli = gpumkt('range', 'h100', ...cliWindow(n, from), '--to', TODAY, '--granularity', 'hourly', '-f', 'csv');
  const env = cliEnv(base);
  // Same bytes as the floor: proves both do the same job before timing either.
  const [a, b] = [
    await runOnce(cli, { env, hash: true }),
    await runOnce([node, join(root, 'bench/floor.mjs'), url], { env: plainEnv, hash: true }),
  ];
  const same = a.sha === b.sha;
  const jq = `curl -sS -H 'Authorization: Bearer ${KEY}' '${url}' | jq -r '["recorded_at","exact_timestamp","index_value","data_type"], (.data | sort_by(.recorded_at) | .[] | [.recorded_at, .exact_timestamp, .index_value, .data_type]) | @csv'`;
  const cases = [
    { name: 'cli', argv: cli, env },
    { name: 'floor', argv: [node, join(root, 'bench/floor.mjs'), url], env: plainEnv },
  ];
  if (withJq) cases.push({ name: 'jq', argv: jq, env: plainEnv });
  cases.push({ name: 'narrow', argv: [...cli, '--columns', 'index_value'], env });
  const r = await measureGroup(cases, reps, progress(`${n} rows`, reps));
  return { r, bytes, same, out: a.bytes };
}

const jqOk = has('curl') && has('jq');
if (want('2')) {
  if (!jqOk) log('\n(curl or jq missing: the curl | jq reference is left out)');
  log(`\n2. Export ${N_MID.toLocaleString('en')} hourly rows as CSV (${REPS.mid} rounds)`);
  const mid = await exportGroup(N_MID, REPS.mid, jqOk);
  log(
    `  body ${(mid.bytes / 2 ** 20).toFixed(1)} MiB → CSV ${(mid.out / 2 ** 20).toFixed(1)} MiB; gpumkt output ${mid.same ? 'byte-identical to' : 'DIFFERS FROM'} the floor's`,
  );
  line('gpumkt range h100 --limit all -f csv', mid.r.cli);
  line('naive Node floor (bench/floor.mjs)', mid.r.floor);
  if (jqOk) line("curl | jq -r '… | @csv'", mid.r.jq);
  line('gpumkt … --columns index_value (narrow output)', mid.r.narrow);
  ratio('200k export ÷ floor (wall)', mid.r.cli.ms / mid.r.floor.ms, 1.0);
  if (HAS_TIME) ratio('200k export ÷ floor (peak RSS)', mid.r.cli.rssKiB / mid.r.floor.rssKiB, 1.0);
  if (HAS_TIME) ratio('200k export peak RSS (MiB) ÷ 120', mid.r.cli.maxRssKiB / 1024 / 120, 1.0);
  if (jqOk) ratio('200k export ÷ curl | jq (wall)', mid.r.cli.ms / mid.r.jq.ms, 0.55);
}
if (want('3')) {
  log(`\n3. Export ${N_BIG.toLocaleString('en')} hourly rows as CSV (${REPS.big} round${REPS.big > 1 ? 's' : ''})`);
  const big = await exportGroup(N_BIG, REPS.big, false);
  log(
    `  body ${(big.bytes / 2 ** 20).toFixed(1)} MiB → CSV ${(big.out / 2 ** 20).toFixed(1)} MiB; gpumkt output ${big.same ? 'byte-identical to' : 'DIFFERS FROM'} the floor's`,
  );
  line('gpumkt range h100 --limit all -f csv', big.r.cli);
  line('naive Node floor (bench/floor.mjs)', big.r.floor);
  line('gpumkt … --columns index_value (narrow output)', big.r.narrow);
  log(`  first CSV byte after ${ms(big.r.cli.firstByteMs)} of ${ms(big.r.cli.ms)} (fetch + parse + check + sort, then formatting streams)`);
  log(
    `  peak RSS, full vs narrow output: ${mib(big.r.cli.rssKiB)} vs ${mib(big.r.narrow.rssKiB)} for ${(big.out / 2 ** 20).toFixed(0)} vs ${(big.r.narrow.bytes / 2 ** 20).toFixed(0)} MiB written: formatted text is not kept`,
  );
  if (HAS_TIME) ratio('1M export peak RSS (MiB) ÷ 300', big.r.cli.maxRssKiB / 1024 / 300, 1.0);
  ratio('1M export ÷ floor (wall)', big.r.cli.ms / big.r.floor.ms, 0.8);
}

// ---- 3b. Parquet exports through the CLI (-o file.parquet against -o file.csv) ----
if (want('3b'))
  log(`\n3b. Export as Parquet through the CLI: -o file.parquet against -o file.csv (${REPS.big} round${REPS.big > 1 ? 's' : ''} each)`);
for (const n of want('3b') ? [N_MID, N_BIG] : []) {
  const { url: base } = urls.statics[n];
  const from = windowStart(n, TODAY);
  const to = (ext) => join(home, `export-${n}.${ext}`);
  const cli = (ext) => gpumkt('range', 'h100', ...cliWindow(n, from), '--to', TODAY, '--granularity', 'hourly', '-o', to(ext));
  const r = await measureGroup(
    [
      { name: 'csv', argv: cli('csv'), env: cliEnv(base) },
      { name: 'parquet', argv: cli('parquet'), env: cliEnv(base) },
    ],
    REPS.big,
    progress(`parquet ${n}`, REPS.big),
  );
  const [csvBytes, pqBytes] = [statSync(to('csv')).size, statSync(to('parquet')).size];
  log(
    `  ${n.toLocaleString('en')} rows: CSV ${(csvBytes / 2 ** 20).toFixed(1)} MiB, Parquet ${(pqBytes / 2 ** 20).toFixed(1)} MiB (${(pqBytes / csvBytes).toFixed(2)} ×)`,
  );
  line(`gpumkt range … -o ${n / 1000}k.csv`, r.csv);
  line(`gpumkt range … -o ${n / 1000}k.parquet`, r.parquet);
  ratio(`${n === N_MID ? '200k' : '1M'} Parquet ÷ CSV export (wall)`, r.parquet.ms / r.csv.ms, 1.5);
  if (HAS_TIME && n === N_BIG) ratio('1M Parquet export peak RSS (MiB) ÷ 300', r.parquet.maxRssKiB / 1024 / 300, 1.0);
  rmSync(to('csv'), { force: true });
  rmSync(to('parquet'), { force: true });
}

// ---- 3c. an append of one day to a year of hourly rows, Parquet against CSV (bench/lake-sections.mjs) ----
const lakeBench = { gpumkt, cliEnv, urls, home, node, root, reps: REPS.mid, log, line, ratio, ms };
if (want('3c')) await appendSection(lakeBench);

// ---- 4. fan-out (sandbox replying after 100 ms) ----
if (want('4')) {
  log(`\n4. Six-model fan-out, sandbox replying after 100 ms (${REPS.fan} rounds)`);
  const models = ['h100', 'h200', 'a100', 'b200', '5090', 'pro6000'];
  const fanArgs = (m) => gpumkt('history', ...m, '--from', '2026-10-21', '--to', '2026-11-19', '--granularity', 'hourly', '-f', 'csv');
  const fan = await measureGroup(
    [
      { name: 'all', argv: fanArgs(['all']), env: cliEnv(urls.slow) },
      ...models.map((m) => ({ name: m, argv: fanArgs([m]), env: cliEnv(urls.slow) })),
    ],
    REPS.fan,
    progress('fan-out', REPS.fan),
  );
  const slowest = models.reduce((a, m) => (fan[m].ms > fan[a].ms ? m : a), models[0]);
  line('gpumkt history all (6 × 720 hourly rows)', fan.all);
  line(`slowest single model (history ${slowest})`, fan[slowest]);
  ratio('fan-out ÷ slowest single', fan.all.ms / fan[slowest].ms, 1.5);
}

// ---- 5. syncs of the sandbox lake: new, again within the hour, the next day (bench/lake-sections.mjs) ----
const localSyncs = want('5') ? await syncSection(lakeBench) : undefined;

// ---- 6. the same syncs to an S3 bucket on the loopback S3 server (bench/s3-section.mjs) ----
if (want('6')) await s3Section(lakeBench, localSyncs);

const above = verdicts.filter((v) => !v.ok);
log(
  `\n${verdicts.length - above.length} of ${verdicts.length} figures within target${above.length ? `; above: ${above.map((v) => v.label).join('; ')}` : ''}`,
);
const results = join(root, 'bench/results');
mkdirSync(results, { recursive: true });
const file = join(
  results,
  `${new Date().toISOString().slice(0, 10)}${tag ? `-${tag}` : ''}-node${nodeVersion[0].slice(1).split('.')[0]}${quick ? '-quick' : ''}.txt`,
);
writeFileSync(file, `${printed.join('\n')}\n`);
process.stderr.write(`written to ${file}\n`);
process.exit(0);
