/** `gpumkt memory-types`: the 14 memory types: id, name and category, tab-separated; --live asks the service's catalogue. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { MEMORY_CATEGORIES, MEMORY_TYPES } from '../domain/memory-types.js';

/** Declares the memory-types command. */
export default function memoryTypesCommand(ctx: Context): Command {
  return new Command('memory-types')
    .description('list the memory types (id, name, category), tab-separated; --live asks the service')
    .addOption(new Option('--category <category>', 'only this category').choices(MEMORY_CATEGORIES))
    .option('--live', "the service's own catalogue (GET /api/memory-types) instead of the built-in list")
    .addHelpText('after', '\nExamples:\n  $ gpumkt memory-types --category flash\n  $ gpumkt memory-types --live | cut -f1')
    .action(async (flags: { category?: string; live?: boolean }) => {
      let types: ReadonlyArray<{ id: string; name: string; category: string }> = MEMORY_TYPES;
      if (flags.live) {
        const { liveMemoryTypes } = await import('../run/catalog-live.js');
        const live = await liveMemoryTypes(ctx);
        if (!live) return;
        types = live;
      }
      const rows = types.filter((t) => !flags.category || t.category === flags.category);
      ctx.io.stdout.write(rows.map((t) => `${t.id}\t${t.name}\t${t.category}\n`).join(''));
    });
}
