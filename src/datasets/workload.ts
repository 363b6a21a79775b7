/**
 * `gpumkt workload [lab...]`: the workload cost index of the closed labs, GET /api/workload
 * (docs/api-contract.md): one row per day, lab and family, `all` being the lab's aggregate of its
 * classes. Both dates are always sent: the service returns its entire (growing) history when they are
 * left out, so the whole history takes an explicit --from. No lab named: one request for every lab;
 * named labs: one request each. `--family` keeps some families (checked offline against the named
 * labs'). Appendable: rows are keyed by date, lab and family.
 */
import { typedWords } from '../domain/text/word-list.js';
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { CLOSED_LABS, isLab, WORKLOAD_FAMILIES } from '../domain/catalogues/labs.js';
import { didYouMean } from '../domain/text/suggest.js';
import type { Row } from '../domain/row.js';
import { defineDataset } from './flags.js';

/** Parameters of one workload request. */
export interface WorkloadParams {
  readonly lab?: string;
  readonly from: string;
  readonly to: string;
}

/** The labs named, checked offline (exit 2 with the closest lab), de-duplicated in the order given. */
export function workloadLabs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of args) {
    const lab = raw.trim().toLowerCase();
    if (lab === 'all') return [...CLOSED_LABS];
    if (!CLOSED_LABS.includes(lab)) {
      const why = isLab(lab) ? `'${raw}' has no workload cost index` : `unknown lab '${raw}'`;
      throw new UsageError(
        `${why}: workload covers ${CLOSED_LABS.join(', ')}`,
        `${didYouMean(lab, CLOSED_LABS)}see 'gpumkt workload --help'`,
      );
    }
    if (!out.includes(lab)) out.push(lab);
  }
  return out;
}

/** The families --family lists, lower-cased (undefined without the flag). */
function familyList(flags: { readonly family?: string }): string[] | undefined {
  const v = flags.family;
  if (v === undefined) return undefined;
  return typedWords([v]).map((f) => f.toLowerCase());
}

/** The families of --family, checked against the families of `labs` (every closed lab when none is named). */
export function workloadFamilies(flags: { readonly family?: string }, labs: readonly string[]): string[] | undefined {
  const families = familyList(flags);
  if (families === undefined) return undefined;
  const valid = [...new Set((labs.length > 0 ? labs : CLOSED_LABS).flatMap((l) => WORKLOAD_FAMILIES[l] ?? []))];
  if (families.length === 0) throw new UsageError('--family needs at least one family, e.g. --family all,opus');
  for (const f of families) {
    if (!valid.includes(f)) {
      const whose = labs.length > 0 ? `of ${labs.join(', ')}` : 'of any lab';
      throw new UsageError(
        `--family: '${f}' is not a workload family ${whose} (${valid.join(', ')})`,
        `${didYouMean(f, valid)}'all' is each lab's aggregate`,
      );
    }
  }
  return families;
}

/** Rank of a value in a list; values the list does not know go after it (a stable sort keeps their order). */
const rankIn = (list: readonly string[], v: unknown): number => {
  const i = list.indexOf(String(v));
  return i === -1 ? list.length : i;
};

/**
 * The rows of a body in one order whatever order they came in (the docs do not state it): by date, then
 * lab, then family, labs and families in the service's catalogue order.
 */
export function workloadRowOrder(rows: readonly Row[]): Row[] {
  const key = (r: Row): [string, number, number] => [
    String(r.date),
    rankIn(CLOSED_LABS, r.lab),
    rankIn(WORKLOAD_FAMILIES[String(r.lab)] ?? [], r.family),
  ];
  return [...rows].sort((a, b) => {
    const [da, la, fa] = key(a);
    const [db, lb, fb] = key(b);
    return da < db ? -1 : da > db ? 1 : la - lb || fa - fb;
  });
}

