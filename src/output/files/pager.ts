/**
 * The pager: output longer than the screen goes through GPUMKT_PAGER, else PAGER, else `less -FRX`,
 * as git does. Only at a terminal; quitting it early is not an error (its closed pipe ends the write).
 */
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { stdoutSink, type Sink } from './sink.js';
import { notExecutable } from '../../store/paths.js';

/** True when `name` is an executable file in one of PATH's folders. */
function onPath(name: string, path: string | undefined): boolean {
  return (path ?? '').split(delimiter).some((dir) => {
    return notExecutable(join(dir || '.', name)) === undefined;
  });
}

/**
 * The pager command line, or undefined when paging is switched off (an empty value or `cat`) or the
 * default pager is not installed (slim images have no less: the output then goes straight out).
 */
export function pagerCommand(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const chosen = env.GPUMKT_PAGER ?? env.PAGER;
  if (chosen === undefined) return onPath('less', env.PATH) ? 'less -FRX' : undefined;
  const c = chosen.trim();
  return c === '' || c === 'cat' ? undefined : c;
}

// Words a shell runs itself: the program to check is not the first word then.
const SHELL_WORDS = new Set(['exec', 'command', 'builtin', 'eval', 'env', 'nice', 'nohup', '.', 'sh', 'bash']);

/**
 * Why the pager `command` cannot start (its program is not found or not executable), or undefined when
 * it can, or when that cannot be told without running it (shell syntax, a variable assignment).
 */
export function pagerMissing(command: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const first = command.trim().split(/\s+/)[0] ?? '';
  if (first === '' || SHELL_WORDS.has(first) || /[=$`'"\\|&;<>(){}*?[\]~]/.test(first)) return undefined;
  if (first.includes('/')) {
    const code = notExecutable(first);
    return code === undefined ? undefined : code === 'ENOENT' ? 'no such file' : 'not executable';
  }
  return onPath(first, env.PATH) ? undefined : 'not found on PATH';
}

/** A sink into `command` run by the shell on this terminal; end() waits until the pager is closed. */
export function pagerSink(command: string, env: Readonly<Record<string, string | undefined>>): Sink {
  // less needs -R for colour and -F to quit on short output: give it those unless LESS says otherwise.
  const child = spawn(command, {
    shell: true,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' },
  });
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  const pipe = child.stdin;
  const inner = stdoutSink(pipe);
  const finish = async (): Promise<void> => {
    pipe.end();
    await exited;
  };
  return {
    get closed() {
      return inner.closed;
    },
    write: (chunk) => inner.write(chunk),
    async end() {
      await inner.end();
      await finish();
    },
    async abort() {
      await inner.abort();
      await finish();
    },
  };
}

/**
 * Holds output back until it is longer than `height` lines: then it opens the pager (`open`) and goes
 * there; shorter output goes to `direct` at the end, so short tables never start a pager.
 */
export function pagedSink(direct: Sink, height: number, open: () => Sink): Sink {
  let held: string[] = [];
  let lines = 0;
  let target: Sink | undefined;
  const count = (chunk: string | Uint8Array): number => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  return {
    get closed() {
      return target?.closed ?? false;
    },
    write(chunk) {
      if (target) return target.write(chunk);
      held.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      lines += count(chunk);
      if (lines < height) return;
      target = open();
      const text = held.join('');
      held = [];
      return target.write(text);
    },
    async end() {
      if (!target) {
        target = direct;
        if (held.length > 0) await direct.write(held.join(''));
      }
      await target.end();
    },
    async abort() {
      await (target ?? direct).abort();
    },
  };
}
