/**
 * Runs the built `gpumkt` binary as a user would (a child process), and checks every captured byte
 * for the canary keys in every encoding: no test may ever see a key in stdout, stderr, a written file,
 * or the process's command line (what `ps` shows to every user of the machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/commands/program.js';
import { COMMANDS } from '../../src/commands/all.js';
import { runInProcess } from './main.js';
import { makeTempDir, removeTempDir, tempEnv } from './temp.js';

/** The binary under test. */
export const BIN = resolve(import.meta.dirname, '../../bin/gpumkt.cjs');

/** A key that must never be printed: every run's output is searched for it. */
export const CANARY_KEY = 'canary-KEY-7f3e9a1b-never-print-me';

/** A key whose percent-encoding and base64 differ from it (`+ / = & ? #`): searched for in every form too. */
export const CANARY_KEY_SPECIAL = 'canary+KEY/7f3e=9a1b&never?print#me';

/**
 * Every form of a key a leak could take: as is, percent-encoded (either hex case), base64, base64url
 * (with and without padding). Written here independently of src/api/errors.ts on purpose.
 */
export function canaryForms(key: string): string[] {
  const pct = encodeURIComponent(key);
  const b64 = Buffer.from(key).toString('base64');
  return [
    ...new Set([
      key,
      pct,
      pct.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      b64,
      b64.replace(/=+$/, ''),
      Buffer.from(key).toString('base64url'),
    ]),
  ];
}

const CANARY_FORMS = [...canaryForms(CANARY_KEY), ...canaryForms(CANARY_KEY_SPECIAL)];

/** A pinned "today" so runs are reproducible. */
export const TODAY = '2026-11-20';

/** The rows of an ndjson output, one JSON object a line. */
export function ndjsonRows(text: string): Array<Record<string, unknown>> {
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The program as built, to read its declarations (commands, options, help); it is never run. */
export function declaredProgram(): Command {
  return buildProgram(
    {
      io: {},
      env: {},
      signal: new AbortController().signal,
      log: {},
      globals: () => ({}),
      onCleanup: () => undefined,
      now: () => new Date(),
      today: () => TODAY,
    } as never,
    COMMANDS,
  );
}

/** What a run produced. */
export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  /** How many times /proc/<pid>/cmdline was read while the process ran (0 where there is no /proc). */
  readonly cmdlineReads?: number;
}

/** Options of one run. */
export interface RunOptions {
  readonly env?: Record<string, string | undefined>;
  readonly input?: string;
  readonly cwd?: string;
  readonly timeoutMs?: number;
  /** Files or folders to search for the canary afterwards (written output; not HOME: the config file holds the key by design). */
  readonly files?: readonly string[];
  /** Called once the process runs, e.g. to send it a signal mid-request. */
  readonly onSpawn?: (child: ChildProcess) => void;
  /** Run under this umask (via /bin/sh), e.g. 0 to prove files are private anyway. */
  readonly umask?: number;
  /** Run under `ulimit -f` of this many 512-byte blocks (via /bin/sh): writes past it fail, as on a full disk. */
  readonly fileSizeLimit?: number;
  /** Run as this user and group (needs root), e.g. to meet another user's private files. */
  readonly user?: { readonly uid: number; readonly gid: number };
  /** Run this copy of bin/gpumkt.cjs instead of the checkout's (e.g. one another user can read). */
  readonly bin?: string;
  /** Start a real process even when nothing else asks for one (exit status, stderr of Node itself, /proc). */
  readonly spawn?: boolean;
}

/** True when only a real process can show what the run needs; GPUMKT_TEST_SPAWN=1 spawns every run. */
function needsProcess(opts: RunOptions): boolean {
  return (
    opts.spawn === true ||
    opts.onSpawn !== undefined ||
    opts.umask !== undefined ||
    opts.fileSizeLimit !== undefined ||
    opts.user !== undefined ||
    opts.cwd !== undefined ||
    opts.timeoutMs !== undefined ||
    process.env.GPUMKT_TEST_SPAWN === '1'
  );
}

/** A fresh HOME with no config, so no developer's real config leaks into a test (removed when the test file ends). */
export function isolatedHome(): string {
  return makeTempDir('home');
}

