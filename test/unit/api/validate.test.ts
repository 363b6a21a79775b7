/**
 * The fast validation path must agree with the zod schemas (the documented contract): for every
 * endpoint, on real sandbox bodies, on hand-picked edge cases and on generated mutations of them,
 * `endpoint.check(body)` is true exactly when the schema accepts the body, and then the schema gives
 * the body back with the same content (so skipping zod changes nothing the user sees).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/api/endpoint.js';
import { requestUrl } from '../../../src/api/client.js';
import { ALL_DATASETS } from '../../../src/datasets/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';

const KEY = 'validate-test-key';
// Every registered dataset and variant, asked for its first target (H100 SXM where it is per model)
// over a short window: the list of what is validated derives from the registry, so a new dataset is
// covered without editing this file.
const WINDOW = { from: '2026-11-10', to: '2026-11-20' };
const FLAGS = { granularity: 'auto', region: 'global', type: 'mem_ddr5_16gb', at: '2026-11-15 10:30' };
const ENDPOINTS: ReadonlyArray<[Endpoint<never, unknown>, string]> = ALL_DATASETS.map((ds) => {
  const target = ds.targets ? ds.targets([], FLAGS, true)[0] : ds.subject === 'none' ? undefined : 'H100 SXM';
  const params = {
    ...ds.params(FLAGS, target, ds.groups.window ? WINDOW : undefined, WINDOW.to),
    ...(ds.fetch.kind === 'series' ? { limit: 40 } : {}),
  };
  return [
    ds.endpoint as Endpoint<never, unknown>,
    requestUrl('http://x', ds.endpoint.path(params), ds.endpoint.query(params)).slice('http://x'.length),
  ];
});

/** One body per endpoint, straight from the sandbox, plus memory's single-object form. */
async function fixtures(): Promise<Map<string, unknown[]>> {
  const sb = await startSandbox({ today: '2026-11-20', keys: { valid: [KEY] } });
  try {
    const out = new Map<string, unknown[]>();
    for (const [ep, path] of ENDPOINTS) {
      const res = await fetch(sb.url + path, { headers: { authorization: `Bearer ${KEY}` } });
      expect(res.status, path).toBe(200);
      // Rows share one shape and the edits below touch the first two only, while each check reads them
      // all: a body of more than 240 fields (wide site rows, thousands of hourly rows; no earlier
      // fixture) is cut to about 60, so every endpoint's edits take about as long.
      const body = (await res.json()) as { data?: unknown };
      const rows = Array.isArray(body.data) ? (body.data as object[]) : [];
      const width = rows.length > 0 ? Object.keys(rows[0] as object).length : 1;
      const cut = rows.length * width > 240 ? { ...body, data: rows.slice(0, Math.max(2, Math.floor(60 / width))) } : body;
      out.set(ep.id, [cut]);
    }
    const one = await fetch(`${sb.url}/api/memory-index?type=mem_ddr4_8gb`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(one.status).toBe(200);
    out.get('memory-index')?.push(await one.json());
    return out;
  } finally {
    await sb.close();
  }
}
const bodies = await fixtures();

/** True when an object anywhere in `v` has an own `__proto__` key (JSON.parse makes one; zod's copy drops it). */
function hasOwnProto(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) return true;
  return Object.values(v).some(hasOwnProto);
}

/** Asserts the fast check and the schema agree on `body`. */
async function agree(ep: Endpoint<never, unknown>, body: unknown): Promise<boolean> {
  const parsed = (await ep.loadSchema()).safeParse(body);
  const fast = ep.check(body);
  // The one allowed difference: a body zod accepts but would not keep unchanged goes the schema's way.
  if (parsed.success && !fast && hasOwnProto(body)) return false;
  expect(fast, `${ep.id}: fast=${fast} zod=${parsed.success} on ${JSON.stringify(body)?.slice(0, 300)}`).toBe(parsed.success);
  if (parsed.success) expect(parsed.data).toEqual(body);
  return fast;
}

// Values that sit on the edges of the zod types: non-finite numbers, unsafe integers, code points vs
// UTF-16 units in min(10), almost-dates, nulls, wrong containers.
const EDGES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  2 ** 53,
  2 ** 53 - 1,
  -(2 ** 53),
  1e308,
  Number.NaN,
  Infinity,
  -Infinity,
  '',
  'x',
  '2026-11-20',
  '2026-1-20',
  '2026-11-20 ',
  '2026-11-20T00:00:00.000Z',
  '123456789',
  '1234567890',
  '\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}',
  '\u{1F600}12345678',
  '\u{1F600}123456789',
  '\ud800123456789',
  [],
  [1],
  ['a'],
  {},
  { a: 1 },
  // An own `__proto__` key, as JSON.parse makes it (zod's copy drops it; fast-check found this one).
  JSON.parse('{"__proto__":0}'),
];

/** Every body with one field (at any depth, rows included) replaced by `value`, or deleted. */
function* mutations(body: unknown, value: unknown): Generator<unknown> {
  if (Array.isArray(body)) {
    for (let i = 0; i < Math.min(body.length, 2); i++) {
      for (const m of mutations(body[i], value)) yield body.map((x, j) => (j === i ? m : x));
    }
    return;
  }
  if (typeof body !== 'object' || body === null) return;
  const obj = body as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    yield { ...obj, [key]: value };
    const { [key]: _gone, ...rest } = obj;
    yield rest;
    for (const m of mutations(obj[key], value)) yield { ...obj, [key]: m };
  }
  yield { ...obj, extra_field: value };
}

describe('fast validation agrees with the zod schemas', () => {
  for (const [ep] of ENDPOINTS) {
    it(`${ep.id}: accepts the sandbox's bodies, as zod does`, async () => {
      for (const body of bodies.get(ep.id) ?? []) expect(await agree(ep, body)).toBe(true);
    });

    it(`${ep.id}: same verdict on every single-field edit of a real body`, async () => {
      let rejected = 0;
      for (const body of bodies.get(ep.id) ?? []) {
        for (const value of EDGES) {
          for (const m of mutations(body, value)) if (!(await agree(ep, m))) rejected++;
        }
      }
      // The edits must actually exercise the reject side, or the test could not fail.
      expect(rejected).toBeGreaterThan(50);
      // Thousands of validations (4 s on an idle machine): room for a loaded shared 2-core one.
    }, 180_000);

    it(`${ep.id}: same verdict on generated values in place of any field`, async () => {
      const body = (bodies.get(ep.id) ?? [])[0];
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), fc.nat(), async (value, pick) => {
          const all = [...mutations(body, value)];
          await agree(ep, all[pick % all.length]);
        }),
        { numRuns: 300 },
      );
    });

    it(`${ep.id}: rejects what is not a body at all`, async () => {
      for (const v of EDGES) expect(await agree(ep, v)).toBe(false);
    });
  }
});
