/**
 * The sandbox against the service's data dictionary (test/fixtures/service-docs/data-dictionary.json,
 * the dictionary's field tables and id lists extracted from the docs). The dictionary describes
 * datasets, not routes: ROUTES says which of a dataset's documented fields each route carries (where
 * its rows are, and which fields sit at the top of the body). For each route every such field must be
 * present on every row with the documented type (nullable only where documented so; optional fields
 * may be absent, never null), and ids must come from the documented lists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { get, useSandbox } from './helpers.js';

interface Field {
  readonly names: readonly string[];
  readonly type: 'string' | 'number' | 'boolean' | 'array' | 'object';
  readonly format?: 'date' | 'date-time';
  readonly nullable: boolean;
  readonly optional: boolean;
  /** One field documented under either name (`gpu_type` / `gpu_name`), rather than several fields in one row of the table. */
  readonly either: boolean;
}

interface Dictionary {
  readonly sections: readonly { readonly number: number; readonly title: string; readonly fieldTables: readonly (readonly Field[])[] }[];
  readonly ids: Readonly<Record<string, unknown>>;
}

const DICT = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/service-docs/data-dictionary.json'), 'utf8')) as Dictionary;
const ids = DICT.ids as {
  gpus: string[];
  labs: string[];
  memoryTypes: Record<string, string[]>;
  memoryCategories: string[];
  workloadLabs: string[];
  workloadFamilies: Record<string, string[]>;
  powerMarkets: string[];
  powerHubs: Record<string, string[]>;
  forwardCurves: string[];
  forwardTenors: { label: string; months: number }[];
  codingTools: string[];
  access: string[];
};

type Obj = Record<string, unknown>;

/** One route: where its rows are, which documented fields they carry, and which documented lists its ids come from. */
interface Route {
  readonly path: string;
  /** Section number of the data dictionary, and which of its field tables (default 0). */
  readonly section: number;
  readonly table?: number;
  /** The rows to check (default: `data`, a list or one object). */
  readonly rows?: (body: Obj) => Obj[];
  /** The documented fields each row carries (the first name of a field documented under two). */
  readonly fields: readonly string[];
  /** Documented fields at the top of the body. */
  readonly top?: readonly string[];
  /** A row field and the documented values it takes. */
  readonly ids?: Readonly<Record<string, (row: Obj) => readonly unknown[]>>;
  /** The dictionary's "can be blank" note (datacenter sites): a documented string or number may be null. */
  readonly blanks?: boolean;
}

const DAYS = 'startDate=2026-11-02&endDate=2026-11-03';
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : v === undefined ? [] : [v as Obj]);
const memoryNames = Object.values(ids.memoryTypes).flat();
const gpu = { gpu_name: () => ids.gpus };

