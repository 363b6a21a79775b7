/**
 * Prints, after vitest's own summary, what the run could not check and what it left behind:
 * - the optional programs that were missing (from the meta that needs() puts on each test) and the
 *   command that installs them, so the last line of `npm test` says what was not run and why;
 * - entries left in the run's temp folder (test/setup/global-setup.ts): a warning, and under CI a
 *   failure, because a run of the suite must leave the temp folder as it found it.
 */
import { readdirSync } from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { installCommand, isCI, PROGRAM_NAMES, type Program } from '../helpers/programs.js';
import { RUN_TMPDIR_VAR } from './global-setup.js';

/** Node's own compile cache of the built CLI (bin/gpumkt.cjs enables it on Node ≥ 22.1): expected, removed with the folder. */
const EXPECTED = new Set(['node-compile-cache']);

/** The end-of-run report of missing programs and leftover temp entries. */
export default class PrerequisitesReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const ci = isCI();
    const leftovers = this.leftovers();
    if (leftovers.length > 0) {
      const shown = leftovers.slice(0, 10).join(', ') + (leftovers.length > 10 ? `, … (${leftovers.length} in all)` : '');
      this.error(
        `${ci ? 'error' : 'warning'}: tests left ${leftovers.length} ${leftovers.length === 1 ? 'entry' : 'entries'} in the temp folder: ${shown}. Make temp folders with makeTempDir() (test/helpers/temp.ts) and pass tempEnv() to programs the tests start.`,
      );
      if (ci) process.exitCode = 1;
    }
    const line = this.programsLine(modules, ci);
    if (line) this.log(line);
  }

  /** Entries of the run's temp folder that no test removed. */
  private leftovers(): string[] {
    const root = process.env[RUN_TMPDIR_VAR];
    if (!root) return [];
    try {
      return readdirSync(root)
        .filter((name) => !EXPECTED.has(name))
        .sort();
    } catch {
      return [];
    }
  }

  /** One line naming the missing programs, how many tests they kept from running, and how to install them. */
  private programsLine(modules: ReadonlyArray<TestModule>, ci: boolean): string | undefined {
    const needed = new Set<Program>();
    let count = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const missing = test.meta().missing ?? [];
        // Outside CI needs() skipped these (or a name filter did; either way they did not run).
        if (missing.length === 0 || (!ci && test.result().state !== 'skipped')) continue;
        count += 1;
        for (const p of missing) needed.add(p);
      }
    }
    if (count === 0) return undefined;
    const programs = PROGRAM_NAMES.filter((p) => needed.has(p));
    const tests = `${count} test${count === 1 ? '' : 's'}`;
    return ci
      ? `not installed: ${programs.join(', ')}; the ${tests} that need them failed; install: ${installCommand(programs)}`
      : `not checked: ${tests} that need ${programs.join(', ')} (not installed); to run them: ${installCommand(programs)}`;
  }

  private log(text: string): void {
    if (this.vitest) this.vitest.logger.log(text);
    else process.stdout.write(`${text}\n`);
  }

  private error(text: string): void {
    if (this.vitest) this.vitest.logger.error(text);
    else process.stderr.write(`${text}\n`);
  }
}