const FAMILY_WORDS = [...new Set(CLOSED_LABS.flatMap((l) => WORKLOAD_FAMILIES[l] ?? []))].map((f) => ({
  value: f,
  description: f === 'all' ? "the lab's aggregate" : CLOSED_LABS.filter((l) => WORKLOAD_FAMILIES[l]?.includes(f)).join(', '),
}));

const workload = defineDataset({
  name: 'workload',
  summary: "workload cost index per day, closed lab and model family (all = the lab's aggregate)",
  examples: [
    'gpumkt workload',
    'gpumkt workload anthropic --family all,opus,sonnet',
    'gpumkt workload openai --from 2026-06-11 -f csv',
    'gpumkt workload --family all --append workload.csv',
  ],
  endpoint: defineEndpoint<WorkloadParams>({
    id: 'workload',
    path: () => '/api/workload',
    query: (p) => ({ startDate: p.from, endDate: p.to, lab: p.lab }),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?', startDate: 'string?', endDate: 'string?', lab: 'string?' },
      rows: {
        date: 'date',
        lab: 'string',
        family: 'string',
        cCents: 'number',
        lfl: 'number|null?',
        qKtok: 'number|null?',
        priceEffect: 'number|null?',
        intensityEffect: 'number|null?',
        mixEffect: 'number|null?',
        computedAt: 'datetime?',
      },
    },
    rows: (body) => workloadRowOrder(Array.isArray(body.data) ? body.data : [body.data]),
    timeKey: 'date',
    columns: ['date', 'lab', 'family', 'cCents', 'lfl', 'qKtok', 'priceEffect', 'intensityEffect', 'mixEffect', 'computedAt'],
    valueKey: 'cCents',
  }),
  subject: 'names',
  positional: {
    name: 'lab',
    description: `closed labs: ${CLOSED_LABS.join(', ')} or 'all' (default: every lab, in one request)`,
    words: CLOSED_LABS.map((lab) => ({ value: lab, description: (WORKLOAD_FAMILIES[lab] ?? []).join(' ') })),
  },
  groups: { window: true, series: false, analysis: true },
  options: [
    {
      flags: '--family <list>',
      description: "comma-separated families to keep, e.g. all,opus ('all' is each lab's aggregate)",
      words: FAMILY_WORDS,
    },
  ],
  fetch: { kind: 'single' },
  sort: true,
  targetColumn: 'lab',
  keyColumns: ['lab', 'family'],
  plan: 'premium',
  publishLagDays: 2,
  publishes: 'a day settles about 36 hours after it ends (UTC)',
  table: {
    keys: ['date', 'lab', 'family'],
    priority: ['cCents', 'lfl', 'qKtok', 'priceEffect', 'intensityEffect', 'mixEffect', 'computedAt'],
  },
  // No lab named: one request answers for every lab; named labs are asked one by one (the route's own filter).
  targets: (args, flags) => {
    const labs = workloadLabs(args);
    workloadFamilies(flags, labs);
    return labs.length === 0 ? [undefined] : labs;
  },
  filter: (row, _args, flags) => familyList(flags)?.includes(String(row.family)) ?? true,
  params: (_flags, lab, window) => ({ lab, from: window?.from ?? '', to: window?.to ?? '' }),
  glossary: [
    ['date', 'the day (UTC); settled about 36 hours after it ends'],
    ['lab, family', "closed lab and model family; 'all' = the lab's aggregate"],
    ['cCents', 'US cents per thousand tokens (per image: image classes)'],
    ['lfl', 'like-for-like cost index (a fixed mix)'],
    ['qKtok', 'thousand tokens (images: image classes); classes sum to all'],
    ['priceEffect', "the day's cost move from unit prices; classes sum to all"],
    ['intensityEffect', 'the move from the quantity of work'],
    ['mixEffect', 'the move from the family mix (all rows; may be null)'],
    ['computedAt', 'when the service computed the row (UTC)'],
  ],
});

export default workload;
