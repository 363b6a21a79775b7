/** The robust reading of a body (src/api/tolerant.ts): what is required, what is kept, what the docs allow. */
import { describe, expect, it } from 'vitest';
import type { EnvelopeSpec } from '../../../src/api/endpoint.js';
import { aliasesOf, readTolerantly, UnusableBody } from '../../../src/api/tolerant.js';

const LATEST: EnvelopeSpec = {
  fields: { success: 'boolean?', count: 'uint?' },
  rows: { gpu_name: 'string', region: 'string?', index_value: 'number', date: 'date?' },
  oneOrMany: true,
};

const POWER: EnvelopeSpec = {
  fields: { success: 'boolean?' },
  rows: { market: 'string', hub: 'string?', d: 'date', p: 'number', t: 'number|null?' },
  groupedBy: ['market', 'hub'],
};

const fatal = (spec: EnvelopeSpec, json: unknown): string => {
  try {
    readTolerantly(spec, json);
  } catch (e) {
    if (e instanceof UnusableBody) return `${e.fatal.path} ${e.fatal.kind}`;
    throw e;
  }
  return 'read';
};

describe('required and kept', () => {
  it('a required field missing or off its type is unusable; an optional one off its type is kept and listed', () => {
    expect(fatal(LATEST, { data: [{ gpu_name: 'H200' }] })).toBe('data.0.index_value number');
    expect(fatal(LATEST, { data: [{ gpu_name: 'H200', index_value: '2.1' }] })).toBe('data.0.index_value number');
    expect(fatal(LATEST, { data: 'x' })).toBe('data array');
    expect(fatal(LATEST, [])).toBe('(body) object');
    expect(fatal(LATEST, { data: [7] })).toBe('data.0 object');
    const read = readTolerantly(LATEST, {
      success: 'yes',
      data: [{ gpu_name: 'H200', index_value: 2.1, region: 0, date: '2026-11-19T00:00:00Z', extra: 1 }],
    });
    expect(read.deviations.map((d) => `${d.path}:${d.kind}`)).toEqual(['success:boolean', 'data.0.region:string', 'data.0.date:date']);
    expect(read.body.data).toEqual([{ gpu_name: 'H200', index_value: 2.1, region: 0, date: '2026-11-19T00:00:00Z', extra: 1 }]);
  });

  it('one object where one row is expected', () => {
    const read = readTolerantly(LATEST, { data: { gpu_type: 'H200', index_value: 2 } });
    expect(read.body.data).toEqual({ gpu_name: 'H200', index_value: 2 });
    expect(read.deviations).toEqual([]);
  });
});

describe('either documented name', () => {
  it('maps the other name of a field documented under two, in place, and only when the shape has one of them', () => {
    expect(aliasesOf(LATEST.rows)).toEqual({ gpu_type: 'gpu_name' });
    expect(aliasesOf({ gpu_type: 'string', recorded_at: 'datetime' })).toEqual({ gpu_name: 'gpu_type', timestamp: 'recorded_at' });
    expect(aliasesOf({ gpu_type: 'string', gpu_name: 'string' })).toEqual({});
    const read = readTolerantly(LATEST, { data: [{ region: '', gpu_type: 'H200', index_value: 2 }] });
    expect(Object.keys((read.body.data as object[])[0] as object)).toEqual(['region', 'gpu_name', 'index_value']);
  });

  it('a row carrying both names keeps both, the shape’s name read', () => {
    const read = readTolerantly(LATEST, { data: [{ gpu_name: 'H200', gpu_type: 'other', index_value: 2 }] });
    expect(read.body.data).toEqual([{ gpu_name: 'H200', gpu_type: 'other', index_value: 2 }]);
  });

  it('an own __proto__ key is dropped, never set as the row’s prototype', () => {
    const json = JSON.parse('{"__proto__":{"polluted":1},"data":[{"__proto__":{"x":1},"gpu_name":"H200","index_value":1}]}') as object;
    const read = readTolerantly(LATEST, json);
    const row = (read.body.data as object[])[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, '__proto__')).toBe(false);
    expect(Object.hasOwn(read.body, '__proto__')).toBe(false);
  });
});

describe('grouped rows', () => {
  const flat = [
    { market: 'PJM', hub: 'PJM WH', d: '2026-11-02', p: 40 },
    { market: 'PJM', hub: 'PJM WH', d: '2026-11-03', p: 41 },
    { market: 'CAISO', hub: 'NP15', d: '2026-11-02', p: 50 },
    { market: 'CAISO', hub: 'SP15', d: '2026-11-02', p: 51 },
  ];
  const rowsOf = (json: unknown): unknown => readTolerantly(POWER, json).body.data;
  const sorted = (rows: unknown): unknown =>
    (rows as Record<string, unknown>[]).map((r) => `${String(r.market)}|${String(r.hub)}|${String(r.d)}|${String(r.p)}`).sort();

  it('flat rows stay as they are', () => {
    expect(rowsOf({ data: flat.map((r) => ({ ...r, t: 'x' })) })).toHaveLength(4);
  });

  it.each([
    [
      'groups per market and hub, any name for the list',
      {
        data: [
          {
            market: 'PJM',
            hub: 'PJM WH',
            prices: [
              { d: '2026-11-02', p: 40 },
              { d: '2026-11-03', p: 41 },
            ],
          },
          { market: 'CAISO', hub: 'NP15', prices: [{ d: '2026-11-02', p: 50 }] },
          { market: 'CAISO', hub: 'SP15', prices: [{ d: '2026-11-02', p: 51 }] },
        ],
      },
    ],
    [
      'a market with its hubs nested',
      {
        data: [
          {
            market: 'PJM',
            hubs: [
              {
                hub: 'PJM WH',
                rows: [
                  { d: '2026-11-02', p: 40 },
                  { d: '2026-11-03', p: 41 },
                ],
              },
            ],
          },
          {
            market: 'CAISO',
            hubs: [
              { hub: 'NP15', rows: [{ d: '2026-11-02', p: 50 }] },
              { hub: 'SP15', rows: [{ d: '2026-11-02', p: 51 }] },
            ],
          },
        ],
      },
    ],
    [
      'an object keyed by market, then hub',
      {
        data: {
          PJM: {
            'PJM WH': [
              { d: '2026-11-02', p: 40 },
              { d: '2026-11-03', p: 41 },
            ],
          },
          CAISO: { NP15: [{ d: '2026-11-02', p: 50 }], SP15: [{ d: '2026-11-02', p: 51 }] },
        },
      },
    ],
  ])('%s: the same rows as flat', (_name, json) => {
    expect(sorted(rowsOf(json))).toEqual(sorted(flat));
  });

  it('a body naming its one market at the top, rows without it', () => {
    const rows = rowsOf({
      market: 'PJM',
      hub: 'PJM WH',
      data: [
        { d: '2026-11-02', p: 40 },
        { d: '2026-11-03', p: 41 },
      ],
    });
    expect(sorted(rows)).toEqual(sorted(flat.slice(0, 2)));
  });

  it('a group without rows, or rows without their time, is still unusable', () => {
    expect(fatal(POWER, { data: [{ market: 'PJM', hub: 'x' }] })).toBe('data.0.d date');
    expect(fatal(POWER, { data: [{ market: 'PJM', rows: [{ p: 1 }] }] })).toBe('data.0.d date');
  });
});
