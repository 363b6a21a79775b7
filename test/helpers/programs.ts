/**
 * The programs some tests run besides Node and the POSIX basics (sh, coreutils): real shells for the
 * completions, independent readers of our exports, curl and openssl. None is needed to build or use
 * gpumkt, so a developer's machine may lack them: test/setup/global-setup.ts probes them once per run,
 * tests that need one are declared with `needs()` (test/helpers/requires.ts), and the end of the run
 * names what was not checked. Plain data and node: only, so the setup and the reporter can load it too.
 */
import { spawnSync } from 'node:child_process';

/** Each optional program and the Debian/Ubuntu package that provides it. */
export const PROGRAMS = {
  bash: 'bash',
  zsh: 'zsh',
  fish: 'fish',
  shellcheck: 'shellcheck',
  mlr: 'miller',
  python3: 'python3',
  curl: 'curl',
  openssl: 'openssl',
  tmux: 'tmux',
  less: 'less',
  man: 'man-db',
  groff: 'groff-base',
  pandas: 'python3-pandas',
} as const;

/** A program some tests need. */
export type Program = keyof typeof PROGRAMS;

// What the global setup hands the workers, and what a test records for the reporter (types only).
declare module 'vitest' {
  interface ProvidedContext {
    /** The optional programs not on PATH, probed once per run by test/setup/global-setup.ts. */
    missingPrograms: Program[];
  }
  interface TaskMeta {
    /** Programs this test needs (set by needs() in test/helpers/requires.ts). */
    needs?: Program[];
    /** Those of them that are not installed. */
    missing?: Program[];
  }
}

/** All of them, in a stable order. */
export const PROGRAM_NAMES = Object.keys(PROGRAMS) as Program[];

/**
 * The entries of PROGRAMS that are Python modules, not commands: present when a python of PYTHONS can
 * import them (pythonWith() finds which). A python from pyenv or a venv on PATH may lack Debian's
 * modules while the system's python has them, so both are tried.
 */
export const PYTHON_MODULES: ReadonlySet<Program> = new Set<Program>(['pandas']);

/** The pythons tried, in order: the one on PATH, then the system's. .ci/run tries the same two. */
export const PYTHONS = ['python3', '/usr/bin/python3'] as const;

/** The first python of `pythons` (found on `path`) that can `import module`, or undefined. */
export function pythonWith(module: string, path = process.env.PATH ?? '', pythons: readonly string[] = PYTHONS): string | undefined {
  for (const python of pythons) {
    const r = spawnSync(python, ['-c', `import ${module}`], { env: { ...process.env, PATH: path }, stdio: 'ignore', timeout: 60_000 });
    if (!r.error && r.status === 0) return python;
  }
  return undefined;
}

/**
 * The programs of `names` that are not there: the commands `command -v` does not find on `path` (one
 * /bin/sh for all of them), the Python modules no python of `pythons` imports.
 */
export function probeMissing(
  names: readonly Program[] = PROGRAM_NAMES,
  path = process.env.PATH ?? '',
  pythons: readonly string[] = PYTHONS,
): Program[] {
  const commands = names.filter((p) => !PYTHON_MODULES.has(p));
  const r = spawnSync('/bin/sh', ['-c', 'for p; do command -v "$p" >/dev/null 2>&1 || echo "$p"; done', 'sh', ...commands], {
    encoding: 'utf8',
    env: { PATH: path },
  });
  if (r.error || r.status !== 0) throw new Error(`cannot probe for ${commands.join(', ')}: ${r.error?.message ?? r.stderr}`);
  const missing = new Set(r.stdout.split('\n'));
  return names.filter((p) => (PYTHON_MODULES.has(p) ? pythonWith(p, path, pythons) === undefined : missing.has(p)));
}

/** The command that installs these programs, e.g. `apt-get install zsh miller`. */
export function installCommand(programs: readonly Program[]): string {
  return `apt-get install ${[...new Set(programs.map((p) => PROGRAMS[p]))].join(' ')}`;
}

/** True under CI (`CI=true`, as CI services set it): there a missing program fails its tests instead of skipping them. */
export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}
