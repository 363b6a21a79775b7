/** `gpumkt memory-types`: the 14 memory types: id, name and category, tab-separated. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { MEMORY_CATEGORIES, MEMORY_TYPES } from '../domain/memory-types.js';
import { withChoices } from './options.js';

/** Declares the memory-types command. */
export default function memoryTypesCommand(ctx: Context): Command {
  return new Command('memory-types')
    .description('list the memory types (id, name, category), tab-separated')
    .addOption(withChoices(new Option('--category <category>', 'only this category'), MEMORY_CATEGORIES))
    .action((flags: { category?: string }) => {
      const rows = MEMORY_TYPES.filter((t) => !flags.category || t.category === flags.category);
      ctx.io.stdout.write(rows.map((t) => `${t.id}\t${t.name}\t${t.category}\n`).join(''));
    });
}
