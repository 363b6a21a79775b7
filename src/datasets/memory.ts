/**
 * `gpumkt memory`: current memory spot prices (GET /api/memory-index); `data` is one object when
 * `type` is given. With --from or --to it runs the daily history instead (memory-history.ts).
 */
import { defineEndpoint } from '../api/envelope.js';
import { checkMemoryFilter, findMemoryType, parseMemoryCategory, type MemoryCategory } from '../domain/catalogues/memory-types.js';
import memoryHistory, { MEMORY_OPTIONS } from './memory-history.js';
import { defineDataset } from './flags.js';

/** Parameters of one memory-index request. */
export interface MemoryParams {
  readonly type?: string;
  readonly category?: MemoryCategory;
}

const memory = defineDataset({
  name: 'memory',
  summary: 'current memory spot prices (USD per unit; changePct in percent); with --from/--to, daily history',
  examples: [
    'gpumkt memory',
    'gpumkt memory --category dram -f json',
    'gpumkt memory --type mem_ddr5_16gb',
    'gpumkt memory --from 30d --type mem_ddr5_16gb -f csv',
    'gpumkt memory --from 30d --category module --append memory.csv',
  ],
  endpoint: defineEndpoint<MemoryParams>({
    id: 'memory-index',
    path: () => '/api/memory-index',
    query: (p) => ({ type: p.type, category: p.category }),
    envelope: {
      fields: { success: 'boolean?', date: 'datetime?', count: 'uint?' },
      rows: {
        memoryType: 'string',
        category: 'string?',
        price: 'number',
        changePct: 'number?',
        weeklyHigh: 'number?',
        weeklyLow: 'number?',
        sourceUpdatedAt: 'datetime?',
        date: 'datetime?',
        updatedAt: 'datetime?',
      },
      oneOrMany: true,
    },
    columns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'sourceUpdatedAt', 'date', 'updatedAt'],
    tableColumns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'updatedAt'],
    valueKey: 'price',
  }),
  subject: 'none',
  // --from/--to are declared here for the history variant; the snapshot itself has no window.
  groups: { window: true, series: false, analysis: true },
  options: MEMORY_OPTIONS,
  fetch: { kind: 'single' },
  plan: 'premium',
  // The id is the row's key; the price and its move matter most, the weekly range and times least.
  table: { keys: ['id'], priority: ['price', 'changePct', 'memoryType', 'category', 'updatedAt', 'weeklyHigh', 'weeklyLow'] },
  sort: false,
  // Types are checked offline like GPU names (unknown, or of another category: exit 2 before any request).
  names: 'memory-types',
  nameWords: (_args, flags) => (flags.type === undefined ? [] : [flags.type]),
  validate: (flags, _today, learned) => checkMemoryFilter(flags.type, flags.category, learned),
  // Known types are sent by id whatever way they were typed.
  params: (flags) => ({
    type: flags.type === undefined ? undefined : (findMemoryType(flags.type)?.id ?? flags.type.trim()),
    category: flags.category === undefined ? undefined : parseMemoryCategory(flags.category),
  }),
  noAppend: {
    message: 'memory is a snapshot of current prices without --from/--to, not a series: --append does not apply',
    hint: 'give a window for the daily history, e.g. gpumkt memory --from 30d --append memory.csv',
  },
  variants: [{ label: '--from/--to', when: (flags) => flags.from !== undefined || flags.to !== undefined, dataset: memoryHistory }],
  // A lake keeps the daily history (the command itself reads the latest values only).
  sync: { variant: '--from/--to' },
  grain: 'one row per memory type: its latest reading',
  glossary: [
    ['id', 'the memory type id (gpumkt memory-types)'],
    ['memoryType, category', 'its name, and dram, flash or module'],
    ['price', 'spot price, USD per unit'],
    ['changePct', 'change against the previous reading, percent'],
    ['weeklyHigh, weeklyLow', 'highest and lowest price of the last week, USD per unit'],
    ['sourceUpdatedAt', 'when the source published the reading (UTC)'],
    ['date', 'the day of the reading (UTC midnight)'],
    ['updatedAt', 'when the service picked the reading up (UTC)'],
  ],
});

export default memory;
