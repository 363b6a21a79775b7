/**
 * `gpumkt memory --from/--to`: daily memory prices, one GET /api/memory/{type}/history per type
 * (docs/api-contract.md), paced by the client's rate limit. The types come from --type (one),
 * --category (its types) or neither (all 14). Rows come oldest first; several types are merged by
 * date, then in catalogue order. Appendable: rows are keyed by `id` and `date`.
 */
import { MEMORY_HISTORY_LIMIT } from '../domain/service/contract.js';
import { defineEndpoint } from '../api/envelope.js';
import { daysBetween } from '../domain/time/dates.js';
import {
  checkMemoryFilter,
  findMemoryType,
  MEMORY_CATEGORIES,
  MEMORY_TYPES,
  parseMemoryCategory,
} from '../domain/catalogues/memory-types.js';
import type { Dataset } from './types.js';
import type { NameEntry } from '../domain/catalogues/name-catalogues.js';
import { typedWords } from '../domain/text/word-list.js';
import { datasetOptions, type DatasetFlags } from './flags.js';

/** Parameters of one memory-history request. */
export interface MemoryHistoryParams {
  /** The type's id (or, for a type this CLI does not know, what the user typed). */
  readonly type: string;
  readonly from: string;
  readonly to: string;
  readonly limit: number;
}

/** The options of `memory` (src/datasets/memory.ts), declared here because its history reads them too. */
export const MEMORY_OPTIONS = datasetOptions([
  {
    flags: '--type <id-or-name>',
    description: "one memory type, by id (mem_ddr5_16gb) or name; see 'gpumkt memory-types'",
    values: 'memory-type',
  },
  { flags: '--category <category>', description: 'only this category', choices: MEMORY_CATEGORIES },
]);

/** The flags of `memory` with a window, as its history reads them. */
type MemoryFlags = DatasetFlags<typeof MEMORY_OPTIONS, { window: true; series: false; analysis: false }>;

/**
 * The types one run asks for, in catalogue order; unknown types and contradictions are usage errors (as
 * for the snapshot). `learned`: the service's catalogue, when a name was looked up there.
 */
export function historyTypes(flags: MemoryFlags, learned: readonly NameEntry[] = []): string[] {
  checkMemoryFilter(flags.type, flags.category, learned);
  const category = flags.category === undefined ? undefined : parseMemoryCategory(flags.category);
  if (flags.type !== undefined) return [(findMemoryType(flags.type, learned) as { id: string }).id];
  return MEMORY_TYPES.filter((t) => category === undefined || t.category === category).map((t) => t.id);
}

/** Types named as arguments (a sync names the service's catalogue this way): each checked like --type. */
function namedTypes(args: readonly string[], flags: MemoryFlags, learned: readonly NameEntry[]): string[] {
  return [...new Set(typedWords(args).map((type) => historyTypes({ ...flags, type }, learned)[0] as string))];
}

const memoryHistory: Dataset<MemoryHistoryParams, MemoryFlags> = {
  name: 'memory',
  summary: 'daily memory prices per type, oldest first',
  examples: [],
  endpoint: defineEndpoint<MemoryHistoryParams>({
    id: 'memory-history',
    path: (p) => `/api/memory/${encodeURIComponent(p.type)}/history`,
    query: (p) => ({ startDate: p.from, endDate: p.to, limit: String(p.limit) }),
    envelope: {
      fields: { success: 'boolean?', id: 'string?', memoryType: 'string?', count: 'uint?' },
      rows: {
        date: 'datetime',
        id: 'string',
        memoryType: 'string?',
        category: 'string?',
        price: 'number',
        weeklyHigh: 'number?',
        weeklyLow: 'number?',
        changePct: 'number?',
        sourceUpdatedAt: 'datetime?',
        timestamp: 'datetime?',
      },
    },
    timeKey: 'date',
    columns: ['date', 'id', 'memoryType', 'category', 'price', 'weeklyHigh', 'weeklyLow', 'changePct', 'sourceUpdatedAt', 'timestamp'],
    tableColumns: ['date', 'id', 'price', 'weeklyHigh', 'weeklyLow', 'changePct'],
    valueKey: 'price',
  }),
  subject: 'none',
  groups: { window: true, series: false, analysis: true },
  publishes: 'prices settle each weekday at 4 PM ET',
  fetch: { kind: 'single' },
  plan: 'premium',
  sort: true,
  targetColumn: 'id',
  names: 'memory-types',
  nameWords: (args, flags) => [...args, ...(flags.type === undefined ? [] : [flags.type])],
  targets: (args, flags, _keyed, learned = []) => (args.length > 0 ? namedTypes(args, flags, learned) : historyTypes(flags, learned)),
  // The limit covers every calendar day of the window, so the service's default of 1000 never cuts it.
  params: (_flags, type, window) => ({
    type: type as string,
    from: window?.from ?? '',
    to: window?.to ?? '',
    limit: window ? daysBetween(window.from, window.to) + 1 : MEMORY_HISTORY_LIMIT,
  }),
  grain: 'one row per memory type and weekday with a reading',
  glossary: [
    ['date', 'the day of the reading (UTC midnight)'],
    ['id', 'the memory type id (gpumkt memory-types)'],
    ['memoryType, category', 'its name, and dram, flash or module'],
    ['price', 'spot price, USD per unit'],
    ['weeklyHigh, weeklyLow', 'highest and lowest price of the week to that day, USD per unit'],
    ['changePct', 'change against the previous reading, percent'],
    ['sourceUpdatedAt', 'when the source published the reading (UTC)'],
    ['timestamp', 'when the service stored the reading (UTC)'],
  ],
};

export default memoryHistory;
