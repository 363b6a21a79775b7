/**
 * Datacenter sites (docs/api-contract.md, Datacenter sites), synthetic and deterministic: site `i` is
 * a pure function of `i`. 437 neo-cloud sites and 163 others (hyperscalers and labs, `scope=all`),
 * each known from its announcement day: a site announced after the clock does not exist yet. Some
 * sites have no country (the aggregate's `Unknown`), chips the aggregate does not recognise (`Other`),
 * several chip types (counted in each bucket), and a few carry hostile text (terminal escapes, bidi
 * overrides) in their names and notes, as any free-text field from the service might.
 */
import { addDays } from '../../domain/time/dates.js';
import { intBelow, roundTo, unit } from './prng.js';

/** Neo-cloud sites, then the rest. */
export const SITE_COUNTS = { neocloud: 437, other: 163 } as const;

/** GPU types the aggregate buckets by name; any other chip counts under `Other`. */
export const RECOGNISED_GPUS = ['H100 SXM', 'H200', 'A100 SXM4', 'B200', 'RTX 5090', 'RTX PRO 6000 WS', 'B300', 'GB200', 'GB300'] as const;
const CHIPS = [...RECOGNISED_GPUS, 'MI300X', 'MI325X', 'Gaudi 3'] as const;
const GENERATION: Readonly<Record<string, string>> = {
  'H100 SXM': 'Hopper',
  H200: 'Hopper',
  'A100 SXM4': 'Ampere',
  B200: 'Blackwell',
  'RTX 5090': 'Blackwell',
  'RTX PRO 6000 WS': 'Blackwell',
  B300: 'Blackwell Ultra',
  GB200: 'Blackwell',
  GB300: 'Blackwell Ultra',
  MI300X: 'CDNA 3',
  MI325X: 'CDNA 3',
  'Gaudi 3': 'Gaudi',
};

const NEOCLOUDS = [
  'CoreWeave',
  'Lambda',
  'Crusoe',
  'Nebius',
  'Together AI',
  'Voltage Park',
  'Vultr',
  'Fluidstack',
  'TensorWave',
  'Applied Digital',
  'IREN',
  'Nscale',
  'Genesis Cloud',
  'Firmus',
] as const;
const OTHERS = ['Microsoft', 'Google', 'Amazon', 'Meta', 'Oracle', 'xAI'] as const;

/** City, state, country (null: not known), latitude, longitude. */
type City = readonly [string, string | null, string | null, number, number];
const CITIES: readonly City[] = [
  ['Dallas', 'TX', 'United States', 32.7767, -96.797],
  ['Plano', 'TX', 'United States', 33.0198, -96.6989],
  ['Abilene', 'TX', 'United States', 32.4487, -99.7331],
  ['Austin', 'TX', 'United States', 30.2672, -97.7431],
  ['Ashburn', 'VA', 'United States', 39.0438, -77.4874],
  ['Atlanta', 'GA', 'United States', 33.749, -84.388],
  ['Chicago', 'IL', 'United States', 41.8781, -87.6298],
  ['Phoenix', 'AZ', 'United States', 33.4484, -112.074],
  ['Hillsboro', 'OR', 'United States', 45.5229, -122.9898],
  ['Reno', 'NV', 'United States', 39.5296, -119.8138],
  ['London', 'England', 'United Kingdom', 51.5072, -0.1276],
  ['Slough', 'England', 'United Kingdom', 51.5105, -0.595],
  ['Amsterdam', null, 'Netherlands', 52.3676, 4.9041],
  ['Frankfurt', 'Hesse', 'Germany', 50.1109, 8.6821],
  ['Mäntsälä', null, 'Finland', 60.6333, 25.3167],
  ['Reykjavík', null, 'Iceland', 64.1466, -21.9426],
  ['Paris', null, 'France', 48.8566, 2.3522],
  ['Tokyo', null, 'Japan', 35.6762, 139.6503],
  ['Singapore', null, 'Singapore', 1.3521, 103.8198],
  ['Toronto', 'ON', 'Canada', 43.6532, -79.3832],
  ['Montréal', 'QC', 'Canada', 45.5019, -73.5674],
  ['Sydney', 'NSW', 'Australia', -33.8688, 151.2093],
  // Sites whose country the service does not know: the aggregate's `Unknown`.
  ['Undisclosed', null, null, 40.0, -100.0],
];
const STATUS = ['Operational', 'Under construction', 'Planned', 'Announced'] as const;
const COLO = ['Equinix', 'Digital Realty', 'Switch', 'CyrusOne', 'QTS', 'Core Scientific'] as const;
const CUSTOMERS = ['OpenAI', 'Microsoft', 'Mistral', 'Cohere', 'Anthropic', 'Meta'] as const;
const S = { company: 81, city: 82, chips: 83, chip: 84, qty: 85, power: 86, status: 87, own: 88, day: 89, jitter: 90, misc: 91 } as const;
// The first day a site may be announced, and how many days announcements spread over.
const FIRST_ANNOUNCED = '2022-01-03';
const ANNOUNCE_SPAN = 1800;

