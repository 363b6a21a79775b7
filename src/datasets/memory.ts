/** `gpumkt memory`: current memory spot prices (GET /api/memory-index); `data` is one object when `type` is given. */
import { defineEndpoint } from '../api/envelope.js';
import { closest } from '../domain/suggest.js';
import { findMemoryType, MEMORY_CATEGORIES, MEMORY_TYPES, parseMemoryCategory, type MemoryCategory } from '../domain/memory-types.js';
import type { Dataset } from './types.js';

/** Parameters of one memory-index request. */
export interface MemoryParams {
  readonly type?: string;
  readonly category?: MemoryCategory;
}

const memory: Dataset<MemoryParams> = {
  name: 'memory',
  summary: 'current memory spot prices (USD per unit; changePct in percent)',
  examples: ['gpumkt memory', 'gpumkt memory --category dram -f json', 'gpumkt memory --type mem_ddr5_16gb'],
  endpoint: defineEndpoint<MemoryParams>({
    id: 'memory-index',
    path: () => '/api/memory-index',
    query: (p) => ({ type: p.type, category: p.category }),
    envelope: {
      fields: { success: 'boolean?', date: 'datetime?', count: 'uint?' },
      rows: {
        memoryType: 'string', category: 'string?', price: 'number', changePct: 'number?', weeklyHigh: 'number?',
        weeklyLow: 'number?', sourceUpdatedAt: 'datetime?', date: 'datetime?', updatedAt: 'datetime?',
      },
      oneOrMany: true,
    },
    columns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'sourceUpdatedAt', 'date', 'updatedAt'],
    tableColumns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'updatedAt'],
    valueKey: 'price',
  }),
  subject: 'none',
  groups: { window: false, series: false, analysis: false },
  options: [
    { flags: '--type <id-or-name>', description: "one memory type, by id (mem_ddr5_16gb) or name; see 'gpumkt memory-types'", values: 'memory-type' },
    { flags: '--category <category>', description: 'only this category', choices: MEMORY_CATEGORIES },
  ],
  fetch: { kind: 'single' },
  // The id is the row's key; the price and its move matter most, the weekly range and times least.
  table: { keys: ['id'], priority: ['price', 'changePct', 'memoryType', 'category', 'updatedAt', 'weeklyHigh', 'weeklyLow'] },
  sort: false,
  validate: (flags) => void (flags.category === undefined ? undefined : parseMemoryCategory(flags.category as string)),
  warnings: (flags) => {
    const typed = flags.type as string | undefined;
    if (typed === undefined || findMemoryType(typed) !== undefined) return [];
    const near = closest(typed, MEMORY_TYPES.flatMap((t) => [t.id, t.name]));
    const guess = near === undefined ? '' : `did you mean '${near}'? `;
    return [`'${typed}' is not a memory type gpumkt knows; ${guess}sent as typed (see 'gpumkt memory-types')`];
  },
  // Known types are sent by id whatever way they were typed; unknown ones go as typed (the service decides).
  params: (flags) => ({
    type: flags.type === undefined ? undefined : (findMemoryType(flags.type as string)?.id ?? (flags.type as string).trim()),
    category: flags.category === undefined ? undefined : parseMemoryCategory(flags.category as string),
  }),
  noAppend: { message: 'memory is a snapshot of current prices, not a series: --append does not apply', hint: 'write one file per day, e.g. -o memory-$(date -u +%F).csv' },
};

export default memory;
