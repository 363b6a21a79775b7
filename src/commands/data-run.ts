/**
 * What a data command does once its line is read, by commander (dataset-command.ts) or without it
 * (quick-parse.ts): the flags become a typed request (run-request.ts) and the runner, loaded now, runs it.
 */
import type { Context } from '../context.js';
import type { AnyDataset } from '../datasets/types.js';
import { UsageError } from '../errors.js';
import { runRequest } from './run-request.js';

/** True when the command takes models or names as arguments (`history h100`); the others take none. */
export function hasPositional(ds: AnyDataset): boolean {
  return ds.subject === 'gpus' || ds.subject === 'some-gpus' || (ds.subject === 'names' && ds.positional !== undefined);
}

/** `util-index h100`: the model goes in --gpu; `memory ddr5` names a type with --type. */
export function strayArgument(ds: AnyDataset, arg: string): UsageError {
  const option = ds.options?.find((o) => o.values === 'gpu' || o.values === 'memory-type');
  const flag = option?.flags.split(' ')[0];
  const quoted = /^[\w.,-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
  const hint = flag === undefined ? `see 'gpumkt ${ds.name} --help'` : `did you mean ${flag} ${quoted}?`;
  return new UsageError(`${ds.name} takes no arguments, got '${arg}'`, hint);
}

/** Runs the data command `ds` with its arguments and the flags as commander gives them (defaults filled in). */
export async function runData(
  ctx: Context,
  ds: AnyDataset,
  args: readonly string[],
  opts: Readonly<Record<string, unknown>>,
): Promise<void> {
  // The one conversion of the parsed flags (run-request.ts): the runner gets a typed request.
  const request = runRequest(ds, args, opts);
  const { runDataset } = await import('../run/runner.js');
  await runDataset(ctx, request);
}
