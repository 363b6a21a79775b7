/**
 * `gpumkt power [market...]`: daily peak power prices per market, from GET /api/power/markets
 * (docs/api-contract.md, Power markets). The service names its fields with one letter; RENAME below is
 * the one place they become columns named for what they are, and --columns takes either name.
 * Markets are checked offline (the dictionary's seven, src/domain/power.ts). Appendable: rows are
 * keyed by `market` and `date`. With --load or --fuel-mix it runs the hourly operations (power-ops.ts).
 */
import { defineEndpoint } from '../api/envelope.js';
import { POWER_MARKETS, resolvePowerMarkets } from '../domain/catalogues/power.js';
import { POWER_OPTIONS, powerFuelMix, powerLoad } from './power-ops.js';
import { defineDataset } from './flags.js';
import { inColumnOrder } from './flat-rows.js';

/** Parameters of one power-markets request: one market (the service's name) or every market. */
export interface PowerParams {
  readonly market?: string;
  readonly from: string;
  readonly to: string;
}

const ROW_ORDER = ['d', 'market', 'hub', 'p', 'o', 't', 'l', 'g'];
const OPTIONAL_NULLS = { o: null, t: null, l: null, g: null };

/** The service's short field names and the columns they are read as (the dictionary's meanings). */
export const POWER_RENAME = { d: 'date', p: 'peak_price', o: 'offpeak_price', t: 'traded_gwh', l: 'load_gwh', g: 'trades' } as const;

const power = defineDataset({
  name: 'power',
  summary: 'daily peak power prices per market (USD/MWh) with traded volume or load; --load, --fuel-mix: hourly operations',
  examples: [
    'gpumkt power',
    'gpumkt power pjm ercot --from 2026-01-01 -f csv',
    'gpumkt power --from 2017-01-01 --append power.parquet',
    'gpumkt power caiso --columns d,p',
    'gpumkt power ercot --load --from 2d',
    'gpumkt power pjm --fuel-mix -f csv',
  ],
  endpoint: defineEndpoint<PowerParams>({
    id: 'power-markets',
    path: () => '/api/power/markets',
    query: (p) => ({ market: p.market, startDate: p.from, endDate: p.to }),
    envelope: {
      fields: { success: 'boolean?', count: 'uint?', startDate: 'date?', endDate: 'date?' },
      rows: {
        market: 'string',
        hub: 'string?',
        d: 'date',
        p: 'number',
        o: 'number|null?',
        t: 'number|null?',
        l: 'number|null?',
        g: 'int|null?',
      },
      // The docs show no body: rows may come flat or grouped per market and hub (api/tolerant.ts).
      groupedBy: ['market', 'hub'],
    },
    // `o`, `t`, `l`, `g` are optional (absent where a market does not carry them): every row gets each
    // column, null where absent, in the dictionary's order, so json and Parquet rows keep one set of fields.
    rows: (body) => (Array.isArray(body.data) ? body.data : [body.data]).map((r) => inColumnOrder({ ...OPTIONAL_NULLS, ...r }, ROW_ORDER)),
    rename: POWER_RENAME,
    timeKey: 'date',
    columns: ['date', 'market', 'hub', 'peak_price', 'offpeak_price', 'traded_gwh', 'load_gwh', 'trades'],
    valueKey: 'peak_price',
  }),
  subject: 'names',
  positional: {
    name: 'market',
    description: `power markets (default: all): ${POWER_MARKETS.map((m) => m.id).join(', ')}`,
    words: [
      ...POWER_MARKETS.map((m) => ({ value: m.id, description: `${m.market} (${m.hubs.join(', ')})` })),
      { value: 'all', description: 'every market' },
    ],
  },
  groups: { window: true, series: false, analysis: true },
  options: POWER_OPTIONS,
  fetch: { kind: 'single' },
  plan: 'premium',
  sort: true,
  targetColumn: 'market',
  // Every market is one request; named markets are asked one by one, in the order given.
  targets: (args) => {
    const markets = resolvePowerMarkets(args);
    return args.length === 0 || markets.length === POWER_MARKETS.length ? [undefined] : markets.map((m) => m.market);
  },
  params: (_flags, market, window) => ({ market, from: window?.from ?? '', to: window?.to ?? '' }),
  table: { keys: ['date', 'market'], priority: ['peak_price', 'traded_gwh', 'load_gwh', 'offpeak_price', 'trades', 'hub'] },
  glossary: [
    ['date', "the trading day (the service's d)"],
    ['market, hub', 'the market and the pricing hub of its peak product'],
    ['peak_price', 'peak price, USD/MWh (p)'],
    ['offpeak_price', 'off-peak price, USD/MWh (o; ERCOT only)'],
    ['traded_gwh', 'volume traded, GWh (t; not ERCOT)'],
    ['load_gwh', 'system load, GWh (l; ERCOT only)'],
    ['trades', 'number of trades (g; not ERCOT)'],
  ],
  sync: {
    // The docs give no bound ("by weeks"): six weeks is gpumkt's choice.
    revisit: {
      days: 42,
      why: '"ICE-published hub workbooks can lag the trade date by weeks": the last 42 days are asked again (the docs give no bound; six weeks is gpumkt\'s choice)',
    },
  },
  variants: [
    { label: '--load', when: (flags) => flags.load === true, dataset: powerLoad },
    { label: '--fuel-mix', when: (flags) => flags.fuelMix === true, dataset: powerFuelMix },
  ],
});

export default power;
