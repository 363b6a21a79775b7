/** GET /api/memory-index (spec 4.5): memory spot prices; `data` is one object when `type` is given. */
import type { Endpoint } from '../endpoint.js';
import type { MemoryCategory } from '../../domain/memory-types.js';
import { arrayCheck, envelopeCheck, objectCheck } from '../validate.js';
import type { MemoryBody } from './memory-index-schema.js';

export type { MemoryBody } from './memory-index-schema.js';

/** Parameters of one memory-index request. */
export interface MemoryParams {
  readonly type?: string;
  readonly category?: MemoryCategory;
}

// Mirrors memoryRowSchema and memorySchema field by field.
const row = objectCheck({
  memoryType: 'string', category: 'string?', price: 'number', changePct: 'number?', weeklyHigh: 'number?',
  weeklyLow: 'number?', sourceUpdatedAt: 'datetime?', date: 'datetime?', updatedAt: 'datetime?',
});
const rows = arrayCheck(row);

/** The memory-index endpoint; a single-object `data` becomes a one-row list. */
export const memoryIndexEndpoint: Endpoint<MemoryParams, MemoryBody> = {
  id: 'memory-index',
  path: () => '/api/memory-index',
  query: (p) => ({ type: p.type, category: p.category }),
  loadSchema: async () => (await import('./memory-index-schema.js')).memorySchema,
  check: envelopeCheck({ success: 'boolean?', date: 'datetime?', count: 'uint?' }, {
    // z.union([z.array(row), row]): an array of rows, or one row.
    data: { check: (d) => (Array.isArray(d) ? rows(d) : row(d)) },
  }),
  rows: (body) => (Array.isArray(body.data) ? body.data : [body.data]),
  columns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'sourceUpdatedAt', 'date', 'updatedAt'],
  tableColumns: ['id', 'memoryType', 'category', 'price', 'changePct', 'weeklyHigh', 'weeklyLow', 'updatedAt'],
  valueKey: 'price',
};
