/**
 * `gpumkt token-volume`: daily token volume of the closed labs, GET /api/token-volume
 * (docs/api-contract.md). Both dates are required by the service and always sent (default window: 30
 * days). The body holds one entry per day with a `labs` list (a lab without volume that day is left
 * out, not zero); it is flattened to one row per day and lab, carrying the day's `totalGrowthIndex`.
 * Appendable: rows are keyed by `lab` and `date`, and the indices are fixed-base (window-independent).
 */
import { defineEndpoint } from '../api/envelope.js';
import type { EnvelopeBody } from '../api/endpoint.js';
import type { Shape } from '../api/validate.js';
import type { Row } from '../domain/row.js';
import { shapeProblems } from './flat-rows.js';
import { defineDataset } from './flags.js';

/** Parameters of one token-volume request. */
export interface TokenVolumeParams {
  readonly from: string;
  readonly to: string;
}

/** One flat row: a lab on a day. */
const LAB_DAY: Shape = {
  date: 'date',
  lab: 'string',
  totalTokens: 'int',
  growthIndex: 'number|null?',
  share: 'number|null?',
  totalGrowthIndex: 'number|null?',
};

/** One row per day and lab: the lab's fields after the day's date, then the day's totalGrowthIndex. */
function labDays(body: EnvelopeBody): Row[] {
  const out: Row[] = [];
  for (const day of Array.isArray(body.data) ? body.data : [body.data]) {
    const { labs, date, totalGrowthIndex, ...rest } = day;
    for (const lab of Array.isArray(labs) ? (labs as Row[]) : []) {
      // Day-level fields the docs do not name are kept after the lab's own (unknown fields survive).
      out.push({ date, ...lab, totalGrowthIndex: totalGrowthIndex ?? null, ...rest });
    }
  }
  return out;
}

/** Days listed by name in the note about missing labs; the rest are counted. */
const NAMED_DAYS = 3;

/**
 * The note for days where a lab that had volume before is absent: the service's `share` (and the day's
 * total) is then over the labs present, so it is not comparable with the days around it. Nothing is
 * recomputed: the rows stay as served; the note says which days.
 */
export function missingLabs(rows: readonly Row[]): string | undefined {
  const byDay = new Map<string, Set<string>>();
  for (const r of rows) {
    const day = String(r.date);
    const labs = byDay.get(day) ?? new Set<string>();
    labs.add(String(r.lab));
    byDay.set(day, labs);
  }
  const started = new Set<string>();
  const gaps: string[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const labs = byDay.get(day) as Set<string>;
    const missing = [...started].filter((l) => !labs.has(l));
    if (missing.length > 0) gaps.push(`${day} (no ${missing.join(', ')})`);
    for (const l of labs) started.add(l);
  }
  if (gaps.length === 0) return undefined;
  const more = gaps.length > NAMED_DAYS ? ` and ${gaps.length - NAMED_DAYS} more` : '';
  const days = `${gaps.length} day${gaps.length === 1 ? '' : 's'}`;
  return `a lab is missing on ${days}, ${gaps.slice(0, NAMED_DAYS).join(', ')}${more}: share there is of the labs present, not comparable with other days`;
}

const tokenVolume = defineDataset({
  name: 'token-volume',
  summary: 'daily token volume of the closed labs (anthropic, openai, google): tokens, growth index, share',
  examples: [
    'gpumkt token-volume',
    'gpumkt token-volume --from 2026-07-01 -f csv',
    'gpumkt token-volume --from 90d --append token-volume.csv',
    'gpumkt token-volume --columns date,lab,share -f tsv',
  ],
  endpoint: defineEndpoint<TokenVolumeParams>({
    id: 'token-volume',
    path: () => '/api/token-volume',
    query: (p) => ({ startDate: p.from, endDate: p.to }),
    envelope: {
      fields: { success: 'boolean?', baselines: 'object[]?', totalBaseline: 'object|null?' },
      rows: { date: 'date', labs: 'object[]', totalGrowthIndex: 'number|null?' },
    },
    rows: labDays,
    flatRows: LAB_DAY,
    timeKey: 'date',
    columns: Object.keys(LAB_DAY),
    valueKey: 'totalTokens',
  }),
  subject: 'none',
  groups: { window: true, series: false, analysis: true },
  fetch: { kind: 'single' },
  sort: true,
  plan: 'premium',
  targetColumn: 'lab',
  params: (_flags, _target, window) => ({ from: window?.from ?? '', to: window?.to ?? '' }),
  checks: (rows) => shapeProblems(rows, LAB_DAY, (r) => `token-volume ${String(r.date)} ${String(r.lab)}`),
  caveat: missingLabs,
  publishes: 'a day settles a short time after it ends (UTC)',
  table: { keys: ['date', 'lab'], priority: ['totalTokens', 'share', 'growthIndex', 'totalGrowthIndex'] },
  numeric: ['totalTokens', 'growthIndex', 'share', 'totalGrowthIndex'],
  glossary: [
    ['date', 'the settled day (UTC)'],
    ['lab', 'anthropic, openai or google (absent on days without volume)'],
    ['totalTokens', "the lab's tokens that day"],
    ['growthIndex', "the lab's tokens, 100 at its own first settled day"],
    ['share', "the lab's share of the day's tokens, 0-1"],
    ['totalGrowthIndex', "the day's total, 100 at the first day of all three labs"],
  ],
});

export default tokenVolume;
