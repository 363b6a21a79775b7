/** Starts the sandbox for a test file with the canary key valid and "today" pinned. */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, TODAY } from './cli.js';

/** A running sandbox, its URL and the requests it received. */
export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Starts one sandbox before the file's tests and stops it after; read `.current` inside tests. */
export function useSandbox(): { current: TestSandbox } {
  const holder = {} as { current: TestSandbox };
  beforeAll(async () => {
    holder.current = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] } });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** The environment that points the CLI at a test sandbox with the canary key. */
export function sandboxEnv(sb: TestSandbox): Record<string, string> {
  return { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY };
}
