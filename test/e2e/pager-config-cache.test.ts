/**
 * A pager that cannot start falls back to stdout with one warning (as git does); --config accepts only
 * a regular file of at most 1 MiB, checked before it is opened for reading (a FIFO, /dev/zero and a
 * 300 MB file are refused at once); the compile-cache folder is made 0700 and used only when it is ours
 * and not writable by others.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, statSync, writeFileSync, ftruncateSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { useSandbox, sandboxEnv } from '../helpers/sandbox.js';
import { makeTempDir } from '../helpers/temp.js';

const sb = useSandbox();

/** main() with stdout as a small terminal, so the table is longer than the screen and pages. */
async function atSmallTerminal(args: readonly string[], env: Record<string, string>) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const keep = (into: Buffer[]) => new Writable({ write: (c: Buffer | string, _e, d) => (into.push(Buffer.from(c)), d()) });
  const code = await main(args, {
    env,
    io: {
      stdout: keep(out),
      stderr: keep(err),
      stdin: Readable.from([]),
      stdoutIsTTY: true,
      stderrIsTTY: false,
      stdinIsTTY: true,
      columns: 100,
      rows: 6,
    },
  });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('a pager that cannot start', () => {
  it.each(['/nonexistent', 'no-such-pager-xyz --flag'])('PAGER=%s: the table on stdout, one warning, exit 0', async (pager) => {
    const r = await atSmallTerminal(['history', 'h100', '--from', '30d', '--granularity', 'daily', '--no-color'], {
      ...sandboxEnv(sb.current),
      PATH: process.env.PATH ?? '',
      PAGER: pager,
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').length).toBeGreaterThan(20);
    expect(r.stderr).toMatch(/^gpumkt: warning: cannot run the pager .+; printing without it\n$/);
  });
});

describe('--config is a regular file of at most 1 MiB', () => {
  const refused = async (file: string, message: RegExp) => {
    const r = await runCli(['--config', file, 'config', 'list'], { timeoutMs: 15_000, env: { GPUMKT_API_KEY: CANARY_KEY } });
    expect(r.signal, 'it must not block').toBeNull();
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.ms).toBeLessThan(10_000);
  };

  it('a FIFO nobody writes to: exit 2 at once, not a hang', async () => {
    const fifo = join(makeTempDir('config'), 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    await refused(fifo, /config file .*fifo\.json is not a regular file/);
  });

  it('/dev/zero: exit 2 at once, nothing read', async () => {
    await refused('/dev/zero', /config file \/dev\/zero is not a regular file/);
  });

  it('a 300 MB file: exit 2, not parsed', async () => {
    const big = join(makeTempDir('config'), 'big.json');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 300 * 1024 * 1024); // sparse: no disk used
    closeSync(fd);
    await refused(big, /config file .*big\.json is 300 MiB; a config file is at most 1 MiB/);
  });

  it('a regular file under the limit still works', async () => {
    const ok = join(makeTempDir('config'), 'ok.json');
    writeFileSync(ok, JSON.stringify({ profiles: { default: { format: 'json' } } }));
    const r = await runCli(['--config', ok, 'config', 'list']);
    expect(r.code, r.stderr).toBe(0);
  });
});

describe('the compile-cache folder', () => {
  const cacheModule = resolve(import.meta.dirname, '../../bin/gpumkt.cjs');
  const { usableCacheDir } = createRequire(import.meta.url)(cacheModule) as { usableCacheDir: (dir: string) => boolean };

  it('is made 0700 at every level gpumkt creates, even under umask 000', () => {
    const home = makeTempDir('cache');
    const dir = join(home, '.cache', 'gpumkt', 'compile-cache');
    const r = spawnSync('/bin/sh', [
      '-c',
      `umask 000 && "${process.execPath}" -e 'process.exitCode = require(process.argv[1]).usableCacheDir(process.argv[2]) ? 0 : 3' "$0" "$1"`,
      cacheModule,
      dir,
    ]);
    expect(r.status, String(r.stderr)).toBe(0);
    for (const d of [join(home, '.cache'), join(home, '.cache', 'gpumkt'), dir]) expect(statSync(d).mode & 0o777, d).toBe(0o700);
  });

  it('a folder writable by others is not used', () => {
    const dir = join(makeTempDir('cache'), 'planted');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(usableCacheDir(dir)).toBe(false);
    chmodSync(dir, 0o755);
    expect(usableCacheDir(dir)).toBe(true);
  });

  it("another user's folder is not used", () => {
    let dir = '/';
    if (process.getuid?.() === 0) {
      dir = join(makeTempDir('cache'), 'theirs');
      mkdirSync(dir, { mode: 0o700 });
      chownSync(dir, 65534, 65534);
    }
    expect(existsSync(dir)).toBe(true);
    expect(usableCacheDir(dir)).toBe(false);
  });
});
