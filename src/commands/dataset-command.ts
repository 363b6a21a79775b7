/** Builds a data command from its dataset descriptor: arguments, flags, help; the work is loaded only when it runs. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { GPU_MODELS } from '../domain/catalogues/gpus.js';
import type { AnyDataset } from '../datasets/types.js';
import { hasPositional, runData, strayArgument } from './data-run.js';
import { datasetFlags } from './flags.js';
import { addFlags } from './options.js';

/** A --query example from the descriptor: the value column of every row, as a JSON list. */
function queryExample(ds: AnyDataset): string[] {
  const value = ds.endpoint.valueKey;
  if (value === undefined) return [];
  return [`gpumkt ${ds.name}${ds.subject === 'gpus' ? ' h100' : ''} -f json --query '[].${value}'`];
}

/** Declares the command of one dataset. */
export function datasetCommand(ctx: Context, ds: AnyDataset): Command {
  const cmd = new Command(ds.name).description(ds.summary);
  const positional = hasPositional(ds);
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
  addFlags(cmd, datasetFlags(ds));
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
    await runData(ctx, ds, args, cmd.opts());
  });
}
