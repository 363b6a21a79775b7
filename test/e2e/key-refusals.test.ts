/**
 * Every refusal for want of a key or of a plan says how to give one: the GPUMKT_API_KEY variable,
 * `gpumkt config set api-key`, and `--sandbox` for the built-in demo data (docs/configuration.md) —
 * the plan-limited windows of the free tier included. Each case exits 3.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { runCli, TODAY } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
import { afterAll, beforeAll } from 'vitest';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox({ today: TODAY });
});
afterAll(async () => {
  await sb.close();
});

const NO_KEY = (): Record<string, string | undefined> => ({ GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: undefined, GPUMKT_TODAY: TODAY });
const PREMIUM = (): Record<string, string | undefined> => ({ ...NO_KEY(), GPUMKT_API_KEY: SANDBOX_PREMIUM_KEY });

/** The three ways the message must name. */
function expectHowToGiveAKey(stderr: string): void {
  expect(stderr).toContain('GPUMKT_API_KEY');
  expect(stderr).toContain("'gpumkt config set api-key'");
  expect(stderr).toContain('--sandbox');
}

describe('refusals for want of a key or a plan say how to give one', () => {
  const lake = (): string => makeTempDir('refusal-lake');
  it.each<[string, () => string[], () => Record<string, string | undefined>]>([
    ['history before the public window', () => ['history', 'h100', '--from', '2026-01-01'], NO_KEY],
    ['hourly history without a key', () => ['history', 'h100', '--granularity', 'hourly'], NO_KEY],
    ['history of the model only a key reads', () => ['history', 'rtx-pro-6000'], NO_KEY],
    ['latest --previous of the model only a key reads', () => ['latest', '--previous', 'rtx-pro-6000'], NO_KEY],
    ['a dataset that needs a key', () => ['coding'], NO_KEY],
    ['a lab beyond the free four', () => ['token-prices', 'meta-llama'], NO_KEY],
    ['token prices before the trailing month', () => ['token-prices', '--from', '2026-09-01'], NO_KEY],
    ['a dataset above the key’s plan', () => ['sites'], PREMIUM],
    ['sync of hourly rows without a full key', () => ['sync', lake(), '--granularity', 'hourly'], NO_KEY],
    ['sync of datasets no key reads', () => ['sync', lake(), '--datasets', 'coding'], NO_KEY],
    ['status without a key', () => ['status'], NO_KEY],
    ['the service’s 401 (a model only a key reads)', () => ['latest', '--current', 'rtx-pro-6000'], NO_KEY],
    ['the service’s 403 (a route above the key’s plan)', () => ['api', '/api/power/load'], PREMIUM],
  ])('%s', async (_what, args, env) => {
    const r = await runCli(args(), { env: env() });
    expect(r.code, r.stderr).toBe(3);
    expectHowToGiveAKey(r.stderr);
  });
});
