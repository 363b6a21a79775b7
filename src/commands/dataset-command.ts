/** Builds a data command from its dataset descriptor: arguments, flags, help; the work is loaded only when it runs. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import type { AnyDataset, OptionSpec } from '../datasets/types.js';
import { addAnalysisOptions, addOutputOptions, addSeriesOptions, addWindowOptions } from './options.js';

/** A commander option from its declaration. */
function toOption(spec: OptionSpec): Option {
  const opt = new Option(spec.flags, spec.description);
  if (spec.choices) opt.choices(spec.choices);
  if (spec.repeatable) opt.argParser((v: string, prev: string[] = []) => [...prev, v]);
  if (spec.default !== undefined) opt.default(spec.default);
  return opt;
}

/** Declares the command of one dataset. */
export function datasetCommand(ctx: Context, ds: AnyDataset): Command {
  const cmd = new Command(ds.name).description(ds.summary);
  const positional = ds.subject === 'gpus' || ds.subject === 'some-gpus';
  if (ds.subject === 'gpus') cmd.argument('<gpu...>', "GPU models: exact names, aliases (h100, a100, 5090, pro6000) or 'all'");
  if (ds.subject === 'some-gpus') cmd.argument('[gpu...]', "GPU models: exact names, aliases (h100, a100, 5090, pro6000) or 'all' (default: every model)");
  for (const spec of ds.options ?? []) cmd.addOption(toOption(spec));
  if (ds.groups.window) addWindowOptions(cmd);
  if (ds.groups.series) addSeriesOptions(cmd);
  addOutputOptions(cmd);
  if (ds.groups.analysis) addAnalysisOptions(cmd);
  cmd.addHelpText('after', `\nExamples:\n${ds.examples.map((e) => `  $ ${e}`).join('\n')}`);
  return cmd.action(async (...params: unknown[]) => {
    // commander passes the positional arguments first, then the flags and the command.
    const args = positional ? ((params[0] as string[] | undefined) ?? []) : [];
    const flags = params[positional ? 1 : 0] as Record<string, unknown>;
    const { runDataset } = await import('../run/runner.js');
    await runDataset(ctx, ds, args, flags as never);
  });
}
