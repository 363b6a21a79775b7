/** The registry of commands, in help order: one line per command. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import utilIndex from './util-index.js';
import history from './history.js';
import volume from './volume.js';
import range from './range.js';
import memory from './memory.js';
import gpus from './gpus.js';
import memoryTypes from './memory-types.js';
import config from './config.js';
import sandbox from './sandbox.js';
import completion from './completion.js';

/** Every command's declaration; cli.ts mounts them on the root program. */
export const COMMANDS: ReadonlyArray<(ctx: Context) => Command> = [
  utilIndex, history, volume, range, memory, gpus, memoryTypes, config, sandbox, completion,
];
