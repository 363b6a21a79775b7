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
  table: { keys: ['date', 'lab'], priority: ['totalTokens', 'share', 'growthIndex', 'totalGrowthIndex'] },
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
