/**
 * The set-up the e2e tests of one dataset family share: the sandbox (canary key, pinned day), a
 * Parquet reader, a scratch folder, the CLI run against the sandbox, and the service's own answer
 * to compare with. Call at the top of the test file.
 */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, type RunResult } from './cli.js';
import { useParquetReader, type ParquetReader } from './duckdb.js';
import { sandboxEnv, useSandbox, type TestSandbox } from './sandbox.js';
import { makeTempDir, removeTempDir } from './temp.js';

/** What a family's test file works with. */
export interface FamilyFixture {
  /** The file's sandbox; read `.current` inside tests. */
  readonly sb: { current: TestSandbox };
  readonly reader: ParquetReader;
  /** The scratch folder (made before the file's tests, removed after them). */
  readonly dir: string;
  /** Runs the CLI in-process against the sandbox with the canary key; `env` adds or removes (undefined) variables. */
  readonly run: (args: readonly string[], env?: Record<string, string | undefined>) => Promise<RunResult>;
  /** The service's JSON answer to GET `path` (with its query) with the canary key. */
  readonly api: <T>(path: string) => Promise<T>;
  /** The environment that points a CLI process (a terminal test) at the sandbox with the canary key. */
  readonly env: () => Record<string, string>;
}

/** Sets up the file's sandbox, Parquet reader and scratch folder (`label` names the folder). */
export function useFamily(label: string): FamilyFixture {
  const sb = useSandbox();
  const reader = useParquetReader();
  let dir: string | undefined;
  beforeAll(() => {
    dir = makeTempDir(label);
  });
  afterAll(() => {
    if (dir !== undefined) removeTempDir(dir);
  });
  return {
    sb,
    reader,
    get dir(): string {
      if (dir === undefined) throw new Error('useFamily: the scratch folder exists only inside tests');
      return dir;
    },
    env: () => sandboxEnv(sb.current),
    run: (args, env = {}) => runCli(args, { env: { ...sandboxEnv(sb.current), ...env } }),
    api: async <T>(path: string): Promise<T> => {
      const res = await fetch(`${sb.current.url}${path}`, { headers: { authorization: `Bearer ${CANARY_KEY}` } });
      return (await res.json()) as T;
    },
  };
}

/** Runs `use` against a sandbox of its own (other keys or plans), closed afterwards whatever happens. */
export async function withSandbox<T>(opts: SandboxOptions, use: (sandbox: TestSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox(opts);
  try {
    return await use(sandbox);
  } finally {
    await sandbox.close();
  }
}
