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

describe('numbers and times in the table at a terminal', needs('tmux'), () => {
  for (const width of [60, 100]) {
    it(`at ${width} columns: big integers grouped by thousands, percentages in hundredths, times shortened`, async () => {
      const volume = await screenOf(width, ['token-volume', '--from', '3d', '--columns', 'date,lab,totalTokens']);
      expect(volume.code).toBe(0);
      const tokens = volume.screen.filter((l) => /^2026-11-1\d +[a-z]+ /.test(l)).map((l) => l.split(/ +/)[2] ?? '');
      expect(tokens.length).toBeGreaterThan(0);
      for (const t of tokens) expect(t).toMatch(/^\d{1,3}(,\d{3})+$/);

      const spark = await screenOf(width, ['history', 'all', '--from', '1y', '--spark']);
      expect(spark.code).toBe(0);
      const head = spark.screen.find((l) => l.startsWith('gpu ')) ?? '';
      // Numbers are right-aligned under their header: the cell ends where the header does.
      const end = head.indexOf('change_pct') + 'change_pct'.length;
      expect(end, head).toBeGreaterThan('change_pct'.length);
      const pct = spark.screen.filter((l) => /^(H100|H200|A100|B200|RTX)/.test(l)).map((l) => l.slice(0, end).split(' ').at(-1));
      expect(pct).toHaveLength(6);
      for (const p of pct) expect(p).toMatch(/^-?\d+\.\d\d$/);

      const forward = await screenOf(width, ['forward']);
      expect(forward.code).toBe(0);
      expect(forward.screen).toContain('gpumkt: forward: asOf 2026-11-19 16:55 UTC');
    });
  }
});
