/**
 * `gpumkt buyers`: compute buyers, from GET /api/compute-buyers (docs/api-contract.md, Compute buyers):
 * companies that raised at least $10M (July 2024 on) and what the money buys. Premium and full keys.
 * `--tier T1,T2` keeps those tiers (the route has no filter: the rows are selected here). A snapshot,
 * so --append does not apply: the list is rewritten as the service revises it, and a raise has no
 * settled day of its own to key a series by.
 */
import { resolveWords } from '../domain/text/word-list.js';
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/text/suggest.js';
import type { Word } from './types.js';
import { defineDataset } from './flags.js';

/** The buyer tiers of the dictionary. */
export const BUYER_TIERS: readonly Word[] = [
  { value: 'T1', description: 'trains models' },
  { value: 'T2', description: 'heavy inference and infrastructure' },
  { value: 'T3', description: 'GPU-adjacent HPC' },
];

/** The tiers --tier names (upper-cased, duplicates dropped), or undefined for every tier; exit 2 for a tier that is not one. */
export function tiersOf(flags: { readonly tier?: string }): string[] | undefined {
  if (flags.tier === undefined) return undefined;
  const valid = BUYER_TIERS.map((t) => t.value);
  const out = resolveWords([flags.tier], (raw) => {
    const t = raw.toUpperCase();
    if (!valid.includes(t)) throw new UsageError(`unknown tier '${raw}'; ${didYouMean(raw, valid)}tiers: ${valid.join(', ')}`);
    return t;
  });
  if (out.length === 0) throw new UsageError(`--tier is empty; tiers: ${valid.join(', ')}`);
  return out;
}

const buyers = defineDataset({
  name: 'buyers',
  summary: 'compute buyers: companies that raised ≥ $10M since July 2024 (USD) and what for; --tier T1,T2',
  examples: ['gpumkt buyers', 'gpumkt buyers --tier T1 -f csv', 'gpumkt buyers --columns displayName,tier,sold,date -f tsv'],
  endpoint: defineEndpoint<Record<string, never>>({
    id: 'compute-buyers',
    path: () => '/api/compute-buyers',
    query: () => ({}),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?' },
      rows: {
        name: 'string',
        displayName: 'string?',
        tier: 'string?',
        workload: 'string|null?',
        forWhat: 'string|null?',
        what: 'string|null?',
        sold: 'number|null?',
        date: 'date?',
        location: 'string|null?',
        domain: 'string|null?',
        url: 'string|null?',
      },
    },
    columns: ['name', 'displayName', 'tier', 'workload', 'forWhat', 'what', 'sold', 'date', 'location', 'domain', 'url'],
    tableColumns: ['displayName', 'tier', 'workload', 'sold', 'date', 'location'],
    valueKey: 'sold',
  }),
  subject: 'none',
  groups: { window: false, series: false, analysis: false },
  options: [
    {
      flags: '--tier <list>',
      description: 'only these tiers, comma-separated: T1 (trains), T2 (heavy inference), T3 (HPC)',
      words: BUYER_TIERS,
    },
  ],
  fetch: { kind: 'single' },
  plan: 'premium',
  sort: false,
  validate: (flags) => void tiersOf(flags),
  filter: (row, _args, flags) => {
    const tiers = tiersOf(flags);
    return tiers === undefined || tiers.includes(String(row.tier));
  },
  params: () => ({}),
  table: { keys: ['displayName'], priority: ['tier', 'sold', 'date', 'workload', 'location'] },
  noAppend: {
    message: 'buyers is a snapshot the service revises, not a series: --append does not apply',
    hint: 'write a dated file instead, e.g. -o buyers-$(date +%F).csv',
  },
  glossary: [
    ['name, displayName', 'the company: its id, and its name in words'],
    ['workload, forWhat', 'what it runs; what the money is for'],
    ['what', 'the deal in words'],
    ['location', 'where the company is based'],
    ['domain, url', 'its web domain; the source of the record'],
    ['tier', 'T1 trains, T2 heavy inference or infrastructure, T3 HPC'],
    ['sold', 'the raise, USD (empty when not disclosed)'],
    ['date', 'the day of the raise'],
  ],
});

export default buyers;
