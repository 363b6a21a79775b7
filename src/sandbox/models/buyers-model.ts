/**
 * Compute buyers (docs/api-contract.md, Compute buyers), premium and full keys: a synthetic snapshot of
 * companies that raised at least $10M from July 2024 on, and what for. Buyer `i` is a pure function of
 * `i`; a raise dated after the clock is not known yet. Body `{ success, count, data }`, newest raise first
 * (the sandbox's choice; the docs give no order). `sold` is null where the amount was not disclosed and
 * `domain` null where the company has no site of its own.
 */
import { addDays } from '../../domain/time/dates.js';
import { jsonReply, type Reply } from '../http.js';
import { intBelow, unit } from './prng.js';
import type { ExtraInput } from '../handlers/tables.js';

/** Buyers in the synthetic snapshot (before the clock cuts it). */
export const BUYER_COUNT = 48;

const FIRST_RAISE = '2024-07-01';
const SPAN_DAYS = 880;
const TIERS = [
  { tier: 'T1', workload: 'Frontier training', what: 'GPU clusters for pre-training', forWhat: 'training foundation models' },
  { tier: 'T2', workload: 'Heavy inference', what: 'inference capacity and serving infrastructure', forWhat: 'serving models at scale' },
  { tier: 'T3', workload: 'GPU-adjacent HPC', what: 'simulation and rendering compute', forWhat: 'scientific and industrial HPC' },
] as const;
const STEMS = [
  'Aster',
  'Boreal',
  'Cinder',
  'Delta',
  'Ember',
  'Fathom',
  'Granite',
  'Helix',
  'Ion',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orbit',
  'Pallas',
] as const;
const SUFFIX = ['AI', 'Labs', 'Systems'] as const;
const PLACES = [
  'San Francisco, US',
  'New York, US',
  'London, UK',
  'Paris, FR',
  'Toronto, CA',
  'Berlin, DE',
  'Tel Aviv, IL',
  'Singapore, SG',
] as const;
const S = { stem: 101, suffix: 102, tier: 103, sold: 104, day: 105, place: 106, domain: 107 } as const;

/** Buyer `i` with the dictionary's fields, in its order. */
export function buyer(i: number): Record<string, unknown> {
  const stem = STEMS[i % STEMS.length] as string;
  const display = `${stem} ${SUFFIX[Math.floor(i / STEMS.length) % SUFFIX.length] as string}`;
  const name = display.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const t = TIERS[intBelow(TIERS.length, S.tier, 0, i)] as (typeof TIERS)[number];
  const hidden = intBelow(6, S.sold, 0, i) === 0;
  const domain = intBelow(8, S.domain, 0, i) === 0 ? null : `${name.replace(/-/g, '')}.example`;
  return {
    name,
    displayName: display,
    tier: t.tier,
    workload: t.workload,
    forWhat: t.forWhat,
    what: t.what,
    sold: hidden ? null : Math.round(10 + 990 * unit(S.sold, 1, i)) * 1_000_000,
    date: addDays(FIRST_RAISE, intBelow(SPAN_DAYS, S.day, 0, i)),
    location: PLACES[intBelow(PLACES.length, S.place, 0, i)],
    domain,
    url: `https://news.example/raises/${name}`,
  };
}

/** GET /api/compute-buyers: the buyers known on `today`, newest raise first (then by name). */
export function computeBuyersHandler({ today }: ExtraInput): Reply {
  const data = Array.from({ length: BUYER_COUNT }, (_, i) => buyer(i))
    .filter((b) => (b.date as string) <= today)
    .sort((a, b) =>
      (a.date as string) < (b.date as string)
        ? 1
        : (a.date as string) > (b.date as string)
          ? -1
          : (a.name as string) < (b.name as string)
            ? -1
            : 1,
    );
  return jsonReply(200, { success: true, count: data.length, data });
}
