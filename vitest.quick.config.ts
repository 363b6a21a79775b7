/**
 * The quick tier (`npm run test:quick`): the unit, sandbox and in-process tests, for the inner loop.
 * It leaves out every test file that starts a process — the built binary (spawned runs, signals,
 * pipes, exit codes), tmux, shells and the completion shells, the build and the generators — told
 * from the file's own text, so a new test lands in the right tier by itself. `npm test` still runs
 * everything (vitest.config.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** What a test file that starts a process says: runCli options that spawn, child_process calls, the binary, tmux, needs(program). */
const STARTS_A_PROCESS =
  /\b(spawn|spawnSync|exec|execSync|execFile|execFileSync|runInTerminal|needs|runBuilt)\(|\bspawn: true|\bonSpawn\b|\bumask:|\bfileSizeLimit:|\btimeoutMs:|\bcwd:|\buser: \{|\bBIN\b|\btmux\b|child_process|scripts\/build/;

/**
 * In-process, but minutes long on a loaded machine: the lake over many days (sync, its pacer),
 * every documented response shape, the validators' property runs, cross-family agreement and the
 * append property. `npm test` runs them.
 */
const LONG = new Set([
  'test/e2e/sync.test.ts',
  'test/e2e/sync-pacer.test.ts',
  'test/e2e/docs-shapes.test.ts',
  'test/unit/api/validate.test.ts',
  'test/e2e/cross-dataset-agreement.test.ts',
  'test/e2e/append-property.test.ts',
]);

/** Every test file under `dir`, relative to the project. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

const quick = ['test/unit', 'test/sandbox', 'test/e2e']
  .flatMap(testFiles)
  .filter((f) => !LONG.has(f) && !STARTS_A_PROCESS.test(readFileSync(f, 'utf8')))
  .sort();

// The whole suite's settings, with this list in place of its include (merging would add the two lists).
export default defineConfig({ ...base, test: { ...base.test, include: quick } });
