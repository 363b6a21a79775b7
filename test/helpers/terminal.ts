/**
 * Runs the built CLI in a real pseudo-terminal of a given size (a private tmux server), the way a
 * person sees it: what the screen shows, with wrapped rows joined back, plus the exit code and stderr.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, isolatedHome, TODAY } from './cli.js';

/** A terminal session running one command line. */
export interface TerminalRun {
  /** What the terminal showed, scroll-back included, each row as printed (wrapped rows joined). */
  screen(): string[];
  /** Sends keys (tmux key names: `q`, `Enter`, `C-c`). */
  keys(...names: string[]): void;
  /** Resolves with the exit code once the command has ended. */
  exit(timeoutMs?: number): Promise<number>;
  /** What the command wrote on stderr (redirected to a file, so the screen holds stdout only, unless stderrOnScreen). */
  stderr(): string;
  /** Stops the tmux server and removes the temporary folder. */
  close(): void;
}

const shq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Starts `gpumkt args…` in a `width`×`height` terminal. `shell` (optional) is appended to the command
 * line, e.g. `| wc -l`. The environment is clean: no PAGER, LESS or COLUMNS from the developer.
 */
export function runInTerminal(opts: {
  width: number;
  height: number;
  args: readonly string[];
  env?: Record<string, string>;
  shell?: string;
  stderrOnScreen?: boolean;
}): TerminalRun {
  const dir = mkdtempSync(join(tmpdir(), 'gpumkt-tty-'));
  const socket = join(dir, 'tmux.sock');
  const conf = join(dir, 'tmux.conf');
  writeFileSync(conf, 'set -g history-limit 50000\nset -g status off\n');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: isolatedHome(),
    GPUMKT_CONFIG: join(dir, 'none.json'),
    GPUMKT_TODAY: TODAY,
    TERM: 'xterm-256color',
    ...opts.env,
  };
  const assignments = Object.entries(env)
    .map(([k, v]) => `${k}=${shq(v)}`)
    .join(' ');
  const cli = [process.execPath, BIN, ...opts.args].map(shq).join(' ');
  const errFile = join(dir, 'stderr');
  const codeFile = join(dir, 'code');
  // env -i: the tmux server's own environment (the test runner's) must not reach the CLI.
  const redirect = opts.stderrOnScreen === true ? '' : `2>${shq(errFile)}`;
  const line = `env -i ${assignments} ${cli} ${redirect} ${opts.shell ?? ''}; echo $? > ${shq(codeFile)}.tmp; mv ${shq(codeFile)}.tmp ${shq(codeFile)}; exec sleep 600`;
  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-S', socket, '-f', conf, ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: env.HOME, TERM: 'xterm-256color' },
    });
  tmux('new-session', '-d', '-x', String(opts.width), '-y', String(opts.height), 'sh', '-c', line);
  return {
    screen: () =>
      tmux('capture-pane', '-p', '-J', '-S', '-', '-E', '-')
        .replace(/\n+$/, '')
        .split('\n')
        .map((l) => l.replace(/ +$/, '')),
    keys: (...names) => void tmux('send-keys', ...names),
    exit: async (timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (!existsSync(codeFile)) {
        if (Date.now() > until) throw new Error(`the command did not end within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return Number(readFileSync(codeFile, 'utf8').trim());
    },
    stderr: () => (existsSync(errFile) ? readFileSync(errFile, 'utf8') : ''),
    close: () => {
      try {
        tmux('kill-server');
      } catch {
        // Already gone.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The number of terminal cells a captured line takes (the table's rule is one cell a character). */
export function cells(line: string): number {
  return [...line].length;
}

/**
 * How the table shows a key cell: a midnight UTC timestamp as its date, one on the hour to the
 * minute, else to the second (written out here independently of src/output/text/display.ts).
 */
export function shown(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.000Z$/.exec(value);
  if (!m) return value;
  if (m[2] === '00' && m[3] === '00' && m[4] === '00') return m[1] as string;
  return m[4] === '00' ? `${m[1]} ${m[2]}:${m[3]}` : `${m[1]} ${m[2]}:${m[3]}:${m[4]}`;
}
