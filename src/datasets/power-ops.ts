/**
 * `gpumkt power --load` and `gpumkt power --fuel-mix`: hourly power operations per market (EIA regional
 * data), from GET /api/power/load and GET /api/power/fuel-mix (docs/api-contract.md, Power operations).
 * Sub-daily data: a full key only (a premium key exits 3 before any request; the service would answer
 * 403 "Premium access is daily-grain only …"). Appendable: rows are keyed by `market` and `timestamp`.
 */
import { defineEndpoint } from '../api/envelope.js';
import { UsageError } from '../errors.js';
import { POWER_MARKETS, resolvePowerMarkets } from '../domain/catalogues/power.js';
import type { Shape } from '../api/validate.js';
import type { Dataset } from './types.js';
import { datasetOptions, type DatasetFlags } from './flags.js';

/** Parameters of one operations request. */
export interface PowerOpsParams {
  readonly market?: string;
  readonly from: string;
  readonly to: string;
}

/** The options of `power` (src/datasets/power.ts), declared here because its two operations views read them. */
export const POWER_OPTIONS = datasetOptions([
  { flags: '--load', description: 'hourly actual and day-ahead forecast demand (MW) instead; a full key only' },
  { flags: '--fuel-mix', description: 'hourly generation by fuel (MW) instead; a full key only' },
]);

/** The flags of `power`, as its operations views get them. */
type PowerFlags = DatasetFlags<typeof POWER_OPTIONS, { window: true; series: false; analysis: false }>;

/** --load and --fuel-mix are two datasets: one at a time. */
function oneView(flags: PowerFlags): void {
  if (flags.load === true && flags.fuelMix === true) throw new UsageError('--load and --fuel-mix are two datasets; give one of them');
}

/** The operations dataset of one route, from its row fields (MW values). */
function opsDataset(
  id: 'load' | 'fuel-mix',
  values: Shape,
  summary: string,
  glossary: ReadonlyArray<readonly [string, string]>,
): Dataset<PowerOpsParams, PowerFlags> {
  return {
    name: 'power',
    summary,
    glossary: [
      ['timestamp', 'start of the hour (UTC)'],
      ['market', 'the power market (gpumkt power --help lists them)'],
      ['region', 'the grid region the figures are for (EIA data)'],
      ...glossary,
    ],
    examples: [],
    endpoint: defineEndpoint<PowerOpsParams>({
      id: `power-${id}`,
      path: () => `/api/power/${id}`,
      query: (p) => ({ market: p.market, startDate: p.from, endDate: p.to }),
      envelope: {
        fields: { success: 'boolean?', count: 'uint?', startDate: 'date?', endDate: 'date?' },
        rows: { timestamp: 'datetime', market: 'string', region: 'string?', ...values },
      },
      timeKey: 'timestamp',
      columns: ['timestamp', 'market', 'region', ...Object.keys(values)],
      valueKey: Object.keys(values)[0],
    }),
    subject: 'names',
    groups: { window: true, series: false, analysis: false },
    fetch: { kind: 'single' },
    sort: true,
    plan: 'full',
    targetColumn: 'market',
    validate: oneView,
    targets: (args) => {
      const markets = resolvePowerMarkets(args);
      return args.length === 0 || markets.length === POWER_MARKETS.length ? [undefined] : markets.map((m) => m.market);
    },
    params: (_flags, market, window) => ({ market, from: window?.from ?? '', to: window?.to ?? '' }),
  };
}

/** `power --load`: hourly actual and day-ahead forecast demand. */
export const powerLoad = opsDataset(
  'load',
  { actual_mw: 'number', forecast_mw: 'number|null?' },
  'hourly actual and day-ahead forecast demand per market (MW)',
  [
    ['actual_mw', 'demand in the hour, MW'],
    ['forecast_mw', 'the day-ahead forecast of it, MW (empty: none)'],
  ],
);

/** `power --fuel-mix`: hourly generation by fuel. */
export const powerFuelMix = opsDataset(
  'fuel-mix',
  {
    coal_mw: 'number?',
    gas_mw: 'number?',
    nuclear_mw: 'number?',
    hydro_mw: 'number?',
    wind_mw: 'number?',
    solar_mw: 'number?',
    other_mw: 'number?',
  },
  'hourly generation by fuel per market (MW)',
  [['*_mw', 'generation by that fuel in the hour, MW (other: the rest)']],
);
