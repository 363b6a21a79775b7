/**
 * Once per run, before any worker starts: the run gets a temp folder of its own, and the optional
 * programs (test/helpers/programs.ts) are probed once for all test files.
 *
 * Why a folder of its own rather than comparing the shared temp folder before and after: other
 * processes (other test runs on the same machine, anything else) create and delete entries there all
 * the time, so a before/after diff of /tmp is noisy, and entries of this suite would need one naming
 * pattern that nothing else uses. With TMPDIR pointing here, os.tmpdir() in the workers, and every
 * program the tests start with TMPDIR passed on (test/helpers/temp.ts tempEnv()), write here; whatever
 * is left at the end was left by this run. test/setup/prerequisites-reporter.ts reports it (a failure
 * under CI), and the teardown removes the folder in any case.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { probeMissing } from '../helpers/programs.js';

/** Where the reporter finds the run's temp folder (the main process's environment; workers inherit it too). */
export const RUN_TMPDIR_VAR = 'GPUMKT_TEST_RUN_TMPDIR';

/** Creates the run's temp folder and probes the programs; the returned teardown removes the folder. */
export default function setup(project: TestProject): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'gpumkt-test-run-'));
  process.env.TMPDIR = root;
  process.env[RUN_TMPDIR_VAR] = root;
  project.provide('missingPrograms', probeMissing());
  const remove = (): void => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  // An interrupted run (Ctrl-C, SIGTERM) skips the teardown, but vitest ends it with process.exit().
  process.once('exit', remove);
  return () => {
    process.off('exit', remove);
    remove();
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env[RUN_TMPDIR_VAR];
  };
}
