/**
 * Runs in every test file: a test that needs a program this machine lacks only gets this far under CI
 * (elsewhere needs() skips it), and there it fails at once, naming the program and its package,
 * rather than with whatever a missing command happens to produce.
 */
import { beforeEach } from 'vitest';
import { installCommand } from '../helpers/programs.js';

beforeEach(({ task }) => {
  const missing = task.meta.missing ?? [];
  if (missing.length > 0) {
    throw new Error(`not installed: ${missing.join(', ')} (CI runs every test: ${installCommand(missing)}, as .ci/run does)`);
  }
});
