/**
 * The table view as a person sees it: every data command in a real 80×24 and 120×40 terminal (tmux).
 * No row is wider than the terminal (a wrapped row would be joined back into a longer line), the
 * row's key cells (dates, timestamps, models, memory ids) are whole, and numbers line up on the
 * decimal point. A long table opens in the pager and `q` ends the run with exit 0.
 */
import { describe, expect, it } from 'vitest';
import { runCli, parseCsv } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { cells, runInTerminal, shown } from '../helpers/terminal.js';
import { needs } from '../helpers/requires.js';
import { docPages, readDoc } from '../helpers/docs.js';

const sb = useSandbox();

/** One command, and which CSV columns are its row keys (how the table must show them whole). */
interface Case {
  readonly args: readonly string[];
  readonly keys: readonly string[];
}

const CASES: readonly Case[] = [
  { args: ['util-index'], keys: ['date'] },
  { args: ['util-index', '--gpu', 'all', '--from', '2026-11-17'], keys: ['gpu', 'date'] },
  { args: ['history', 'h100', 'pro6000', '--from', 'yesterday'], keys: ['gpu', 'timestamp'] },
  { args: ['history', 'all', '--from', '2026-10-01', '--granularity', 'daily'], keys: ['gpu', 'timestamp'] },
  { args: ['volume', 'all', '--from', 'today'], keys: ['gpu', 'recorded_at'] },
  { args: ['range', 'all', '--from', 'today'], keys: ['gpu', 'recorded_at'] },
  { args: ['memory'], keys: ['id'] },
  { args: ['memory', '--category', 'module'], keys: ['id'] },
  { args: ['history', 'all', '--from', 'yesterday', '--wide'], keys: ['timestamp'] },
  { args: ['volume', 'all', '--from', '1y', '--spark'], keys: ['gpu'] },
  { args: ['util-index', '--gpu', 'all', '--from', '3m', '--stats', '--y', 'demandEffect'], keys: ['gpu'] },
  { args: ['workload', 'anthropic', '--from', '2026-11-16', '--family', 'all,opus,sonnet'], keys: ['date', 'lab', 'family'] },
  { args: ['coding'], keys: ['product'] },
  { args: ['coding', 'cc-prs', 'cursor-merge', '--from', '2026-11-12'], keys: ['date', 'product'] },
  { args: ['frontier'], keys: ['name'] },
  { args: ['frontier', '--table', 'release-dates'], keys: ['name', 'date'] },
  { args: ['rolling'], keys: ['gpu_name'] },
  { args: ['rolling', 'all', '--from', '2026-11-13'], keys: ['gpu', 'date'] },
  { args: ['history', 'all', '--at', '2026-11-10 12:31'], keys: ['gpu_name'] },
  { args: ['latest', '--previous'], keys: ['gpu_name'] },
];

/** For each column of number cells (split on runs of 2+ spaces), the set of decimal-point positions. */
function pointPositions(rows: readonly string[]): Map<number, Set<number>> {
  const byColumn = new Map<number, Set<number>>();
  for (const line of rows) {
    const re = /\S+(?: \S+)*/g;
    let m: RegExpExecArray | null;
    let j = 0;
    while ((m = re.exec(line)) !== null) {
      if (/^-?\d+(\.\d+)?$/.test(m[0])) {
        const dot = m[0].indexOf('.');
        const at = m.index + (dot < 0 ? m[0].length : dot);
        const set = byColumn.get(j) ?? new Set<number>();
        set.add(at);
        byColumn.set(j, set);
      }
      j++;
    }
  }
  return byColumn;
}

