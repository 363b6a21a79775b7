/** The shape shared by the three per-model series commands (history, volume, range). */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addOutputOptions, addSeriesOptions, addWindowOptions, type SeriesFlags } from './options.js';

/** Which series endpoint a command reads. */
export type SeriesEndpointId = 'history-simple' | 'volume-metrics' | 'history-range';

/** Declares a series command; the work is loaded only when it runs. */
export function seriesCommand(
  ctx: Context,
  spec: { name: string; endpoint: SeriesEndpointId; summary: string; examples: string[] },
): Command {
  const cmd = new Command(spec.name)
    .description(spec.summary)
    .argument('<gpu...>', "GPU models: exact names, aliases (h100, a100, 5090, pro6000) or 'all'");
  addWindowOptions(cmd);
  addSeriesOptions(cmd);
  addOutputOptions(cmd);
  cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}`);
  return cmd.action(async (gpus: string[], flags: SeriesFlags) => {
    const { runSeries } = await import('../pipeline/series.js');
    await runSeries(ctx, spec.endpoint, gpus, flags);
  });
}
