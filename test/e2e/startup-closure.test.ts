/**
 * What a request-making run loads, seen from inside a real process: bin/ compiles one file,
 * dist/gpumkt.cjs, from the code cache once there is one, and neither the heavy libraries of
 * dist/lib/ nor Node modules a csv run does not use (its HTTP server, crypto, child processes,
 * fs/promises and readline, assert, TLS). A preloaded script records every vm.Script bin/ makes (its
 * file, whether cached code was offered and taken) and Node's list of loaded modules.
 */
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';

const sb = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'gpumkt-test-closure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DIST = join(import.meta.dirname, '../../dist');

const tracer = join(dir, 'trace.cjs');
writeFileSync(
  tracer,
  `
const vm = require('node:vm');
const scripts = [];
vm.Script = class extends vm.Script {
  constructor(code, opts) {
    super(code, opts);
    scripts.push({ file: opts && opts.filename, offered: Boolean(opts && opts.cachedData), rejected: this.cachedDataRejected === true });
  }
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.TRACE_FILE, JSON.stringify({ scripts, modules: process.moduleLoadList, files: Object.keys(require.cache) })));
`,
);

interface Trace {
  code: number | null;
  stdout: string;
  scripts: { file: string; offered: boolean; rejected: boolean }[];
  modules: string[];
  /** The files Node's own CommonJS loader read (the tracer's aside). */
  files: string[];
}
async function traced(args: string[], cache: string): Promise<Trace> {
  const file = join(dir, `trace-${Math.random().toString(36).slice(2)}.json`);
  const r = await runCli(args, {
    spawn: true,
    env: { ...sandboxEnv(sb.current), XDG_CACHE_HOME: cache, NODE_OPTIONS: `--require ${tracer}`, TRACE_FILE: file },
  });
  const t = JSON.parse(readFileSync(file, 'utf8')) as Omit<Trace, 'code' | 'stdout'>;
  return {
    code: r.code,
    stdout: r.stdout,
    modules: t.modules,
    files: t.files.filter((f) => f !== tracer),
    scripts: t.scripts.map((s) => ({ ...s, file: relative(DIST, s.file) })),
  };
}
const q = ['history', 'h100', '--from', '2026-10-21', '--to', '2026-11-19', '--granularity', 'daily', '-f', 'csv'];
const folderOf = (cache: string): string => join(cache, 'gpumkt', 'code-cache');

describe('start-up closure of a request', () => {
  it('a csv history compiles one bundle and loads no heavy library or unused Node module', async () => {
    const t = await traced(q, join(dir, 'c1'));
    expect(t.code).toBe(0);
    expect(t.scripts.map((s) => s.file)).toEqual(['gpumkt.cjs']);
    // bin/ is one file: each file more that Node's loader resolved, read and compiled cost every run
    // about 1 M instructions (~0.4 % of this one).
    expect(t.files.map((f) => relative(join(DIST, '..'), f))).toEqual(['bin/gpumkt.cjs']);
    const unused = [
      'http',
      'https',
      '_http_server',
      'crypto',
      'child_process',
      'fs/promises',
      'readline',
      'assert',
      'tls',
      'zlib',
      'os',
      'worker_threads',
      // Asked only for a prompt (stdin) or a terminal's stream: output to a pipe needs no node:tty.
      'tty',
      // bin/gpumkt.cjs writes out the CommonJS wrapper rather than load node:module for it (on
      // Node 20 its ES module loader came with it; Node 24 starts that loader for every script).
      'module',
    ];
    for (const m of unused) expect(t.modules, `node:${m} is loaded`).not.toContain(`NativeModule ${m}`);
    expect(t.modules).toContain('NativeModule net'); // proves the list is the run's: it made a request
  });

  it('a Parquet export loads its writer from dist/lib, through the same cache', async () => {
    const cache = join(dir, 'c2');
    const out = (n: number): string[] => [
      'range',
      'h100',
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-19',
      '--granularity',
      'hourly',
      '-o',
      join(dir, `x${n}.parquet`),
    ];
    const first = await traced(out(1), cache);
    expect(first.code).toBe(0);
    expect(first.scripts.map((s) => s.file)).toContain('lib/hyparquet-writer.cjs');
    const second = await traced(out(2), cache);
    expect(second.scripts.filter((s) => s.file.startsWith('lib/hyparquet-writer')).map((s) => [s.offered, s.rejected])).toEqual([
      [true, false],
    ]);
  });
});

describe('start-up closure of the prebuilt answers', () => {
  it.each([[['--version']], [['--help']], [['history', '--help']], [['completion', 'bash']]])(
    '%j on a pipe compiles no bundle and builds no stdout stream: net and tty stay unloaded',
    async (args) => {
      const t = await traced(args, join(dir, 'c-prebuilt'));
      expect(t.code).toBe(0);
      expect(t.stdout).toMatch(args[0] === '--version' ? /^gpumkt \d+\.\d+\.\d+\n$/ : /\n$/);
      expect(t.scripts).toEqual([]);
      for (const m of ['net', 'tty']) expect(t.modules, `node:${m} is loaded`).not.toContain(`NativeModule ${m}`);
    },
  );
});

describe('code cache', () => {
  it('the first run writes it, later runs compile from it, with the same output', async () => {
    const cache = join(dir, 'c3');
    const first = await traced(q, cache);
    expect(first.scripts).toEqual([{ file: 'gpumkt.cjs', offered: false, rejected: false }]);
    const second = await traced(q, cache);
    expect(second.scripts).toEqual([{ file: 'gpumkt.cjs', offered: true, rejected: false }]);
    expect(second.stdout).toBe(first.stdout);
  });

  it('is not used from a folder others may write, nor written there', async () => {
    const cache = join(dir, 'c4');
    await traced(q, cache);
    const folder = folderOf(cache);
    const before = readdirSync(folder).map((f) => [f, statSync(join(folder, f)).mtimeMs]);
    chmodSync(folder, 0o777);
    const t = await traced(q, cache);
    expect(t.code).toBe(0);
    expect(t.scripts).toEqual([{ file: 'gpumkt.cjs', offered: false, rejected: false }]);
    expect(readdirSync(folder).map((f) => [f, statSync(join(folder, f)).mtimeMs])).toEqual(before);
  });

  it('a file others may write, or one V8 refuses, is not used, and is replaced by a good one', async () => {
    const cache = join(dir, 'c5');
    await traced(q, cache);
    const folder = folderOf(cache);
    const file = join(folder, readdirSync(folder)[0] as string);
    chmodSync(file, 0o666);
    expect((await traced(q, cache)).scripts[0]).toEqual({ file: 'gpumkt.cjs', offered: false, rejected: false });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'not compiled code', { mode: 0o600 });
    const refused = await traced(q, cache);
    expect(refused.code).toBe(0);
    expect(refused.scripts[0]).toEqual({ file: 'gpumkt.cjs', offered: true, rejected: true });
    expect((await traced(q, cache)).scripts[0]).toEqual({ file: 'gpumkt.cjs', offered: true, rejected: false });
  });
});
