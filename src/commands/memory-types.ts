/** `gpumkt memory-types`: the 14 memory types: id, name and category, tab-separated; --live asks the service's catalogue. */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { MEMORY_CATEGORIES, MEMORY_TYPES } from '../domain/catalogues/memory-types.js';
import { withChoices } from './options.js';
import { addListOptions, printList, type ListFlags } from './list-output.js';

/** Declares the memory-types command. */
export default function memoryTypesCommand(ctx: Context): Command {
  const cmd = new Command('memory-types')
    .description('list the memory types (id, name, category), tab-separated; --live asks the service')
    .addOption(withChoices(new Option('--category <category>', 'only this category'), MEMORY_CATEGORIES))
    .option('--live', "the service's own catalogue (GET /api/memory-types) instead of the built-in list");
  return addListOptions(cmd)
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt memory-types --category flash\n  $ gpumkt memory-types -f json\n  $ gpumkt memory-types --live | cut -f1\n  $ gpumkt memory --type "$(gpumkt memory-types | head -1 | cut -f1)"',
    )
    .action(async (flags: ListFlags & { category?: string; live?: boolean }) => {
      let types: ReadonlyArray<{ id: string; name: string; category: string }> = MEMORY_TYPES;
      if (flags.live) {
        const { liveMemoryTypes } = await import('../run/one-shot/catalog-live.js');
        const live = await liveMemoryTypes(ctx);
        if (!live) return;
        types = live;
      }
      const rows = types
        .filter((t) => !flags.category || t.category === flags.category)
        .map((t) => ({ id: t.id, name: t.name, category: t.category }));
      await printList(ctx, rows, ['id', 'name', 'category'], flags, () => rows.map((t) => `${t.id}\t${t.name}\t${t.category}\n`).join(''));
    });
}