/** Free text a hostile or careless source could put in a field, by site: terminal escapes and bidi overrides. */
const HOSTILE: Readonly<Record<number, { siteName?: string; sourceNotes?: string }>> = {
  7: { siteName: 'Campus \x1b]0;owned\x07North\x1b[2J' },
  13: { sourceNotes: 'Permit filing\x1b[31m (red)\x1b[0m; \u202eevird\u202c\nsecond line' },
  29: { siteName: 'Hall\x9b2J B \u2066isolated\u2069' },
};

/** One site as the service sends it. */
export type Site = Record<string, unknown> & {
  company: string;
  siteName: string;
  city: string;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  gpuTypes: string[];
  isNeocloud: boolean;
  powerCapacity: number | null;
  gpuQtyKnown: number | null;
  gpuQtyEst: number | null;
};

/** Site `i` (0-based, neo-clouds first): its fields in the dictionary's order; dates left out when not known. */
export function site(i: number): Site {
  const neo = i < SITE_COUNTS.neocloud;
  const company = neo
    ? (NEOCLOUDS[intBelow(NEOCLOUDS.length, S.company, 0, i)] as string)
    : (OTHERS[intBelow(OTHERS.length, S.company, 1, i)] as string);
  const [city, state, country, lat, lon] = CITIES[intBelow(CITIES.length, S.city, 0, i)] as City;
  const chips: string[] = [];
  for (let k = 0, n = 1 + intBelow(3, S.chips, 0, i); k < n; k++) {
    const c = CHIPS[intBelow(CHIPS.length, S.chip, k, i)] as string;
    if (!chips.includes(c)) chips.push(c);
  }
  const announced = addDays(FIRST_ANNOUNCED, intBelow(ANNOUNCE_SPAN, S.day, 0, i));
  const est = 1000 * (1 + intBelow(100, S.qty, 0, i));
  const colo = intBelow(3, S.own, 0, i) === 0;
  const hostile = HOSTILE[i] ?? {};
  const noCoordinates = i % 41 === 40;
  return {
    company,
    siteName: hostile.siteName ?? `${company} ${city} ${String.fromCharCode(65 + (i % 26))}${i}`,
    streetAddress: `${100 + intBelow(9000, S.misc, 0, i)} Industrial Way`,
    city,
    state,
    country,
    latitude: noCoordinates ? null : roundTo(lat + (unit(S.jitter, 0, i) - 0.5) * 0.2, 4),
    longitude: noCoordinates ? null : roundTo(lon + (unit(S.jitter, 1, i) - 0.5) * 0.2, 4),
    dcTier: intBelow(4, S.misc, 1, i) === 0 ? null : `Tier ${intBelow(2, S.misc, 2, i) === 0 ? 'III' : 'IV'}`,
    ownershipModel: colo ? 'Colocation' : intBelow(2, S.own, 1, i) === 0 ? 'Owned' : 'Leased',
    coloPartner: colo ? COLO[intBelow(COLO.length, S.own, 2, i)] : null,
    gpuTypes: chips,
    gpuQtyKnown: intBelow(5, S.qty, 1, i) < 2 ? null : est + intBelow(1000, S.qty, 2, i),
    gpuQtyEst: intBelow(10, S.qty, 3, i) === 0 ? null : est,
    chipGeneration: GENERATION[chips[0] as string] ?? null,
    powerCapacity: intBelow(8, S.power, 0, i) === 0 ? null : roundTo(5 + 295 * unit(S.power, 1, i), 1),
    category: neo ? (intBelow(2, S.misc, 3, i) === 0 ? 'AI training' : 'Inference') : 'Hyperscale',
    isNeocloud: neo,
    status: STATUS[intBelow(STATUS.length, S.status, 0, i)],
    leaseTerm: colo ? `${5 + intBelow(11, S.misc, 4, i)} years` : null,
    keyCustomer: intBelow(3, S.misc, 5, i) === 0 ? CUSTOMERS[intBelow(CUSTOMERS.length, S.misc, 6, i)] : null,
    contractAnnounced: announced,
    gpuOrderDate: addDays(announced, 30 + intBelow(90, S.day, 1, i)),
    constructionStart: addDays(announced, 60 + intBelow(120, S.day, 2, i)),
    phase1LiveDate: addDays(announced, 240 + intBelow(300, S.day, 3, i)),
    fullCapacityTarget: addDays(announced, 540 + intBelow(600, S.day, 4, i)),
    sourceNotes: hostile.sourceNotes ?? `Press release of ${announced}; capacity per company filing`,
  };
}

