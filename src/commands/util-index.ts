/** `gpumkt util-index`: the daily utilization index with each day's move split into demand and supply. */
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addAnalysisOptions, addOutputOptions, addWindowOptions, type AnalysisFlags, type OutputFlags, type WindowFlags } from './options.js';

/** Flags of util-index. */
export interface UtilIndexFlags extends OutputFlags, WindowFlags, AnalysisFlags {
  gpu?: string[];
  region: string;
  baseDate?: string;
}

/** Declares the util-index command. */
export default function utilIndexCommand(ctx: Context): Command {
  const cmd = new Command('util-index')
    .description('daily utilization index, each move split into demand and supply effects')
    .option('--gpu <model>', "one GPU model (or 'all': each model separately); default: every model aggregated", (v: string, prev: string[] = []) => [...prev, v])
    .option('--region <region>', 'occupancy region', 'global')
    .option('--base-date <date>', 'rebase anchor for the index level (default 2026-01-01)');
  addWindowOptions(cmd);
  addOutputOptions(cmd);
  addAnalysisOptions(cmd);
  cmd.addHelpText('after', '\nExamples:\n  $ gpumkt util-index --sandbox\n  $ gpumkt util-index --gpu h100 --from 2025-01-01 -f csv -o h100-util.csv\n  $ gpumkt util-index --columns date,occupancy,demandEffect,supplyEffect -f tsv\n  $ gpumkt util-index --gpu all --from 1y -f chart --y index');
  return cmd.action(async (flags: UtilIndexFlags) => {
    const { runUtilIndex } = await import('../run/util-index.js');
    await runUtilIndex(ctx, flags);
  });
}
