/** `gpumkt memory`: current memory spot prices. */
import { Command, Option } from 'commander';
import { MEMORY_CATEGORIES } from '../domain/memory-types.js';
import type { Context } from '../context.js';
import { addOutputOptions, type OutputFlags } from './options.js';

/** Flags of memory. */
export interface MemoryFlags extends OutputFlags {
  type?: string;
  category?: string;
}

/** Declares the memory command. */
export default function memoryCommand(ctx: Context): Command {
  const cmd = new Command('memory')
    .description('current memory spot prices (USD per unit; changePct in percent)')
    .option('--type <id-or-name>', "one memory type, by id (mem_ddr5_16gb) or name; see 'gpumkt memory-types'")
    .addOption(new Option('--category <category>', 'only this category').choices(MEMORY_CATEGORIES));
  addOutputOptions(cmd);
  cmd.addHelpText('after', "\nExamples:\n  $ gpumkt memory\n  $ gpumkt memory --category dram -f json\n  $ gpumkt memory --type mem_ddr5_16gb");
  return cmd.action(async (flags: MemoryFlags) => {
    const { runMemory } = await import('../run/memory.js');
    await runMemory(ctx, flags);
  });
}
