/**
 * Every dataset (read from the registry, so a new one is covered as it lands) in real terminals of
 * 40, 50, 80 and 120 columns: no line on the screen or on stderr is wider than the terminal, and the
 * dataset's value column is always shown (in the table, or in the one-record-per-block view when even
 * the key and the value do not fit side by side).
 */
import { describe, expect, it } from 'vitest';
import { DATASETS, type AnyDataset } from '../../src/datasets/index.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { cells, runInTerminal } from '../helpers/terminal.js';
import { needs } from '../helpers/requires.js';

const sb = useSandbox();

/** A command line that shows the dataset with several models and a provisional day where it can. */
function argsFor(ds: AnyDataset): string[] {
  const args = [ds.name];
  if (ds.subject === 'gpus') args.push('all');
  // A dataset published days late (workload) needs as many more days for a row to show.
  if (ds.groups.window) args.push('--from', `${1 + (ds.publishLagDays ?? 0)}d`);
  if (ds.groups.series) args.push('--granularity', 'daily');
  return args;
}

describe('every dataset at 40, 50, 80 and 120 columns', needs('tmux'), () => {
  for (const ds of DATASETS) {
    for (const width of [40, 50, 80, 120]) {
      it(`${argsFor(ds).join(' ')} at ${width} columns: every line fits, the value is shown`, async () => {
        // stderr on the screen too: the notices are written to the terminal, and must fit it as well.
        const t = runInTerminal({
          width,
          height: 40,
          args: [...argsFor(ds), '--no-pager'],
          env: sandboxEnv(sb.current),
          stderrOnScreen: true,
        });
        try {
          expect(await t.exit()).toBe(0);
          const screen = t.screen();
          for (const line of screen) expect(cells(line), `wider than ${width}: ${line}`).toBeLessThanOrEqual(width);
          const value = ds.endpoint.valueKey;
          if (value !== undefined) {
            const shown = screen.some((l) => l.split(/\s+/).includes(value));
            expect(shown, `${value} not shown at ${width}:\n${screen.join('\n')}`).toBe(true);
          }
        } finally {
          t.close();
        }
      });
    }
  }

  it('-q silences the notes, and the table still fits 40 columns', async () => {
    const t = runInTerminal({
      width: 40,
      height: 40,
      args: ['volume', 'all', '--from', '1d', '--granularity', 'daily', '-q', '--no-pager'],
      env: sandboxEnv(sb.current),
      stderrOnScreen: true,
    });
    try {
      expect(await t.exit()).toBe(0);
      const screen = t.screen();
      expect(screen.join('\n')).not.toContain('gpumkt:');
      for (const line of screen) expect(cells(line), `wider than 40: ${line}`).toBeLessThanOrEqual(40);
      expect(screen.some((l) => l.split(/\s+/).includes('utilization_ratio'))).toBe(true);
    } finally {
      t.close();
    }
  });
});
