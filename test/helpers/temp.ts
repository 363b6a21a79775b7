/**
 * Temporary folders for tests. os.tmpdir() is, during a run, the run's own folder that
 * test/setup/global-setup.ts creates (it sets TMPDIR before any worker starts) and checks empty at the
 * end; every folder made here is removed when the test file that made it ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** The prefix of every folder tests create, so a stray one is easy to trace back to this suite. */
export const TEMP_PREFIX = 'gpumkt-test-';

const made: string[] = [];

// Registered once per test file (each file imports its own copy of this module): removes what the
// file's tests made, after the file's own hooks have used it.
afterAll(() => {
  for (const dir of made.splice(0)) removeTempDir(dir);
});

/**
 * A fresh empty folder named gpumkt-test-<label>-XXXXXX, removed when the current test file ends. Call
 * it in a test or a hook, not at import: a file whose tests are all skipped runs no hooks, so a folder
 * made at import would stay (and the end-of-run check would name it).
 */
export function makeTempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${label}-`));
  made.push(dir);
  return dir;
}

/** Removes a folder made by makeTempDir now (e.g. a run's HOME once the run is over); harmless if gone. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** TMPDIR for a child process, so whatever it puts in a temp folder lands in the run's checked folder. */
export function tempEnv(): { TMPDIR: string } {
  return { TMPDIR: tmpdir() };
}
