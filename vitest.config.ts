import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn the built binary; two cores here, so keep the fan-out modest.
    maxWorkers: 2,
    // The run's own temp folder and one probe of the optional programs (shells, mlr, curl, …).
    globalSetup: ['test/setup/global-setup.ts'],
    // Under CI a test that needs a missing program fails at once, naming it.
    setupFiles: ['test/setup/fail-missing.ts'],
    // After vitest's summary: what was not checked (and how to install it), and temp files left behind.
    reporters: ['default', './test/setup/prerequisites-reporter.ts'],
  },
});
