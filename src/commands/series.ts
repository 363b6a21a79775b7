/** The shape shared by the three per-model series commands (history, volume, range). */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addAnalysisOptions, addOutputOptions, addSeriesOptions, addWindowOptions, type AnalysisFlags, type SeriesFlags } from './options.js';

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
  addAnalysisOptions(cmd);
  // The analysis examples are the same shape for every series command.
  const analysis = [`gpumkt ${spec.name} all --from 1y --wide -f csv`, `gpumkt ${spec.name} h100 h200 --from 3m -f chart`, `gpumkt ${spec.name} all --from 1y --spark`];
  cmd.addHelpText('after', `\nExamples:\n${[...spec.examples, ...analysis].map((e) => `  $ ${e}`).join('\n')}`);
  return cmd.action(async (gpus: string[], flags: SeriesFlags & AnalysisFlags) => {
    const { runSeries } = await import('../run/series.js');
    await runSeries(ctx, spec.endpoint, gpus, flags);
  });
}
