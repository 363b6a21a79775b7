/**
 * What a real start-up of the built binary does: undici's HTTP parser (WebAssembly) is compiled only
 * once a connection is made, and the code cache lives in gpumkt's own cache folder, or nowhere,
 * silently, when that folder cannot be made. Spawned: only a real process shows its own start-up.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';

const sb = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'gpumkt-test-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Preloaded into the CLI's process: counts WebAssembly compilations and writes the count at exit.
const counter = join(dir, 'count-wasm.cjs');
writeFileSync(
  counter,
  `
const M = WebAssembly.Module; let n = 0;
WebAssembly.Module = function (...a) { n += 1; return new M(...a); };
process.on('exit', () => require('node:fs').writeFileSync(process.env.WASM_COUNT_FILE, String(n)));
`,
);
async function wasmCompiles(args: string[], env: Record<string, string>): Promise<{ count: number; code: number | null }> {
  const file = join(dir, `count-${Math.random().toString(36).slice(2)}`);
  const r = await runCli(args, { spawn: true, env: { ...env, NODE_OPTIONS: `--require ${counter}`, WASM_COUNT_FILE: file } });
  return { count: Number(readFileSync(file, 'utf8')), code: r.code };
}
const q = ['history', 'h100', '--from', '2026-10-21', '--to', '2026-11-19', '--granularity', 'daily', '-f', 'csv'];

describe('undici parser', () => {
  it('is compiled once a request reaches a server, not when the request code loads', async () => {
    expect(await wasmCompiles(q, sandboxEnv(sb.current))).toEqual({ count: 1, code: 0 });
    // The same command against a port nobody listens on: the runner and undici load, no parser is built.
    const refused = await wasmCompiles([...q, '--retries', '0'], { ...sandboxEnv(sb.current), GPUMKT_BASE_URL: 'http://127.0.0.1:1' });
    expect(refused).toEqual({ count: 0, code: 5 });
  });
});

describe('code cache', () => {
  it('is kept under $XDG_CACHE_HOME/gpumkt/code-cache, private to the user, on every runtime', async () => {
    const cache = join(dir, 'xdg');
    const r = await runCli(q, { spawn: true, env: { ...sandboxEnv(sb.current), XDG_CACHE_HOME: cache } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const folder = join(cache, 'gpumkt', 'code-cache');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(statSync(join(folder, files[0] as string)).mode & 0o777).toBe(0o600);
  });

  it('two installs sharing one cache folder: --debug stack frames name each its own path', async () => {
    const cache = join(dir, 'shared-xdg');
    const installs = ['one', 'two'].map((name) => {
      const root = join(dir, name);
      for (const part of ['bin', 'dist']) cpSync(resolve(import.meta.dirname, '../..', part), join(root, part), { recursive: true });
      return root;
    });
    // Each install twice, in turn: the second run of each compiles from a cache, the first may find the other's.
    for (const root of [...installs, ...installs]) {
      const r = await runCli(['--debug', 'sync', 's3x://bucket/x'], {
        spawn: true,
        bin: join(root, 'bin', 'gpumkt.cjs'),
        env: { XDG_CACHE_HOME: cache },
      });
      expect(r.code).toBe(2);
      const frames = r.stderr.split('\n').filter((l) => l.includes(join('dist', 'gpumkt.cjs')));
      expect(frames.length, r.stderr).toBeGreaterThan(0);
      expect(
        frames.filter((l) => !l.includes(join(root, 'dist', 'gpumkt.cjs'))),
        root,
      ).toEqual([]);
    }
    const files = readdirSync(join(cache, 'gpumkt', 'code-cache')).filter((f) => f.startsWith('gpumkt.cjs-'));
    expect(files).toHaveLength(2);
  });

  it("a sync and a query keep caches of their own: neither rewrites the other's, nor its own once written", async () => {
    const cache = join(dir, 'kinds-xdg');
    const folder = join(cache, 'gpumkt', 'code-cache');
    const env = { ...sandboxEnv(sb.current), XDG_CACHE_HOME: cache };
    const lake = join(dir, 'kinds-lake');
    const sync = ['sync', lake, '--datasets', 'latest', '-q'];
    const mtimes = () =>
      Object.fromEntries(
        readdirSync(folder)
          .filter((f) => f.startsWith('gpumkt.cjs-'))
          .map((f) => [f, statSync(join(folder, f)).mtimeMs]),
      );
    // A cache as earlier versions named it (no kind): dropped when a cache of this file is written.
    const r0 = await runCli(q, { spawn: true, env });
    expect(r0.code).toBe(0);
    const [written] = Object.keys(mtimes());
    const legacy = (written as string).replace(/-query\.history-/, '-');
    expect(legacy).not.toBe(written);
    cpSync(join(folder, written as string), join(folder, legacy));
    rmSync(join(folder, written as string));
    expect((await runCli(sync, { spawn: true, env })).code).toBe(0);
    expect((await runCli(q, { spawn: true, env })).code).toBe(0);
    const first = mtimes();
    expect(
      Object.keys(first)
        .map((f) => f.split('-')[2])
        .sort(),
    ).toEqual(['lake', 'query.history']);
    expect(Object.keys(first)).not.toContain(legacy);
    // Again, in turn: each kind compiles from its own cache, which stays as written.
    expect((await runCli(sync, { spawn: true, env })).code).toBe(0);
    expect((await runCli(q, { spawn: true, env })).code).toBe(0);
    expect(mtimes()).toEqual(first);
  });

  it("each data command keeps its own; a failed run writes none; a new bundle drops the old one's of every kind", async () => {
    const cache = join(dir, 'per-command-xdg');
    const folder = join(cache, 'gpumkt', 'code-cache');
    const env = { ...sandboxEnv(sb.current), XDG_CACHE_HOME: cache };
    const kinds = () =>
      readdirSync(folder)
        .filter((f) => f.startsWith('gpumkt.cjs-'))
        .map((f) => f.split('-').slice(2, -3).join('-'))
        .sort();
    expect((await runCli(q, { spawn: true, env })).code).toBe(0);
    const [historys] = readdirSync(folder).filter((f) => f.startsWith('gpumkt.cjs-'));
    // A cache another bundle at this path left, of another command: no run reads it again.
    const stale = (historys as string).replace(/-query\.history-[0-9a-f]{16}-/, '-query.latest-0123456789abcdef-');
    expect(stale).not.toBe(historys);
    writeFileSync(join(folder, stale), 'old', { mode: 0o600 });
    const before = statSync(join(folder, historys as string)).mtimeMs;
    expect((await runCli(['token-prices', '-f', 'csv'], { spawn: true, env })).code).toBe(0);
    // A misspelt command word and a failed run of a real command: usage errors, nothing written.
    expect((await runCli(['histroy', 'h100'], { spawn: true, env })).code).toBe(2);
    expect((await runCli(['latest', '--format', 'nope'], { spawn: true, env })).code).toBe(2);
    expect(kinds()).toEqual(['query.history', 'query.token-prices']);
    expect(statSync(join(folder, historys as string)).mtimeMs).toBe(before);
  });

  it('a dry run reads a cache but writes none; the next real run of the command does', async () => {
    const cache = join(dir, 'dry-run-xdg');
    const folder = join(cache, 'gpumkt', 'code-cache');
    const env = { ...sandboxEnv(sb.current), XDG_CACHE_HOME: cache };
    const files = () => (existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith('gpumkt.cjs-')) : []);
    const dry = await runCli([...q, '--dry-run'], { spawn: true, env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('history-simple');
    expect(files()).toEqual([]);
    expect((await runCli(q, { spawn: true, env })).code).toBe(0);
    const [written] = files();
    expect(written).toMatch(/-query\.history-/);
    const mtime = statSync(join(folder, written as string)).mtimeMs;
    // A dry run after it compiles from it and leaves it as it was.
    expect((await runCli([...q, '--dry-run'], { spawn: true, env })).code).toBe(0);
    expect(files()).toEqual([written]);
    expect(statSync(join(folder, written as string)).mtimeMs).toBe(mtime);
  });

  it('an unusable cache folder costs nothing: same output, no warning, no hang', async () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const good = await runCli(q, { spawn: true, env: sandboxEnv(sb.current) });
    for (const xdg of [file, '/proc/no-such-folder']) {
      const r = await runCli(q, { spawn: true, timeoutMs: 15_000, env: { ...sandboxEnv(sb.current), XDG_CACHE_HOME: xdg } });
      expect(r.signal, xdg).toBeNull();
      expect(r.code, xdg).toBe(0);
      expect(r.stderr, xdg).toBe('');
      expect(r.stdout, xdg).toBe(good.stdout);
    }
  });
});
