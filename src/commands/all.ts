/** Every command of gpumkt, in help order: the data commands come from the dataset registry. */
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

/** A command's declaration: cli.ts mounts each on the root program. */
export type CommandMaker = (ctx: Context) => Command;

/** Every command's declaration. */
export const COMMANDS: readonly CommandMaker[] = [
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
