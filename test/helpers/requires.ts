/**
 * Declares what a test or a block of tests needs besides Node:
 *   describe('zsh completion', needs('zsh'), () => { … })
 *   it('reads the export back with Miller', needs('mlr'), async () => { … })
 * On a developer's machine without the program those tests are reported as not run (a prerequisite,
 * not a test left behind), and the run ends naming the program and how to install it
 * (test/setup/prerequisites-reporter.ts). Under CI they run and fail at once, naming the program
 * (test/setup/fail-missing.ts): CI always checks everything.
 */
import { inject, type TestOptions } from 'vitest';
import { isCI, probeMissing, type Program } from './programs.js';

let missingHere: readonly Program[] | undefined;

/** The programs this run lacks: the global setup's probe (or one probe here if it did not run, e.g. another config). */
function missingPrograms(): readonly Program[] {
  missingHere ??= inject('missingPrograms') ?? probeMissing();
  return missingHere;
}

/** Test options for tests that run these programs: skipped when one is missing, except under CI. */
export function needs(...programs: Program[]): TestOptions {
  const absent = missingPrograms();
  const missing = programs.filter((p) => absent.includes(p));
  return { skip: missing.length > 0 && !isCI(), meta: { needs: programs, missing } };
}
