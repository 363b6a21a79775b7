/**
 * The AI-market routes of the sandbox (docs/api-contract.md): workload cost, LLM-coding analytics and
 * the model frontier, served from workload-model.ts, coding-model.ts and frontier-model.ts. All but the
 * coding catalogue need a key of any plan (premium or full); route-table.ts answers 401 without one.
 *
 * Where the docs are silent, the sandbox decides:
 * - workload: `{ success, startDate?, endDate?, lab?, count, data }`, rows oldest first; no dates =
 *   the entire history; a `lab` other than the three closed labs is 400 (as OTPI's unknown lab);
 * - coding history: `{ success, product, compare, seriesLabels, count, data: [{ date, value, value2? }] }`,
 *   oldest first; `product` is required (400 without it, 400 for an unknown one); dates default to the
 *   whole history; `limit` (default 2000) keeps the most recent rows; an empty window is 200 + empty data;
 * - coding index and products: `{ success, count, data }`; the model frontier: `{ success, data: { … } }`.
 */
import { CLOSED_LABS } from '../../domain/catalogues/labs.js';
import { CODING_PRODUCTS } from '../../domain/catalogues/coding-products.js';
import { badRequest, echo, jsonReply, type Reply } from '../http.js';
import type { ExtraInput } from './tables.js';
import { lastWorkloadDay, workloadRows, WORKLOAD_START } from '../models/workload-model.js';
import { codingHistory, codingIndex, lastCodingDay, CODING_START } from '../models/coding-model.js';
import { frontierDocument } from '../models/frontier-model.js';

/** Default `limit` of the coding history (service docs). */
export const CODING_HISTORY_LIMIT = 2000;

/** An inclusive window from optional startDate/endDate, bounded by what exists; 400 when reversed. */
function window(input: ExtraInput, first: string, last: string | undefined): { from: string; to: string } {
  const to = input.params.date('endDate', () => last ?? first);
  const from = input.params.date('startDate', () => first);
  if (from > to) throw badRequest('startDate must not be after endDate');
  return { from, to: last === undefined || to < last ? to : last };
}

/** GET /api/workload?startDate=&endDate=&lab=. */
export function workloadHandler(input: ExtraInput): Reply {
  const lab = input.params.get('lab');
  if (lab !== undefined && !CLOSED_LABS.includes(lab)) throw badRequest(`Invalid lab: ${echo(lab)}. Allowed: ${CLOSED_LABS.join(', ')}`);
  const hasDates = input.params.get('startDate') !== undefined || input.params.get('endDate') !== undefined;
  const last = lastWorkloadDay(input.now);
  const { from, to } = window(input, WORKLOAD_START, last);
  const data = last === undefined ? [] : workloadRows({ from, to, labs: lab === undefined ? CLOSED_LABS : [lab] });
  const echoed = hasDates ? { startDate: input.params.get('startDate'), endDate: input.params.get('endDate') } : {};
  return jsonReply(200, { success: true, ...echoed, ...(lab === undefined ? {} : { lab }), count: data.length, data });
}

/** A product's `seriesLabels` as the service documents them: the two series of a compare product, null for a single tool. */
const seriesLabelsOf = (p: { readonly compare: boolean; readonly seriesLabels: readonly string[] | null }): string[] | null =>
  p.compare && p.seriesLabels ? [...p.seriesLabels] : null;

/** GET /api/llm-coding/products: the public catalogue. */
export function codingProductsHandler(): Reply {
  return jsonReply(200, {
    success: true,
    count: CODING_PRODUCTS.length,
    data: CODING_PRODUCTS.map((p) => ({ ...p, seriesLabels: seriesLabelsOf(p) })),
  });
}

/** GET /api/llm-coding/index?product=: one single-tool product's latest published day, as one object. */
export function codingIndexHandler(input: ExtraInput): Reply {
  const id = input.params.get('product');
  if (id === undefined) throw badRequest('product query parameter is required');
  const product = CODING_PRODUCTS.find((x) => x.id === id);
  if (product === undefined) throw badRequest(`Unknown product: ${echo(id)}. Allowed: ${CODING_PRODUCTS.map((x) => x.id).join(', ')}`);
  // The docs: compare products are only valid on /api/llm-coding/history.
  if (product.compare) throw badRequest(`Compare product ${product.id} is only valid on /api/llm-coding/history`);
  const last = lastCodingDay(input.now);
  const data = last === undefined ? undefined : codingIndex(last, input.now).find((r) => r.product === product.id);
  if (data === undefined) return jsonReply(404, { error: 'No data available', message: `No data found for ${product.id}` });
  return jsonReply(200, { success: true, data });
}

/** GET /api/llm-coding/history?product=&startDate=&endDate=&limit=. */
export function codingHistoryHandler(input: ExtraInput): Reply {
  const id = input.params.get('product');
  if (id === undefined) throw badRequest('product query parameter is required');
  const p = CODING_PRODUCTS.findIndex((x) => x.id === id);
  if (p < 0) throw badRequest(`Unknown product: ${echo(id)}. Allowed: ${CODING_PRODUCTS.map((x) => x.id).join(', ')}`);
  const product = CODING_PRODUCTS[p] as (typeof CODING_PRODUCTS)[number];
  const last = lastCodingDay(input.now);
  const { from, to } = window(input, CODING_START, last);
  const limit = input.params.limit(CODING_HISTORY_LIMIT);
  const data = last === undefined ? [] : codingHistory(p, from, to, limit, input.now);
  return jsonReply(200, {
    success: true,
    product: product.id,
    compare: product.compare,
    seriesLabels: seriesLabelsOf(product),
    count: data.length,
    data,
  });
}

/** GET /api/model-frontier: the whole document. */
export function modelFrontierHandler(input: ExtraInput): Reply {
  return jsonReply(200, { success: true, data: frontierDocument(input.today) });
}
