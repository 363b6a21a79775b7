/**
 * The time budget holds by construction: against a server that promises 3999 bytes and sends one a
 * second (never idle long enough for --timeout), every data command ends at its budget with exit 5,
 * also with a budget above 8 s while garbage collections are forced every 100 ms — the conditions under
 * which a deadline built from AbortSignal.timeout() and AbortSignal.any() stopped firing on Node 20.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { dripForever, startFaultServer, type FaultServer } from '../helpers/fault-server.js';

const GC_PRELOAD = resolve(import.meta.dirname, '../helpers/gc-preload.cjs');
const BUDGET_S = 12;

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer([dripForever(1000, 3999)]);
});
afterAll(() => server.close());

const COMMANDS: string[][] = [['memory'], ['util-index', '--gpu', 'h100'], ['history', 'h100'], ['volume', 'b200'], ['range', '5090']];

describe(`a 1-byte-a-second server, GPUMKT_MAX_TIME=${BUDGET_S}, garbage collection forced`, () => {
  it('every data command ends at its budget: exit 5, one line naming the budget', { timeout: 90_000 }, async () => {
    const runs = await Promise.all(
      COMMANDS.map((args) =>
        runCli([...args, '-f', 'csv'], {
          env: {
            GPUMKT_BASE_URL: server.url,
            GPUMKT_API_KEY: CANARY_KEY,
            GPUMKT_MAX_TIME: String(BUDGET_S),
            NODE_OPTIONS: `--expose-gc --require ${GC_PRELOAD}`,
          },
          // Far past the budget: a run still alive then has ignored it (it is killed and the test fails).
          timeoutMs: 60_000,
        }),
      ),
    );
    runs.forEach((r, i) => {
      const what = `gpumkt ${COMMANDS[i]?.join(' ')}: ${r.stderr}`;
      expect(r.signal, what).toBeNull();
      expect(r.code, what).toBe(5);
      expect(r.stderr, what).toMatch(/^gpumkt: error: .*no complete response within the time budget of 12 s\n$/);
      expect(r.stdout).toBe('');
      // Not before the budget (the server never stops sending), and not long after it: the margin is
      // process start-up and a loaded machine, not a second chance for the request.
      expect(r.ms, what).toBeGreaterThanOrEqual(BUDGET_S * 1000);
      expect(r.ms, what).toBeLessThan((BUDGET_S + 6) * 1000);
    });
  });
});
