/**
 * The same verbs everywhere: every command whose rows are a series over time (itself or the variant
 * its --from selects) takes --stats, --spark and --wide (read from the registry, so a new series is
 * covered as it lands). One summary row per series (per model: `gpu`; per lab, product or market:
 * `series`), counting exactly the rows the plain export holds for it.
 */
import { describe, expect, it } from 'vitest';
import { DATASETS, type AnyDataset } from '../../src/datasets/index.js';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';

const sb = useSandbox();

/** The dataset, or the variant of it, whose rows are a series (a time and a value). */
const seriesOf = (ds: AnyDataset): AnyDataset | undefined =>
  [ds, ...(ds.variants ?? []).map((v) => v.dataset)].find(
    (d) => d.endpoint.timeKey !== undefined && d.endpoint.valueKey !== undefined && d.groups.analysis,
  );

/** The command line of a few days of the series (two models where models are named). */
function argsFor(ds: AnyDataset, series: AnyDataset): string[] {
  const args = [ds.name];
  if (ds.subject === 'gpus') args.push('h100', 'b200');
  args.push('--from', `${5 + (series.publishLagDays ?? ds.publishLagDays ?? 0)}d`);
  if (series.groups.series) args.push('--granularity', 'daily');
  return args;
}

/** CSV text as objects (the values here hold no commas or quotes). */
function csv(text: string): Array<Record<string, string>> {
  const [head, ...lines] = text.trimEnd().split('\n');
  const names = (head ?? '').split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i] ?? '', v])));
}

const commands = DATASETS.filter((ds) => seriesOf(ds) !== undefined);

describe('--stats, --spark and --wide on every series', () => {
  it('covers the series of every family, token prices and volumes, workload, coding, power, memory and rolling included', () => {
    expect(commands.map((d) => d.name)).toEqual(
      expect.arrayContaining(['token-prices', 'token-volume', 'workload', 'coding', 'power', 'memory', 'rolling', 'history', 'util-index']),
    );
  });

  it.each(commands.map((ds) => [ds.name, ds] as const))('%s: one summary row per series, counting its rows', async (_name, ds) => {
    const series = seriesOf(ds) as AnyDataset;
    const args = argsFor(ds, series);
    const env = sandboxEnv(sb.current);
    const value = series.endpoint.valueKey as string;
    const stats = await runCli([...args, '--spark', '-f', 'csv'], { env });
    expect([stats.code, stats.stderr]).toEqual([0, '']);
    const summary = csv(stats.stdout);
    expect(summary.length).toBeGreaterThan(0);
    const label = Object.keys(summary[0] ?? {})[0] as string;
    expect(['gpu', 'series']).toContain(label);
    expect(summary.every((r) => r.column === value && Number(r.count) > 0 && (r.trend ?? '').length > 0)).toBe(true);
    const wide = await runCli([...args, '--wide', '-f', 'csv'], { env });
    expect([wide.code, wide.stderr]).toEqual([0, '']);
    const header = wide.stdout.split('\n')[0]?.split(',') ?? [];
    expect(header.slice(1)).toEqual(summary.map((r) => r[label]));
    // Each series' count is the number of its values in the wide table.
    const rows = csv(wide.stdout);
    for (const r of summary) expect(rows.filter((w) => (w[r[label] as string] ?? '') !== '').length, r[label]).toBe(Number(r.count));
  });

  it('a snapshot (memory without --from) refuses --stats before any request, saying what to give', async () => {
    const before = sb.current.requests.length;
    const r = await runCli(['memory', '--stats'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "gpumkt: error: --stats analyses a series over time, and 'memory' without a window is a snapshot (give --from, e.g. gpumkt memory --from 30d --stats)\n",
    );
    expect(sb.current.requests.length).toBe(before);
  });
});
