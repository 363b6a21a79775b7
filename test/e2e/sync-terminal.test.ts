/**
 * A sync at a terminal (tmux, 100×30): while a dataset runs, one progress line (requests, rows, ETA)
 * is rewritten in place; when it ends, the line gives way to the dataset's summary, so the finished
 * screen holds one line per dataset and no trace of the progress line.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, TODAY } from '../helpers/cli.js';
import { cells, runInTerminal } from '../helpers/terminal.js';
import { makeTempDir } from '../helpers/temp.js';

let sb: Sandbox;
let fast: Sandbox;
beforeAll(async () => {
  // Slow replies, so the progress line is on the screen long enough to be seen.
  sb = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] }, latencyMs: 400 });
  fast = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] } });
});
afterAll(async () => {
  await sb.close();
  await fast.close();
});

describe('sync at a terminal', () => {
  it('shows a progress line per dataset, then one summary line each', async () => {
    const lake = join(makeTempDir('sync-tty'), 'lake');
    const t = runInTerminal({
      width: 100,
      height: 30,
      stderrOnScreen: true,
      args: ['sync', lake, '--datasets', 'history,memory', '--from', '30d'],
      env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: CANARY_KEY },
    });
    try {
      const progress = /^gpumkt: memory: \d+\/14 requests, [\d,]+ rows, ETA \d+s$/;
      while (!t.screen().some((l) => progress.test(l))) await new Promise((r) => setTimeout(r, 50));
      expect(await t.exit()).toBe(0);
      const screen = t.screen().filter((l) => l !== '');
      // Two summary lines, then the closing line (wrapped under its start where the lake's path is long).
      expect(screen.length).toBeGreaterThanOrEqual(3);
      expect(screen[0]).toMatch(/^gpumkt: history: \+186 rows, 186 in all \(2026-10-21 to 2026-11-20\), 6 requests, \d+\.\ds$/);
      expect(screen[1]).toMatch(/^gpumkt: memory: \+\d+ rows, [\d,]+ in all \(2026-10-21 to 2026-11-20\), 14 requests, \d+\.\ds$/);
      expect(screen.slice(2).join(' ').replace(/ +/g, ' ')).toMatch(
        /^gpumkt: sync of .+ done in \d+\.\ds; query it: duckdb -c "FROM '.+\/history\/\*\*\/\*\.parquet' LIMIT 5"$/,
      );
    } finally {
      t.close();
    }
  }, 60_000);

  it.each([
    [100, /^gpumkt: [a-z-]+: \d+\/\d+ requests, [\d,]+ rows, waiting for the service's limit of 60 a minute, \d+s$/],
    [60, /^gpumkt: [a-z-]+: \d+\/\d+ requests, limit 60 a minute: \d+s$/],
  ])(
    'at %i columns, says while requests wait for the rate limit, on one line that fits',
    async (width, waiting) => {
      // A first sync sends more than the 60 requests a minute the service allows: the pacer holds the 61st.
      const lake = join(makeTempDir('sync-tty'), 'lake');
      const t = runInTerminal({
        width,
        height: 40,
        stderrOnScreen: true,
        args: ['sync', lake],
        env: { GPUMKT_BASE_URL: fast.url, GPUMKT_API_KEY: CANARY_KEY },
      });
      try {
        while (!t.screen().some((l) => waiting.test(l))) await new Promise((r) => setTimeout(r, 50));
        // The line shows once the pacer holds a request: the 60 the minute allows were sent before it (the
        // last of them may still be on its way to the server, so wait for the server to have seen them).
        while (fast.requests.length < 60) await new Promise((r) => setTimeout(r, 50));
        expect(t.screen().some((l) => waiting.test(l))).toBe(true);
        // Every line fits the terminal: the progress line is never wrapped.
        for (const l of t.screen()) expect(cells(l), l).toBeLessThanOrEqual(width);
      } finally {
        // Closing the terminal ends the run (SIGHUP), as closing a terminal window would.
        t.close();
      }
    },
    60_000,
  );
});
