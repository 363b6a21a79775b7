/**
 * The seven power markets of the service's data dictionary (docs/api-contract.md, Power markets): the
 * market as the service names it, its pricing hubs, the word users type, and the EIA balancing region
 * of its hourly operations. ERCOT carries load and an off-peak price instead of traded volume.
 */
import { resolveWords } from '../text/word-list.js';
import { UsageError } from '../../errors.js';
import { didYouMean } from '../text/suggest.js';

/** One market. */
export interface PowerMarket {
  /** The word the CLI takes and completes, e.g. `wecc-northwest`. */
  readonly id: string;
  /** The market as the service names it (its `market` field and parameter). */
  readonly market: string;
  /** The pricing hubs whose peak products the daily rows report (CAISO has two), as the dictionary names them. */
  readonly hubs: readonly string[];
  /** The EIA balancing region of the market's hourly load and fuel mix. */
  readonly region: string;
  /** Other words that name it (hub nicknames). */
  readonly aliases: readonly string[];
}

/** The seven markets, in the dictionary's order. */
export const POWER_MARKETS: readonly PowerMarket[] = [
  { id: 'wecc-northwest', market: 'WECC Northwest', hubs: ['Mid C Peak'], region: 'BPAT', aliases: ['mid-c', 'midc', 'northwest'] },
  { id: 'pjm', market: 'PJM', hubs: ['PJM WH Real Time Peak'], region: 'PJM', aliases: ['pjm-west', 'western-hub'] },
  {
    id: 'caiso',
    market: 'CAISO',
    hubs: ['NP15 EZ Gen DA LMP Peak', 'SP15 EZ Gen DA LMP Peak'],
    region: 'CISO',
    aliases: ['np15', 'sp15', 'california'],
  },
  { id: 'iso-ne', market: 'ISO-NE', hubs: ['Nepool MH DA LMP Peak'], region: 'ISNE', aliases: ['isone', 'nepool', 'new-england'] },
  { id: 'wecc-southwest', market: 'WECC Southwest', hubs: ['Palo Verde Peak'], region: 'AZPS', aliases: ['palo-verde', 'southwest'] },
  { id: 'miso', market: 'MISO', hubs: ['Indiana Hub RT Peak'], region: 'MISO', aliases: ['indiana', 'indiana-hub'] },
  { id: 'ercot', market: 'ERCOT', hubs: ['HB_NORTH'], region: 'ERCO', aliases: ['hb-north', 'hbnorth', 'texas'] },
];

/** The first day of the service's power market history. */
export const POWER_HISTORY_START = '2017-01-03';

/** The market whose rows carry load and off-peak instead of traded volume. */
export const LOAD_MARKET = 'ERCOT';

const squash = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/** The market a user's word names (its id, the service's name or an alias, any case), or undefined. */
export function findPowerMarket(input: string): PowerMarket | undefined {
  const key = squash(input);
  return POWER_MARKETS.find((m) => squash(m.id) === key || squash(m.market) === key || m.aliases.some((a) => squash(a) === key));
}

/** The markets a list of words names (`all` is every market; `pjm,ercot` two): exit 2 with a suggestion for a word that names none. */
export function resolvePowerMarkets(inputs: readonly string[]): PowerMarket[] {
  const resolve = (input: string): PowerMarket => {
    const m = findPowerMarket(input);
    if (m) return m;
    const words = POWER_MARKETS.flatMap((p) => [p.id, ...p.aliases]);
    throw new UsageError(
      `unknown power market '${input}'; ${didYouMean(input, words)}markets: ${POWER_MARKETS.map((p) => p.id).join(', ')} (or 'all')`,
    );
  };
  return resolveWords(inputs, resolve, POWER_MARKETS);
}
