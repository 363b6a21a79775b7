/**
 * Data that could mislead says so: a token-volume day without one of the labs (its shares are over the
 * labs present) is named on stderr, the chart's legend says what its gap dots mean, and a window of days
 * not yet published answers alike in every family, saying when such a day publishes.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { runAt } from './append-helpers.js';

const sb = useSandbox();

describe('token-volume on a day a lab is missing', () => {
  it("names the day and the missing lab, and leaves the service's shares as served", async () => {
    const r = await runCli(['token-volume', '--from', '2026-04-05', '--to', '2026-04-09', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'gpumkt: a lab is missing on 1 day, 2026-04-07 (no anthropic): share there is of the labs present, not comparable with other days\n',
    );
    const day = r.stdout.split('\n').filter((l) => l.startsWith('2026-04-07,'));
    expect(day.map((l) => l.split(',')[1])).toEqual(['openai', 'google']);
    // As served: the two shares sum to 1 (nothing recomputed, nothing invented for the missing lab).
    expect(day.reduce((s, l) => s + Number(l.split(',')[4]), 0)).toBeCloseTo(1, 9);
  });

  it('days before a lab first reports are not counted as missing', async () => {
    const r = await runCli(['token-volume', '--from', '2026-02-02', '--to', '2026-02-20', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/2026-02-1[0-5] \(no google\)/);
  });
});

describe('-f chart', () => {
  it('explains the gap dots in its legend, and only when it draws them', async () => {
    const gap = await runCli(['token-volume', '--from', '2026-04-01', '--to', '2026-04-12', '-f', 'chart', '--y', 'share', '-q'], {
      env: sandboxEnv(sb.current),
    });
    expect(gap.code).toBe(0);
    expect(gap.stdout.trimEnd().split('\n').at(-1)).toBe('* anthropic   o openai   x google   . no value there (a gap in the data)');
    const none = await runCli(['token-volume', '--from', '2026-04-08', '--to', '2026-04-12', '-f', 'chart', '-q'], {
      env: sandboxEnv(sb.current),
    });
    expect(none.code).toBe(0);
    expect(none.stdout).not.toContain('no value there');
  });
});

describe('a window of days not yet published', () => {
  const NOW = '2026-11-20T10:36:00Z';
  it.each([
    ['util-index', 'a day publishes once it has its 24 hourly readings, after it ends (UTC)'],
    ['workload', 'a day settles about 36 hours after it ends (UTC)'],
    ['token-volume', 'a day settles a short time after it ends (UTC)'],
    ['token-prices', 'a day settles a short time after it ends (UTC)'],
    ['coding', 'a day publishes within about 24 hours of its end (UTC), and recent days keep changing'],
  ])('%s --from today: exit 0, no rows, one note saying when a day publishes', async (cmd, publishes) => {
    const r = await runAt(NOW, [cmd, '--from', 'today', '-f', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`gpumkt: no rows in 2026-11-20..2026-11-20 (${cmd}): ${publishes}\n`);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
  });
});
