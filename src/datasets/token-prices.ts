/**
 * `gpumkt token-prices [lab...]`: the token-price index (OTPI), GET /api/otpi (docs/api-contract.md):
 * USD per million tokens per lab and settled day. No dates: the latest settled day (nothing sent);
 * `--date D`: that day (`date`); `--from/--to` (and every --append): the range (`startDate`+`endDate`,
 * never sent with `date`). Named labs are asked one request each (the route takes one `lab`).
 * Without a key the service serves its free tier: 4 labs over the trailing month; a run asking for
 * more exits 3 before any request. Appendable: rows are keyed by `lab` and `date`.
 */
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { parseUserDate, subtractMonths } from '../domain/time/dates.js';
import { FREE_LABS, LABS, resolveLabList } from '../domain/catalogues/labs.js';
import { defineDataset, type WindowFlags } from './flags.js';

/** Parameters of one OTPI request: a day, a range, or neither (the latest settled day); one lab or all. */
export interface TokenPriceParams {
  readonly date?: string;
  readonly startDate?: string;
  readonly endDate?: string;
  readonly lab?: string;
}

/** Months of history the free tier reaches back from today. */
export const OTPI_FREE_MONTHS = 1;

/** The day --date names, if given. */
const dayOf = (flags: { readonly date?: string }, today: string): string | undefined =>
  flags.date === undefined ? undefined : parseUserDate(flags.date, today, '--date');

/** True when the run sends a range: --from/--to given, or an append (which continues from the file's last day). */
const ranged = (flags: WindowFlags & { readonly append?: string }): boolean =>
  flags.from !== undefined || flags.to !== undefined || flags.append !== undefined;

const tokenPrices = defineDataset({
  name: 'token-prices',
  summary: 'token-price index (OTPI): USD per million tokens per AI lab and settled day',
  examples: [
    'gpumkt token-prices',
    'gpumkt token-prices openai anthropic --from 3m -f csv',
    'gpumkt token-prices --date 2026-11-01 -f json',
    'gpumkt token-prices --from 2026-06-04 --append otpi.csv',
    'gpumkt token-prices deepseek --from 7d   # works without a key (free tier)',
  ],
  endpoint: defineEndpoint<TokenPriceParams>({
    id: 'otpi',
    path: () => '/api/otpi',
    query: (p) => ({ date: p.date, startDate: p.startDate, endDate: p.endDate, lab: p.lab }),
    envelope: {
      fields: { success: 'boolean?', access: 'string?', date: 'date?', startDate: 'date?', endDate: 'date?', count: 'uint?' },
      rows: { date: 'date', lab: 'string', indexPerMtok: 'number', computedAt: 'datetime|null?' },
    },
    timeKey: 'date',
    columns: ['date', 'lab', 'indexPerMtok', 'computedAt'],
    valueKey: 'indexPerMtok',
  }),
  subject: 'names',
  positional: {
    name: 'lab',
    description: `AI labs (default: every lab the key reads; without a key the free four: ${FREE_LABS.join(', ')})`,
    words: LABS.map((l) => ({ value: l.lab, description: FREE_LABS.includes(l.lab) ? `${l.label} (free tier)` : l.label })),
  },
  groups: { window: true, series: false, analysis: true },
  publishes: 'a day settles a short time after it ends (UTC)',
  options: [
    {
      flags: '--date <date>',
      description: 'one settled day instead of a range (default without --from/--to: the latest settled day)',
      values: 'date',
    },
  ],
  fetch: { kind: 'single' },
  sort: true,
  plan: 'free',
  targetColumn: 'lab',
  validate: (flags, today) => {
    if (flags.date === undefined) return;
    if (flags.from !== undefined || flags.to !== undefined)
      throw new UsageError('--date is one day; --from/--to a range: give one or the other');
    if (flags.append !== undefined)
      throw new UsageError("--append continues a range from the file's last day: use --from instead of --date");
    dayOf(flags, today);
  },
  // Labs are checked offline, with suggestions; none named is one request for every lab the key reads.
  names: 'labs',
  targets: (args, _flags, _keyed, learned) => {
    const labs = resolveLabList(args, [...new Set([...LABS.map((l) => l.lab), ...(learned ?? []).map((e) => e.id)])]);
    return labs.length === 0 ? [undefined] : labs;
  },
  params: (flags, lab, window, today) => {
    const date = dayOf(flags, today);
    if (date !== undefined) return { date, lab };
    return ranged(flags) && window ? { startDate: window.from, endDate: window.to, lab } : { lab };
  },
  freeTier: (targets, flags, window, today) => {
    const paid = targets.filter((l): l is string => l !== undefined && !FREE_LABS.includes(l));
    if (paid.length > 0)
      return `the 4 free labs (${FREE_LABS.join(', ')}), and ${paid.map((l) => `'${l}'`).join(', ')} ${paid.length === 1 ? 'is' : 'are'} not one of them`;
    const first = dayOf(flags, today) ?? (ranged(flags) ? window?.from : undefined);
    const start = subtractMonths(today, OTPI_FREE_MONTHS);
    return first !== undefined && first < start ? `the trailing month only (from ${start}), and this run starts on ${first}` : undefined;
  },
  sync: {
    revisit: {
      days: 'all',
      why: '"new labs backfill from their first settlement", so a past day can gain a lab: every day held is asked again (one request)',
    },
  },
  table: { keys: ['date', 'lab'], priority: ['indexPerMtok', 'computedAt'] },
  glossary: [
    ['date', 'the settled day (UTC)'],
    ['lab', "the lab's id (gpumkt labs)"],
    ['indexPerMtok', 'USD per million tokens, full precision'],
    ['computedAt', 'when the day was settled (UTC)'],
  ],
});

export default tokenPrices;
