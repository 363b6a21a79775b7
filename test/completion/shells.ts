/**
 * Drives the committed completion scripts in the real shells: bash through COMP_WORDS and the function
 * `complete -p gpumkt` names, zsh through a pseudo-terminal (zsh-capture.zsh), fish through `complete -C`.
 * Every run puts a fake `gpumkt` first on PATH that leaves a mark when started: completion must never run it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { makeTempDir, tempEnv } from '../helpers/temp.js';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** The committed scripts, by shell. */
export const SCRIPTS = {
  bash: join(ROOT, 'completions', 'gpumkt.bash'),
  zsh: join(ROOT, 'completions', '_gpumkt'),
  fish: join(ROOT, 'completions', 'gpumkt.fish'),
} as const;

interface Sandbox {
  readonly dir: string;
  readonly bin: string;
  readonly marker: string;
}
let made: Sandbox | undefined;

/**
 * The folder for HOME, config files and the fake gpumkt, made on first use: a file whose tests are all
 * skipped (its shell not installed) runs no hooks, so a folder made at import would never be removed.
 */
function sandbox(): Sandbox {
  if (made) return made;
  const dir = makeTempDir('completion');
  const bin = join(dir, 'bin');
  // Created by the fake gpumkt if anything starts it.
  const marker = join(dir, 'gpumkt-was-run');
  mkdirSync(bin);
  mkdirSync(join(dir, 'home'));
  writeFileSync(join(bin, 'gpumkt'), `#!/bin/sh\necho "$@" >> '${marker}'\n`);
  chmodSync(join(bin, 'gpumkt'), 0o755);
  made = { dir, bin, marker };
  return made;
}

/** A clean environment: isolated HOME with no config, the fake gpumkt first on PATH, plus `extra`. */
export function shellEnv(extra: Record<string, string> = {}): Record<string, string> {
  const { dir, bin } = sandbox();
  return { PATH: `${bin}:${process.env.PATH ?? ''}`, ...tempEnv(), HOME: join(dir, 'home'), TERM: 'dumb', LANG: 'C.UTF-8', ...extra };
}

/** True when the fake gpumkt was started by some completion. */
export function gpumktWasRun(): boolean {
  return made !== undefined && existsSync(made.marker);
}

/** Writes a config file with these profiles (and a defaultProfile) and returns its path. */
export function writeConfig(name: string, profiles: readonly string[]): string {
  const path = join(sandbox().dir, name);
  const body = {
    defaultProfile: profiles[0],
    profiles: Object.fromEntries(profiles.map((p) => [p, { 'base-url': 'http://127.0.0.1:1/{"profiles":{"nope":1}}', timeout: 5 }])),
  };
  writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`);
  return path;
}

/** Runs a program and returns its exit status and output. */
export function run(
  cmd: string,
  args: readonly string[],
  env: Record<string, string>,
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', timeout: 20_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const BASH_DRIVER = `
source "$1" || exit 90
shift
spec=$(complete -p gpumkt) || exit 91
fn=\${spec##*-F }; fn=\${fn%% *}
COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=\${#COMP_LINE}
COMPREPLY=()
"$fn" gpumkt "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
for r in "\${COMPREPLY[@]}"; do
  n=$( (eval "set -- $r" && printf '%s\\t%s' "$#" "$1") 2>/dev/null )
  printf '%s\\t%s\\n' "$r" "$n"
done
`;

/** One bash reply: the text bash inserts, and the words the shell reads back from it (when unquoted). */
export interface BashReply {
  readonly text: string;
  readonly argc: number;
  readonly first: string;
}

/** Completes in bash: `words` as typed (quoting kept), the last one being the word at the cursor. */
export function bashComplete(words: readonly string[], env: Record<string, string> = shellEnv()): BashReply[] {
  const r = run('bash', ['--norc', '--noprofile', '-c', BASH_DRIVER, 'bash', SCRIPTS.bash, 'gpumkt', ...words], env);
  expect(r.stderr, 'bash printed errors').toBe('');
  expect(r.code).toBe(0);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [text = '', argc = '0', first = ''] = l.split('\t');
      return { text, argc: Number(argc), first };
    });
}

/** The matches zsh offers for `line` (the cursor at its end), loading _gpumkt from completions/ via $fpath. */
export function zshList(line: string, env: Record<string, string> = shellEnv()): string[] {
  const out = zshCapture('list', line, env);
  return out.filter((l) => l.startsWith('MATCH:')).map((l) => l.slice(6));
}

/** The command line after one Tab in zsh, and its words as zsh parses them (quotes removed). */
export function zshInsert(line: string, env: Record<string, string> = shellEnv()): { buffer: string; words: string[] } {
  const out = zshCapture('insert', line, env);
  return {
    buffer: out.find((l) => l.startsWith('BUFFER:'))?.slice(7) ?? '',
    words: out.filter((l) => l.startsWith('WORD:')).map((l) => l.slice(5)),
  };
}

function zshCapture(mode: 'list' | 'insert', line: string, env: Record<string, string>): string[] {
  const r = run('zsh', ['-f', join(import.meta.dirname, 'zsh-capture.zsh'), join(ROOT, 'completions'), mode, line], env);
  expect(r.code, `zsh capture failed: ${r.stderr}`).toBe(0);
  const lines = r.stdout.split('\n');
  expect(
    lines.filter((l) => /error|not found|parse/i.test(l) && !l.startsWith('MATCH:')),
    'zsh printed errors',
  ).toEqual([]);
  return lines;
}

/** The candidates fish offers for `line` (`complete -C`), without their descriptions. */
export function fishComplete(line: string, env: Record<string, string> = shellEnv()): string[] {
  const r = run('fish', ['--no-config', '-c', 'source $GP_SCRIPT; or exit 90; complete -C $GP_LINE'], {
    ...env,
    GP_SCRIPT: SCRIPTS.fish,
    GP_LINE: line,
  });
  expect(r.stderr, 'fish printed errors').toBe('');
  expect(r.code).toBe(0);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t')[0] ?? '');
}