const ROUTES: Readonly<Record<string, Route>> = {
  'daily index, every GPU': { path: '/api/daily-index/all', section: 2, fields: ['gpu_type', 'region', 'index_value', 'date'], ids: gpu },
  'daily index, one GPU': {
    path: '/api/daily-index?gpuType=H100%20SXM',
    section: 2,
    fields: ['gpu_type', 'region', 'index_value', 'date'],
    ids: gpu,
  },
  'current index': { path: '/api/gpu/H100%20SXM', section: 2, fields: ['gpu_type', 'region', 'index_value', 'last_updated'], ids: gpu },
  'clean series': {
    path: `/api/gpu/H100%20SXM/history-simple?${DAYS}&granularity=daily`,
    section: 2,
    fields: ['timestamp', 'index_value'],
    top: ['access', 'granularity'],
  },
  'public daily series': { path: '/api/gpu/H100%20SXM/index-history', section: 2, fields: ['timestamp', 'index_value'], top: ['access'] },
  'history with metadata': {
    path: `/api/gpu/H100%20SXM/history-range?${DAYS}`,
    section: 2,
    fields: ['timestamp', 'index_value'],
    top: ['access', 'granularity'],
  },
  'rolling 24-hour average': {
    path: '/api/gpu/H100%20SXM/rolling-24h-average',
    section: 2,
    fields: ['gpu_type', 'region', 'average_usd_per_hour', 'last_updated'],
    top: ['access'],
    ids: gpu,
  },
  volatility: {
    path: `/api/gpu/H100%20SXM/volatility?${DAYS}`,
    section: 3,
    fields: ['recorded_at', 'gpu_type', 'region', 'index_value', 'rolling_volatility', 'window_days'],
    ids: { gpu_type: () => ids.gpus },
  },
  'market utilization': {
    path: `/api/gpu/H100%20SXM/volume-metrics?${DAYS}`,
    section: 3,
    table: 1,
    fields: ['recorded_at', 'utilization_ratio'],
  },
  'forward curves': {
    path: '/api/forward',
    section: 4,
    rows: (b) => [...list(b.data), ...list(b.suppressed)].flatMap((c) => list(c.points)),
    fields: ['name', 'label', 'months', 'price', 'has_mark', 'provenance', 'as_of_date', 'insufficient_data'],
    top: ['data', 'suppressed', 'asOf'],
    ids: {
      name: () => ids.forwardCurves,
      label: () => ids.forwardTenors.map((t) => t.label),
      months: () => ids.forwardTenors.map((t) => t.months),
    },
  },
  'memory spot prices': {
    path: '/api/memory-index',
    section: 5,
    fields: ['memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'sourceUpdatedAt', 'updatedAt'],
    ids: { memoryType: () => memoryNames, category: () => ids.memoryCategories },
  },
  'memory history': {
    path: `/api/memory/mem_ddr4_16gb/history?${DAYS}`,
    section: 5,
    fields: ['date', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'timestamp', 'sourceUpdatedAt'],
    ids: { memoryType: () => memoryNames, category: () => ids.memoryCategories },
  },
  'token price index': {
    path: '/api/otpi',
    section: 6,
    fields: ['date', 'lab', 'indexPerMtok', 'computedAt'],
    top: ['access'],
    ids: { lab: () => ids.labs },
  },
  'token volume': {
    path: `/api/token-volume?${DAYS}`,
    section: 7,
    rows: (b) => list(b.data).flatMap((d) => list(d.labs).map((l) => ({ ...l, date: d.date, totalGrowthIndex: d.totalGrowthIndex }))),
    fields: ['date', 'lab', 'totalTokens', 'growthIndex', 'share', 'totalGrowthIndex'],
    top: ['baselines', 'totalBaseline'],
    ids: { lab: () => ids.workloadLabs },
  },
  'workload cost': {
    path: `/api/workload?${DAYS}`,
    section: 8,
    fields: ['date', 'lab', 'family', 'cCents', 'lfl', 'qKtok', 'priceEffect', 'intensityEffect', 'mixEffect', 'computedAt'],
    ids: { lab: () => ids.workloadLabs, family: (r) => ids.workloadFamilies[String(r.lab)] ?? [] },
  },
  'model frontier, models': {
    path: '/api/model-frontier',
    section: 9,
    rows: (b) =>
      list((b.data as Obj).models).map((m) => ({
        ...m,
        ...Object.fromEntries(Object.entries(m.bench as Obj).map(([k, v]) => [`bench.${k}`, v])),
      })),
    fields: [
      'slug',
      'name',
      'lab',
      'cap',
      'tpt',
      'price',
      'pIn',
      'pOut',
      'totalTokens',
      'costPerTask',
      'bench.coding',
      'bench.reasoning',
      'bench.math',
    ],
    ids: { lab: () => ids.labs },
  },
  'model frontier, thinking levels': {
    path: '/api/model-frontier',
    section: 9,
    rows: (b) => list((b.data as Obj).efforts),
    fields: ['model', 'effort', 'rank', 'cost', 'tokensEst', 'timeSec', 'speedTps', 'speedMeasured', 'costBasis'],
    ids: {
      effort: () => ['minimal', 'low', 'medium', 'high', 'xhigh', 'max', 'thinking', 'default'],
      costBasis: () => ['otpi', 'measured'],
      rank: () => [0, 1, 2, 3, 4, 5],
    },
  },
  'coding, latest values': {
    path: '/api/llm-coding/index?product=cc-prs',
    section: 10,
    fields: ['date', 'value', 'changePct', 'updatedAt'],
  },
  'coding, history': {
    path: `/api/llm-coding/history?product=cc-prs&${DAYS}`,
    section: 10,
    fields: ['date', 'value'],
  },
  'power markets': {
    path: `/api/power/markets?${DAYS}`,
    section: 11,
    fields: ['d', 'p', 'o', 't', 'l', 'g'],
    // A hub cell of the dictionary may name two hubs (CAISO: 'NP15 …, SP15 …'): the sandbox's row names the cell.
    ids: {
      market: () => ids.powerMarkets,
      hub: (r) => [...(ids.powerHubs[String(r.market)] ?? []), (ids.powerHubs[String(r.market)] ?? []).join(', ')],
    },
  },
  'datacenter sites': {
    path: '/api/neocloud/sites?limit=500&scope=all',
    section: 12,
    blanks: true,
    fields: [
      'company',
      'siteName',
      'streetAddress',
      'city',
      'state',
      'country',
      'latitude',
      'longitude',
      'dcTier',
      'ownershipModel',
      'coloPartner',
      'gpuTypes',
      'gpuQtyKnown',
      'gpuQtyEst',
      'chipGeneration',
      'powerCapacity',
      'category',
      'isNeocloud',
      'status',
      'leaseTerm',
      'keyCustomer',
      'sourceNotes',
    ],
  },
  'compute buyers': {
    path: '/api/compute-buyers',
    section: 13,
    fields: ['name', 'displayName', 'tier', 'workload', 'forWhat', 'what', 'sold', 'date', 'location', 'domain', 'url'],
  },
};

/** The documented field called `name` in section `section`'s table. */
function documented(section: number, table: number, name: string): Field {
  const fields = DICT.sections.find((s) => s.number === section)?.fieldTables[table] ?? [];
  const f = fields.find((x) => x.names.includes(name));
  if (!f) throw new Error(`the data dictionary's section ${section} documents no field ${name}`);
  return f;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Why `v` is not what `f` documents, or undefined when it is. */
function offType(v: unknown, f: Field, blanks: boolean): string | undefined {
  if (v === undefined) return f.optional ? undefined : 'missing';
  if (v === null) return f.nullable || (blanks && f.type !== 'boolean') ? undefined : 'null, not documented as nullable';
  const ok =
    f.type === 'array'
      ? Array.isArray(v)
      : f.type === 'object'
        ? typeof v === 'object' && !Array.isArray(v)
        : f.type === 'number'
          ? typeof v === 'number' && Number.isFinite(v)
          : typeof v === f.type;
  if (!ok) return `${JSON.stringify(v)} is not a ${f.type}`;
  if (f.format === 'date' && !DATE.test(v as string)) return `${JSON.stringify(v)} is not a date`;
  if (f.format === 'date-time' && !DATE_TIME.test(v as string)) return `${JSON.stringify(v)} is not an ISO 8601 date-time`;
  return undefined;
}

/** The value of documented field `f` on `row`, under whichever of its names the row uses when it is one field under two names. */
const valueOf = (row: Obj, f: Field, name: string): unknown =>
  f.either ? f.names.map((n) => row[n]).find((v) => v !== undefined) : row[name];

const sb = useSandbox({ today: '2026-11-20' });

async function bodyOf(route: Route): Promise<Obj> {
  const r = await get(sb(), route.path);
  expect(r.status, r.text).toBe(200);
  return r.body as Obj;
}

describe.each(Object.entries(ROUTES))('%s', (name, route) => {
  it(`every documented field on every row, of the documented type (${route.path.split('?')[0]})`, async () => {
    const body = await bodyOf(route);
    const rows = route.rows ? route.rows(body) : list(body.data);
    expect(rows.length).toBeGreaterThan(0);
    const problems = new Set<string>();
    for (const fieldName of route.fields) {
      const f = documented(route.section, route.table ?? 0, fieldName);
      for (const row of rows) {
        const why = offType(valueOf(row, f, fieldName), f, route.blanks === true);
        if (why) problems.add(`${fieldName}: ${why}`);
      }
    }
    for (const fieldName of route.top ?? []) {
      const why = offType(body[fieldName], documented(route.section, route.table ?? 0, fieldName), false);
      if (why) problems.add(`(top) ${fieldName}: ${why}`);
    }
    if (typeof body.access === 'string') expect(ids.access).toContain(body.access);
    expect([...problems]).toEqual([]);
  });

  const checks = Object.entries(route.ids ?? {});
  if (checks.length === 0) return;
  it('ids from the documented lists', async () => {
    const body = await bodyOf(route);
    const rows = route.rows ? route.rows(body) : list(body.data);
    const undocumented = new Set<string>();
    for (const [field, allowed] of checks)
      for (const row of rows) {
        const f = route.fields.includes(field) ? documented(route.section, route.table ?? 0, field) : undefined;
        const v = f ? valueOf(row, f, field) : row[field];
        if (!allowed(row).includes(v)) undocumented.add(`${field}: ${JSON.stringify(v)}`);
      }
    expect([...undocumented]).toEqual([]);
  });
});
