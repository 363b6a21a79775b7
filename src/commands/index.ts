/** The registry of commands, in help order: the data commands come from the dataset registry. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { DATASETS } from '../datasets/index.js';
import { datasetCommand } from './dataset-command.js';
import gpus from './gpus.js';
import memoryTypes from './memory-types.js';
import labs from './labs.js';
import config from './config/config.js';
import sandbox from './sandbox.js';
import completion from './completion.js';
import status from './status.js';
import api from './api.js';
import sync from './sync.js';
import lake from './lake.js';

/** Every command's declaration; cli.ts mounts them on the root program. */
export const COMMANDS: ReadonlyArray<(ctx: Context) => Command> = [
  ...DATASETS.map((ds) => (ctx: Context) => datasetCommand(ctx, ds)),
  gpus,
  memoryTypes,
  labs,
  status,
  api,
  config,
  sandbox,
  completion,
  sync,
  lake,
];

/**
 * The commands a run must declare: when its first word names a data command, that command alone
 * (declaring the other twenty costs a few milliseconds of every request, and a known command never
 * needs them: no suggestion, no list); otherwise every command.
 */
export function commandsFor(first: string | undefined): ReadonlyArray<(ctx: Context) => Command> {
  const ds = DATASETS.find((d) => d.name === first);
  return ds === undefined ? COMMANDS : [(ctx: Context) => datasetCommand(ctx, ds)];
}