/**
 * Every site known on `today`, in id order: announced by then; milestones after `today` are plans
 * (`fullCapacityTarget`) or not yet known (the other dates, left out).
 */
export function sitesAsOf(today: string, scope: 'neocloud' | 'all'): Site[] {
  const out: Site[] = [];
  const n = scope === 'all' ? SITE_COUNTS.neocloud + SITE_COUNTS.other : SITE_COUNTS.neocloud;
  for (let i = 0; i < n; i++) {
    const s = site(i);
    if ((s.contractAnnounced as string) > today) continue;
    for (const key of ['gpuOrderDate', 'constructionStart', 'phase1LiveDate'] as const) if ((s[key] as string) > today) delete s[key];
    out.push(s);
  }
  return out;
}

/** Great-circle distance in km between two points (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The aggregate buckets: by country (`Unknown` when none) or by GPU type (`Other` when not recognised; a site counts in each of its types). */
export function aggregateSites(
  sites: readonly Site[],
  by: 'country' | 'gpu_type',
): Array<{ key: string; site_count: number; total_power_mw: number; total_gpu_qty: number }> {
  const buckets = new Map<string, { site_count: number; power: number; qty: number }>();
  for (const s of sites) {
    const keys =
      by === 'country'
        ? [s.country ?? 'Unknown']
        : [...new Set(s.gpuTypes.map((g) => ((RECOGNISED_GPUS as readonly string[]).includes(g) ? g : 'Other')))];
    for (const key of keys) {
      const b = buckets.get(key) ?? { site_count: 0, power: 0, qty: 0 };
      b.site_count += 1;
      b.power += s.powerCapacity ?? 0;
      b.qty += s.gpuQtyKnown ?? s.gpuQtyEst ?? 0;
      buckets.set(key, b);
    }
  }
  return [...buckets]
    .map(([key, b]) => ({ key, site_count: b.site_count, total_power_mw: roundTo(b.power, 1), total_gpu_qty: b.qty }))
    .sort((x, y) => y.site_count - x.site_count || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}