describe('at a terminal', needs('tmux', 'less'), () => {
  for (const [width, height] of [
    [80, 24],
    [120, 40],
  ] as const) {
    describe(`${width}×${height}`, () => {
      for (const c of CASES) {
        it(`gpumkt ${c.args.join(' ')}: fits, keys whole, numbers aligned`, async () => {
          const env = sandboxEnv(sb.current);
          const csv = await runCli([...c.args, '-f', 'csv'], { env });
          expect(csv.code).toBe(0);
          const [header, ...records] = parseCsv(csv.stdout);
          const t = runInTerminal({ width, height, args: [...c.args, '--no-pager'], env });
          try {
            expect(await t.exit()).toBe(0);
            const screen = t.screen();
            for (const line of screen) expect(cells(line), `wider than ${width}: ${line}`).toBeLessThanOrEqual(width);
            // The header, the rule, then one line per row, in the same order as the CSV.
            const rule = screen.findIndex((l) => /^─+( +─+)*$/.test(l));
            expect(rule).toBe(1);
            const rows = screen.slice(2);
            expect(rows).toHaveLength(records.length);
            const keyIndex = c.keys.map((k) => (header as string[]).indexOf(k));
            records.forEach((rec, i) => {
              for (const k of keyIndex) expect(rows[i], `row ${i}`).toContain(shown(rec[k] as string));
            });
            for (const [column, positions] of pointPositions(rows)) expect([...positions], `column ${column}`).toHaveLength(1);
            // Whatever was left out is named on stderr, with the way to see it.
            const note = t.stderr();
            if (note !== '') expect(note).toMatch(/^gpumkt: \d+ columns? hidden\b.*\(-f csv shows all\)\n$/);
            for (const line of note.split('\n')) expect(cells(line), `note wider than ${width}: ${line}`).toBeLessThanOrEqual(width);
          } finally {
            t.close();
          }
        });
      }
    });
  }

  it("the documentation's terminal captures are what an 80x24 terminal shows", async () => {
    const readme = docPages().map(readDoc).join('\n');
    const captures = [...readme.matchAll(/^<!-- 80x24 capture[^\n]*-->\n```text\n\$ gpumkt ([^\n]*)\n([\s\S]*?)^```$/gm)];
    expect(captures.length).toBeGreaterThanOrEqual(3);
    for (const [, command, shownText] of captures) {
      // The examples use --sandbox (the README's pinned clock), so no test sandbox is involved.
      const t = runInTerminal({ width: 80, height: 24, args: (command as string).split(' '), stderrOnScreen: true });
      try {
        expect(await t.exit(), command).toBe(0);
        expect(t.screen().join('\n'), command).toBe((shownText as string).trimEnd());
      } finally {
        t.close();
      }
    }
  });

  it('at 80 columns leaves out the least important memory columns and says how to see them', async () => {
    const t = runInTerminal({ width: 80, height: 24, args: ['memory', '--no-pager'], env: sandboxEnv(sb.current) });
    try {
      expect(await t.exit()).toBe(0);
      expect(t.screen()[0]).toMatch(/^id +memoryType +category +price +changePct$/);
      expect(t.stderr()).toBe('gpumkt: 3 columns hidden: weeklyHigh, weeklyLow, updatedAt (-f csv shows all)\n');
    } finally {
      t.close();
    }
  });

  it('opens a 720-row table in the pager; q ends it with exit 0 and nothing on stderr', async () => {
    const args = ['history', 'h100', '--from', '2026-10-22', '--to', '2026-11-20', '--granularity', 'hourly'];
    const t = runInTerminal({ width: 80, height: 24, args, env: sandboxEnv(sb.current) });
    try {
      // The pager holds the screen: the first rows and less's prompt, not the last row.
      const until = Date.now() + 15_000;
      while (!t.screen().some((l) => l === ':') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const paged = t.screen();
      // Today's rows (the pinned 2026-11-20) are provisional: the table adds its note column.
      expect(paged[0]).toMatch(/^timestamp +index_value +note$/);
      expect(paged).toContain(':');
      expect(paged.join('\n')).not.toContain('2026-11-20 23:00');
      t.keys('q');
      expect(await t.exit()).toBe(0);
      expect(t.stderr()).toBe('');
    } finally {
      t.close();
    }
  });

  it('without less installed (and no pager chosen) the output goes straight to the terminal', async () => {
    const args = ['history', 'h100', '--from', '2026-10-22', '--to', '2026-11-20', '--granularity', 'hourly'];
    const t = runInTerminal({ width: 80, height: 24, args, env: { ...sandboxEnv(sb.current), PATH: '/nonexistent' } });
    try {
      expect(await t.exit()).toBe(0);
      expect(t.screen()).toHaveLength(722);
      expect(t.screen().at(-1)).toMatch(/^2026-11-20 23:00 +2\.4211 +provisional$/);
      expect(t.stderr()).toBe('');
    } finally {
      t.close();
    }
  });

  it('never pages into a pipe, and GPUMKT_PAGER wins over PAGER', async () => {
    const args = ['history', 'h100', '--from', '2026-10-22', '--to', '2026-11-20', '--granularity', 'hourly', '-f', 'table'];
    const piped = runInTerminal({ width: 80, height: 24, args, env: sandboxEnv(sb.current), shell: '| wc -l' });
    try {
      expect(await piped.exit()).toBe(0);
      expect(piped.screen()).toContain('722');
    } finally {
      piped.close();
    }
    const paged = runInTerminal({
      width: 80,
      height: 24,
      args: args.slice(0, -2),
      env: { ...sandboxEnv(sb.current), GPUMKT_PAGER: 'wc -l', PAGER: 'false' },
    });
    try {
      expect(await paged.exit()).toBe(0);
      expect(paged.screen()).toContain('722');
    } finally {
      paged.close();
    }
  });
});
