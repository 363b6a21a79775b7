/** The registry of commands, in help order: the data commands come from the dataset registry. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { DATASETS } from '../datasets/index.js';
import { datasetCommand } from './dataset-command.js';
import gpus from './gpus.js';
import memoryTypes from './memory-types.js';
import labs from './labs.js';
import config from './config.js';
import sandbox from './sandbox.js';
import completion from './completion.js';
import status from './status.js';
import api from './api.js';
import sync from './sync.js';

/** Every command's declaration; cli.ts mounts them on the root program. */
export const COMMANDS: ReadonlyArray<(ctx: Context) => Command> = [
  ...DATASETS.map((ds) => (ctx: Context) => datasetCommand(ctx, ds)),
  gpus, memoryTypes, labs, status, api, config, sandbox, completion, sync,
];