/** Spawns `gpumkt args…` and resolves with its exit code and output; fails the test if the canary leaks. */
export function runCli(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  const home = isolatedHome();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...tempEnv(),
    HOME: home,
    GPUMKT_CONFIG: join(home, 'none.json'),
    GPUMKT_TODAY: TODAY,
  };
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const started = Date.now();
  if (!needsProcess(opts)) return inProcess(args, env, opts, started).finally(() => removeTempDir(home));
  return new Promise((resolvePromise, reject) => {
    const argv = [process.execPath, opts.bin ?? BIN, ...args];
    const shell = [
      ...(opts.umask === undefined ? [] : [`umask ${opts.umask.toString(8).padStart(3, '0')}`]),
      ...(opts.fileSizeLimit === undefined ? [] : [`ulimit -f ${opts.fileSizeLimit}`]),
    ];
    const spawnOpts = { env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] as ['pipe', 'pipe', 'pipe'], ...opts.user };
    const child =
      shell.length === 0
        ? spawn(argv[0] as string, argv.slice(1), spawnOpts)
        : spawn('/bin/sh', ['-c', `${shell.join(' && ')} && exec "$@"`, 'sh', ...argv], spawnOpts);
    // What `ps` shows: read it while the process runs, as another user of the machine could. A test
    // that passes the key as an argument on purpose (to see it refused) is exempt: argv is the caller's.
    const checkCmdline = !args.some((a) => CANARY_FORMS.some((f) => a.includes(f)));
    let cmdlineReads = 0;
    let cmdlineLeak = false;
    const cmdlinePath = `/proc/${child.pid}/cmdline`;
    const readCmdline = () => {
      if (!checkCmdline) return;
      try {
        const cmdline = readFileSync(cmdlinePath, 'utf8');
        cmdlineReads += 1;
        if (CANARY_FORMS.some((f) => cmdline.includes(f))) cmdlineLeak = true;
      } catch {
        // The process has just ended (ENOENT/ESRCH): nothing left to read.
      }
    };
    const poll = existsSync('/proc/self/cmdline') ? setInterval(readCmdline, 20) : undefined;
    readCmdline();
    opts.onSpawn?.(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (poll !== undefined) clearInterval(poll);
      // This run's HOME: nobody else holds its path, so it goes now rather than at the end of the file.
      removeTempDir(home);
      const result = {
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: Date.now() - started,
        cmdlineReads,
      };
      try {
        assertNoCanary(result.stdout, 'stdout');
        assertNoCanary(result.stderr, 'stderr');
        expect(cmdlineLeak, 'the API key appeared in the command line (/proc/<pid>/cmdline)').toBe(false);
        for (const f of opts.files ?? []) assertNoCanaryInFiles(f);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      resolvePromise(result);
    });
    // A run that never reads stdin (a usage error, say) may be gone before this write lands: EPIPE
    // then is the test's late write, not the CLI's doing; the exit code and output still tell.
    child.stdin.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') reject(e);
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** A run through main() in this process, checked for the canary like a spawned one. */
async function inProcess(args: readonly string[], env: Record<string, string>, opts: RunOptions, started: number): Promise<RunResult> {
  const r = await runInProcess(args, env, opts.input);
  assertNoCanary(r.stdout, 'stdout');
  assertNoCanary(r.stderr, 'stderr');
  for (const f of opts.files ?? []) assertNoCanaryInFiles(f);
  return { code: r.code, signal: null, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}

/** Fails when `text` contains either canary key in any of its forms (plain, percent-encoded, base64). */
export function assertNoCanary(text: string, where: string): void {
  const leaked = CANARY_FORMS.filter((f) => text.includes(f));
  expect(leaked, `the API key appeared in ${where}`).toEqual([]);
}

/** Fails when the file `dir`, or any file below the folder `dir`, contains the canary key. */
export function assertNoCanaryInFiles(dir: string): void {
  if (!existsSync(dir)) return;
  const st = statSync(dir);
  if (!st.isDirectory()) {
    if (st.isFile()) assertNoCanary(readFileSync(dir, 'utf8'), dir);
    return;
  }
  for (const name of readdirSync(dir)) assertNoCanaryInFiles(join(dir, name));
}

/**
 * Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of strings. Written apart
 * from src/append/records.ts on purpose: tests read the CLI's output with an independent parser.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
