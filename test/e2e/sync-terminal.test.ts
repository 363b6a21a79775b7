/**
 * A sync at a terminal (tmux, 100×30): while a dataset runs, one progress line (requests, rows, ETA)
 * is rewritten in place; when it ends, the line gives way to the dataset's summary, so the finished
 * screen holds one line per dataset and no trace of the progress line.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CANARY_KEY, TODAY } from '../helpers/cli.js';
import { runInTerminal } from '../helpers/terminal.js';
import { makeTempDir } from '../helpers/temp.js';

let sb: Sandbox;
beforeAll(async () => {
  // Slow replies, so the progress line is on the screen long enough to be seen.
  sb = await startSandbox({ today: TODAY, keys: { valid: [CANARY_KEY] }, latencyMs: 400 });
});
afterAll(async () => {
  await sb.close();
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
      expect(screen).toHaveLength(2);
      expect(screen[0]).toMatch(/^gpumkt: history: \+186 rows, 186 in all \(2026-10-21 to 2026-11-20\), 6 requests, \d+\.\ds$/);
      expect(screen[1]).toMatch(/^gpumkt: memory: \+\d+ rows, [\d,]+ in all \(2026-10-21 to 2026-11-20\), 14 requests, \d+\.\ds$/);
    } finally {
      t.close();
    }
  }, 60_000);
});
