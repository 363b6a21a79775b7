/** Builds a data command from its dataset descriptor: arguments, flags, help; the work is loaded only when it runs. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { GPU_MODELS } from '../domain/catalogues/gpus.js';
import { UsageError } from '../errors.js';
import type { AnyDataset, OptionSpec } from '../datasets/types.js';
import { runRequest } from './run-request.js';
import { addAnalysisOptions, addOutputOptions, addSeriesOptions, addWindowOptions, withChoices } from './options.js';

/** A commander option from its declaration. */
function toOption(spec: OptionSpec): Option {
  const opt = new Option(spec.flags, spec.description);
  if (spec.choices) withChoices(opt, spec.choices);
  if (spec.repeatable) opt.argParser((v: string, prev: string[] = []) => [...prev, v]);
  if (spec.default !== undefined) opt.default(spec.default);
  return opt;
}

/** `util-index h100`: the model goes in --gpu; `memory ddr5` names a type with --type. */
function strayArgument(ds: AnyDataset, arg: string): UsageError {
  const option = ds.options?.find((o) => o.values === 'gpu' || o.values === 'memory-type');
  const flag = option?.flags.split(' ')[0];
  const quoted = /^[\w.,-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
  const hint = flag === undefined ? `see 'gpumkt ${ds.name} --help'` : `did you mean ${flag} ${quoted}?`;
  return new UsageError(`${ds.name} takes no arguments, got '${arg}'`, hint);
}

/** A --query example from the descriptor: the value column of every row, as a JSON list. */
function queryExample(ds: AnyDataset): string[] {
  const value = ds.endpoint.valueKey;
  if (value === undefined) return [];
  return [`gpumkt ${ds.name}${ds.subject === 'gpus' ? ' h100' : ''} -f json --query '[].${value}'`];
}

/** Declares the command of one dataset. */
export function datasetCommand(ctx: Context, ds: AnyDataset): Command {
  const cmd = new Command(ds.name).description(ds.summary);
  const positional = ds.subject === 'gpus' || ds.subject === 'some-gpus' || (ds.subject === 'names' && ds.positional !== undefined);
  if (ds.subject === 'gpus') {
    cmd.argument('<gpu...>', "GPU models: exact names, aliases (h100, a100, 5090, pro6000) or 'all'");
    // Commander would only say the argument is missing: name what may go there.
    // (missingArgument is commander's hook for this, public in its JavaScript but not in its typings.)
    (cmd as unknown as { missingArgument: () => never }).missingArgument = () =>
      cmd.error(
        `error: ${ds.name} needs a GPU model: ${GPU_MODELS.join(', ')}, or all (e.g. ${ds.examples[0] ?? `gpumkt ${ds.name} h100`})`,
        { code: 'commander.missingArgument', exitCode: 2 },
      );
  }
  if (ds.subject === 'some-gpus')
    cmd.argument('[gpu...]', "GPU models: exact names, aliases (h100, a100, 5090, pro6000) or 'all' (default: every model)");
  if (ds.subject === 'names' && ds.positional) cmd.argument(`[${ds.positional.name}...]`, ds.positional.description);
  for (const spec of ds.options ?? []) cmd.addOption(toOption(spec));
  if (ds.groups.window) addWindowOptions(cmd);
  if (ds.groups.series) addSeriesOptions(cmd);
  // A flag applies when the command or one of its variants takes it (memory --from appends, rolling --from too).
  const all = [ds, ...(ds.variants ?? []).map((v) => v.dataset)];
  addOutputOptions(cmd, {
    append: all.some((d) => d.noAppend === undefined),
    order: all.some((d) => d.endpoint.timeKey !== undefined),
    strict: all.some((d) => d.checks !== undefined),
  });
  if (all.some((d) => d.groups.analysis)) addAnalysisOptions(cmd);
  const glossary =
    ds.glossary === undefined ? '' : `\n\nFields:\n${ds.glossary.map(([f, text]) => `  ${f.padEnd(18)} ${text}`).join('\n')}`;
  const examples = [...ds.examples, ...queryExample(ds)];
  cmd.addHelpText(
    'after',
    `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}${glossary}\n\nGlobal flags (--sandbox, --dry-run, -q, -v, --no-pager, --debug): gpumkt --help`,
  );
  // A stray argument gets a pointer to the option it was meant for (see strayArgument), not commander's count.
  if (!positional) cmd.allowExcessArguments(true);
  return cmd.action(async (...params: unknown[]) => {
    if (!positional && cmd.args.length > 0) throw strayArgument(ds, cmd.args[0] as string);
    // commander passes the positional arguments first, then the flags and the command.
    const args = positional ? ((params[0] as string[] | undefined) ?? []) : [];
    // The one conversion of commander's parsed object (run-request.ts): the runner gets a typed request.
    const request = runRequest(ds, args, cmd.opts());
    const { runDataset } = await import('../run/runner.js');
    await runDataset(ctx, request);
  });
}
