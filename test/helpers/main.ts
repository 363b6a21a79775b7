/**
 * Runs the CLI in-process through `main(argv, {io, env})`: the same code path as the binary after
 * argv parsing, without starting a Node process per run. runCli uses it unless a test needs what only
 * a real process shows (signals, a umask, a working folder, a hard kill, the command line in /proc).
 */
import { Readable, Writable } from 'node:stream';
import { main } from '../../src/cli.js';

/** The exit code and captured output of one in-process run. */
export interface InProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A Writable that keeps every byte written to it. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * Runs `gpumkt args…` in this process with `env` as its whole environment and `input` on stdin; with
 * `terminal`, stdin, stdout and stderr are a terminal that wide (its height unknown, so no pager).
 */
export async function runInProcess(
  args: readonly string[],
  env: Record<string, string>,
  input = '',
  terminal?: { readonly columns: number },
): Promise<InProcessResult> {
  const out = capture();
  const err = capture();
  const stdin = Readable.from(input === '' ? [] : [Buffer.from(input)]);
  const code = await main(args, {
    env,
    io: {
      stdout: out.stream,
      stderr: err.stream,
      stdin,
      stdoutIsTTY: terminal !== undefined,
      stderrIsTTY: terminal !== undefined,
      stdinIsTTY: terminal !== undefined,
      columns: terminal?.columns ?? 80,
    },
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** What runMain returns. */
export interface MainResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `gpumkt args…` in-process with a fresh HOME, no config file and "today" pinned, plus `env` (runCli's defaults, checked for the canary keys). */
export async function runMain(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<MainResult> {
  // Loaded here, not at the top: cli.ts imports this module for its in-process runs.
  const { runCli } = await import('./cli.js');
  const r = await runCli(args, { env });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}
