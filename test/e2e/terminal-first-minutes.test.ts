/**
 * What a newcomer sees in the first minutes, in real terminals of 60 and 100 columns (tmux): the
 * defaults read well (a 30-day series is 30 daily rows on one screen, not 720 hourly rows in a pager),
 * numbers and times read as a person reads them, and narrow terminals keep help, catalogues, sync's
 * tables and the columns that matter readable.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/temp.js';
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

describe('narrow terminals', needs('tmux'), () => {
  for (const width of [60, 100]) {
    it(`at ${width} columns: --help keeps its two columns, bare config wraps at words, every line fits`, async () => {
      const help = await screenOf(width, ['--help']);
      expect(help.code).toBe(0);
      for (const l of help.screen) expect(cells(l), l).toBeLessThanOrEqual(width);
      const options = help.screen.slice(help.screen.indexOf('Options:') + 1, help.screen.indexOf('Commands:') - 1);
      // Each option line is its term and the start of its description, or a description continued in its column.
      const column = (options[1] ?? '').search(/ {2}\S+$|(?<=\S) {2,}\S/);
      expect(column).toBeGreaterThan(10);
      for (const l of options) expect(l, l).toMatch(/^ {2}-{1,2}\S.* {2}\S|^ {20,}\S/);
      const config = await screenOf(width, ['config']);
      for (const l of config.screen) expect(cells(l), l).toBeLessThanOrEqual(width);
      expect(config.screen.join(' ').replace(/\s+/g, ' ')).toContain(
        'Settings come from, highest first: flag, environment (GPUMKT_API_KEY, GPUMKT_BASE_URL), the selected profile of the config file',
      );
    });

    it(`at ${width} columns: gpus, memory-types and labs print tables`, async () => {
      for (const [cmd, head] of [
        ['gpus', /^model$/],
        ['memory-types', /^id +name +category$/],
        ['labs', /^lab +label$/],
      ] as const) {
        const { code, screen } = await screenOf(width, [cmd]);
        expect(code).toBe(0);
        expect(screen[0], cmd).toMatch(head);
        expect(screen[1], cmd).toMatch(/^─+( +─+)*$/);
        for (const l of screen) expect(cells(l), l).toBeLessThanOrEqual(width);
      }
    });

    it(`at ${width} columns: columns named with --columns are named when hidden; empty ones give way first`, async () => {
      const named = [
        'date',
        'occupancy',
        'index',
        'price',
        'demandEffect',
        'supplyEffect',
        'occupancyChange',
        'readings',
        'revPag',
        'capacity',
        'rented',
        'coverage',
      ];
      const { code, screen } = await screenOf(width, ['util-index', '--from', '3d', '--columns', named.join(',')]);
      expect(code).toBe(0);
      const header = (screen.find((l) => l.startsWith('date ')) ?? '').split(/ +/);
      const hidden = named.filter((c) => !header.includes(c));
      expect(hidden.length).toBeGreaterThan(0);
      const note = screen.join(' ').replace(/\s+/g, ' ');
      expect(note).toContain(`${hidden.length + 1} columns hidden`);
      for (const c of hidden) expect(note, c).toMatch(new RegExp(`hidden[^(]*\\b${c}\\b`));
      const latest = await screenOf(width, ['latest']);
      expect(latest.code).toBe(0);
      const head = latest.screen.find((l) => l.startsWith('gpu_name')) ?? '';
      if (width < 80) {
        expect(head.split(/ +/)).not.toContain('region');
        expect(latest.screen.join(' ').replace(/\s+/g, ' ')).toContain('gpumkt: empty in every row, not shown: region (-f csv shows all)');
      } else expect(head.split(/ +/)).toContain('region');
    });

    it(`at ${width} columns: frontier shows the name, capability, cost and benchmarks, not the slug`, async () => {
      const { code, screen } = await screenOf(width, ['frontier']);
      expect(code).toBe(0);
      const header = (screen.find((l) => l.startsWith('name ')) ?? '').split(/ +/);
      expect(header.slice(0, 2)).toEqual(['name', ...(width < 80 ? ['cap'] : ['lab'])]);
      expect(header).toContain('costPerTask');
      expect(header).toContain('bench_coding');
      expect(header).not.toContain('slug');
      for (const l of screen) expect(cells(l), l).toBeLessThanOrEqual(width);
    });
  }

  it('at 100 columns: sync --status and sync --dry-run fit, naming what they leave out', async () => {
    const lake = join(makeTempDir('tty-sync'), 'lake');
    const synced = await runCli(['sync', lake, '--sandbox', '-q', '--datasets', 'history,latest,util-index']);
    expect([synced.code, synced.stderr]).toEqual([0, '']);
    // The next day, so a status reads "stale since …", its widest.
    const status = await screenOf(100, ['sync', lake, '--status'], { GPUMKT_TODAY: '2026-11-21' });
    expect(status.code).toBe(0);
    expect(status.screen.some((l) => /^history .* stale since 2026-11-20$/.test(l))).toBe(true);
    const dry = await screenOf(100, ['sync', join(makeTempDir('tty-sync'), 'new'), '--dry-run', '--sandbox']);
    expect(dry.code).toBe(0);
    // The files' pattern, or at a narrower terminal its folder only.
    expect(dry.screen.some((l) => /^utilization .*utilization\/snapshot_date=2026-11-20\/(\*\.parquet)?$/.test(l))).toBe(true);
    for (const { screen } of [status, dry]) {
      for (const l of screen) expect(cells(l), l).toBeLessThanOrEqual(100);
      expect(screen.some((l) => /^gpumkt: \d columns? hidden to fit the terminal: [A-Z ,]+ \(--json shows all\)$/.test(l))).toBe(true);
    }
  });
});
