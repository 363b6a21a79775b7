/**
 * Interrupts and leftovers: SIGINT/SIGTERM during a stalled request or a Retry-After wait end the run
 * with 130/143, keep the old -o file byte-identical and leave no temporary file; a temporary file
 * left by a killed run is swept by the next one. The key never shows on the command line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { ok, stallBeforeHeaders, startFaultServer, status, type Behaviour, type FaultServer } from '../helpers/fault-server.js';

const OLD = 'id,price\nold,1\n';

/** Sends `sig` once the server has seen `n` requests (the CLI is then inside a request or a wait). */
function killWhenSeen(server: FaultServer, n: number, sig: NodeJS.Signals, delayMs = 150): (child: ChildProcess) => void {
  return (child) => {
    const timer = setInterval(() => {
      if (server.requests.length >= n) {
        clearInterval(timer);
        setTimeout(() => child.kill(sig), delayMs);
      }
    }, 10);
    child.on('close', () => clearInterval(timer));
  };
}

async function interrupted(script: Behaviour[], sig: NodeJS.Signals, seen: number) {
  const server = await startFaultServer(script);
  const dir = makeTempDir('sig');
  const out = join(dir, 'out.csv');
  writeFileSync(out, OLD);
  try {
    const r = await runCli(['memory', '-o', out, '--timeout', '30'], {
      env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
      files: [dir],
      onSpawn: killWhenSeen(server, seen, sig),
    });
    return { r, dir, out, server };
  } finally {
    await server.close();
  }
}

describe('signals', () => {
  it('SIGINT during a stalled request: exit 130, old file kept, no temp file, key not on the command line', async () => {
    const { r, dir, out } = await interrupted([stallBeforeHeaders()], 'SIGINT', 1);
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('gpumkt: interrupted by SIGINT\n');
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(OLD);
    expect(readdirSync(dir)).toEqual(['out.csv']);
    expect(r.cmdlineReads ?? 0, '/proc/<pid>/cmdline was read while the request hung').toBeGreaterThan(0);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('SIGTERM during a Retry-After wait: exit 143 at once', async () => {
    const { r, dir, out, server } = await interrupted([status(429, '', { 'retry-after': '20' }), ok()], 'SIGTERM', 1);
    expect(r.code).toBe(143);
    expect(r.stderr).toBe('gpumkt: interrupted by SIGTERM\n');
    expect(server.requests).toHaveLength(1);
    expect(readFileSync(out, 'utf8')).toBe(OLD);
    expect(readdirSync(dir)).toEqual(['out.csv']);
    expect(r.ms).toBeLessThan(10_000);
  });
});

describe('-o files', () => {
  it('a replaced file keeps its mode (0640 stays 0640) and gets the complete new content', async () => {
    const server = await startFaultServer([ok()]);
    const dir = makeTempDir('mode');
    const out = join(dir, 'out.csv');
    writeFileSync(out, OLD);
    chmodSync(out, 0o640);
    try {
      const r = await runCli(['memory', '-f', 'csv', '-o', out], {
        env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
        files: [dir],
        umask: 0o077,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(statSync(out).mode & 0o777).toBe(0o640);
      expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(61);
      expect(readdirSync(dir)).toEqual(['out.csv']);
    } finally {
      await server.close();
    }
  });

  it('GPUMKT_MAX_TIME that is not a positive number is a usage error (exit 2) before any request', async () => {
    const server = await startFaultServer([ok()]);
    try {
      const r = await runCli(['memory'], { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY, GPUMKT_MAX_TIME: 'soon' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('gpumkt: error: GPUMKT_MAX_TIME must be a number of seconds from 0.1 to 604800\n');
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('a stale .name.<pid>.<hex>.tmp of a dead process is swept by the next export; others are left alone', async () => {
    const server = await startFaultServer([ok()]);
    const dir = makeTempDir('stale');
    // A pid that surely belongs to no process: one that has just exited.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('close', resolve));
    const stale = `.out.csv.${dead.pid}.0123456789ab.tmp`;
    const fresh = `.out.csv.${dead.pid}.ba9876543210.tmp`;
    const live = `.out.csv.${process.pid}.aaaaaaaaaaaa.tmp`;
    const foreign = `.other.csv.${dead.pid}.0123456789ab.tmp`;
    for (const f of [stale, fresh, live, foreign]) writeFileSync(join(dir, f), 'partial');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const f of [stale, live, foreign]) utimesSync(join(dir, f), hourAgo, hourAgo);
    try {
      const r = await runCli(['memory', '-o', join(dir, 'out.csv')], {
        env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: CANARY_KEY },
        files: [dir],
      });
      expect(r.code).toBe(0);
      // Gone: old, of a dead process, for this target. Kept: too recent, of a live process, of another file.
      expect(readdirSync(dir).sort()).toEqual([fresh, foreign, live, 'out.csv'].sort());
    } finally {
      await server.close();
    }
  });
});
