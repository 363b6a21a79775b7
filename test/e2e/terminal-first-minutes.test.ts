/**
 * What a newcomer sees in the first minutes, in real terminals of 60 and 100 columns (tmux): the
 * defaults read well (a 30-day series is 30 daily rows on one screen, not 720 hourly rows in a pager).
 */
import { describe, expect, it } from 'vitest';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { cells, runInTerminal } from '../helpers/terminal.js';
import { needs } from '../helpers/requires.js';

const sb = useSandbox();

/** Runs `args` in a width × 60 terminal, stderr on the screen; returns the screen and the exit code. */
async function screenOf(width: number, args: string[], env = sandboxEnv(sb.current)): Promise<{ code: number; screen: string[] }> {
  const t = runInTerminal({ width, height: 60, args, env, stderrOnScreen: true });
  try {
    const code = await t.exit();
    return { code, screen: t.screen() };
  } finally {
    t.close();
  }
}

describe('the default grain at a terminal', needs('tmux'), () => {
  for (const width of [60, 100]) {
    it(`history, volume and range over the default 30 days at ${width} columns: 30 daily rows, no pager`, async () => {
      for (const cmd of ['history', 'volume', 'range']) {
        const { code, screen } = await screenOf(width, [cmd, 'h100']);
        expect(code).toBe(0);
        const rows = screen.filter((l) => /^2026-\d\d-\d\d\s/.test(l));
        expect(rows, screen.join('\n')).toHaveLength(30);
        // One row a day: a date alone, no hour.
        expect(rows.every((l) => !/^\S+ \d\d:\d\d/.test(l))).toBe(true);
        for (const l of screen) expect(cells(l), l).toBeLessThanOrEqual(width);
      }
    });
  }

  it('two days or less stay hourly', async () => {
    const { code, screen } = await screenOf(100, ['history', 'h100', '--from', 'yesterday', '--no-pager']);
    expect(code).toBe(0);
    expect(screen.filter((l) => /^2026-11-(19|20) \d\d:00\s/.test(l))).toHaveLength(48);
  });
});
