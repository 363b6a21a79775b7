/**
 * Runs the CLI in-process through main(argv, {io, env}): the same code as the binary, without a
 * process per case, for checks that need no real process (bad input, exit codes, messages). Every
 * run's output is searched for the canary keys in every form, as runCli does.
 */
import { rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { assertNoCanary, isolatedHome, TODAY } from './cli.js';

/** What an in-process run produced. */
export interface MainResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `gpumkt args…` in-process with a fresh HOME, no config file and "today" pinned, plus `env`. */
export async function runMain(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<MainResult> {
  const home = isolatedHome();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdout = new PassThrough().on('data', (b: Buffer) => out.push(b));
  const stderr = new PassThrough().on('data', (b: Buffer) => err.push(b));
  let code: number;
  try {
    code = await main(args, {
      io: { stdout, stderr, stdin: new PassThrough(), stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80 },
      env: { HOME: home, GPUMKT_CONFIG: join(home, 'none.json'), GPUMKT_TODAY: TODAY, ...env },
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const r = { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  assertNoCanary(r.stdout, 'stdout');
  assertNoCanary(r.stderr, 'stderr');
  return r;
}
