// Runs one command as a child process and measures it: wall time (spawn to exit, from this process),
// time to the first byte of stdout, bytes written, peak RSS (GNU time's %M, the wait4 maxrss of
// the child and, for a pipeline, of its largest process) and CPU time (%U + %S, user and system).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIME = '/usr/bin/time';
/** True when GNU time is there to report peak RSS. */
export const HAS_TIME = existsSync(TIME);
const scratch = mkdtempSync(join(tmpdir(), 'gpumkt-bench-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/**
 * Runs `argv` (an array, or a shell string for pipelines) once. Resolves to
 * { ms, firstByteMs, bytes, rssKiB, cpuMs, code, sha, stdout }; `hash` also hashes stdout, `keep` keeps it.
 */
export function runOnce(argv, { env, hash = false, keep = false } = {}) {
  const cmd = typeof argv === 'string' ? ['sh', '-c', argv] : argv;
  const timeFile = join(scratch, 'time.txt');
  const full = HAS_TIME ? [TIME, '-f', '%M %U %S', '-o', timeFile, ...cmd] : cmd;
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(full[0], full.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let firstByteMs;
    let bytes = 0;
    const sha = hash ? createHash('sha256') : undefined;
    const err = [];
    const out = [];
    child.stdout.on('data', (b) => {
      if (keep) out.push(b);
      if (firstByteMs === undefined) firstByteMs = Number(process.hrtime.bigint() - t0) / 1e6;
      bytes += b.length;
      sha?.update(b);
    });
    child.stderr.on('data', (b) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let rssKiB;
      let cpuMs;
      if (HAS_TIME) {
        const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
        const [rss, user, sys] = lines[lines.length - 1].split(' ').map(Number);
        rssKiB = rss;
        cpuMs = (user + sys) * 1000;
      }
      const stderr = Buffer.concat(err).toString('utf8');
      if (code !== 0) return reject(new Error(`${cmd.join(' ')} exited ${code}: ${stderr.trim().slice(0, 500)}`));
      const stdout = keep ? Buffer.concat(out).toString('utf8') : undefined;
      resolve({ ms, firstByteMs, bytes, rssKiB, cpuMs, code, sha: sha?.digest('hex'), stderr, stdout });
    });
  });
}

/** The median of numbers. */
export function median(xs) {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs every case once as a warm-up, then `reps` rounds in which each case runs once, in turn (so a
 * load change on the machine hits all cases alike). Resolves to { [name]: summary }.
 */
export async function measureGroup(cases, reps, onRound) {
  const samples = Object.fromEntries(cases.map((c) => [c.name, []]));
  // `before`, when a case has one, runs before each of its runs (an append's file put back), untimed.
  for (const c of cases) {
    c.before?.();
    await runOnce(c.argv, { env: c.env });
  }
  for (let r = 0; r < reps; r++) {
    for (const c of cases) {
      c.before?.();
      samples[c.name].push(await runOnce(c.argv, { env: c.env }));
    }
    onRound?.(r + 1);
  }
  return Object.fromEntries(
    cases.map((c) => {
      const s = samples[c.name];
      return [
        c.name,
        {
          ms: median(s.map((x) => x.ms)),
          firstByteMs: median(s.map((x) => x.firstByteMs)),
          rssKiB: median(s.map((x) => x.rssKiB)),
          cpuMs: median(s.map((x) => x.cpuMs)),
          maxRssKiB: Math.max(...s.map((x) => x.rssKiB ?? 0)),
          bytes: s[0]?.bytes,
          runs: s.length,
        },
      ];
    }),
  );
}
