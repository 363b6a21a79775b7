/**
 * The robust reading of a body that fails the fast check (decision G, docs/api-contract.md "Reading
 * robustly"). Only a row's required fields (those its shape declares without `?`: its time, its key,
 * its value) decide whether the command can use the body; any other field off its documented type is
 * kept as received and noted as a deviation (the runner prints one warning line, or exits 6 with
 * --strict). What the service's documentation allows is read without a word: either name of a field
 * documented under two (`gpu_type` / `gpu_name`), and rows grouped under the fields an endpoint
 * declares (power's market and hub) as well as flat.
 */
import type { EnvelopeSpec } from './endpoint.js';
import { isObject, objectCheck, type Check, type Kind, type Shape } from './validate.js';

/** A body read the robust way: the body (rows renamed and ungrouped in place) and what in it was off its shape. */
export interface Tolerated {
  readonly body: Record<string, unknown>;
  /** One entry per field path off its documented type, e.g. `data.0.gpuTypes` (kept as received). */
  readonly deviations: readonly Deviation[];
}

/** One field of the body that is not of its documented type. */
export interface Deviation {
  /** Where: `data.0.gpuTypes`, `query.limit_applied`, `count`. */
  readonly path: string;
  /** The field's name as a column (rows) or the top-level field. */
  readonly field: string;
  readonly kind: string;
  readonly value: unknown;
}

/** The first problem that leaves the body unusable: a required field missing or off its type, or no rows at all. */
export interface Fatal {
  readonly path: string;
  /** The documented kind, or a word for what was expected (`object`, `array`). */
  readonly kind: string;
  readonly value: unknown;
}

/** Thrown by readTolerantly when the command cannot do without what is missing. */
export class UnusableBody extends Error {
  constructor(readonly fatal: Fatal) {
    super(`${fatal.path}: expected ${fatal.kind}`);
  }
}

/** Field names the service's data dictionary documents as one field under either name. */
export const FIELD_ALIASES: readonly (readonly [string, string])[] = [
  ['gpu_name', 'gpu_type'],
  ['timestamp', 'recorded_at'],
];

/** The other name of each field of `shape` documented under two names (`gpu_type` for `gpu_name`), mapped to the shape's. */
export function aliasesOf(shape: Shape): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [a, b] of FIELD_ALIASES) {
    if (Object.hasOwn(shape, a) && !Object.hasOwn(shape, b)) out[b] = a;
    else if (Object.hasOwn(shape, b) && !Object.hasOwn(shape, a)) out[a] = b;
  }
  return out;
}

const fieldChecks = new WeakMap<Shape, [string, Kind, boolean, Check][]>();

/** Each field of `shape` with its kind, whether it is required, and a compiled check of that field alone. */
function checksOf(shape: Shape): [string, Kind, boolean, Check][] {
  let checks = fieldChecks.get(shape);
  if (!checks) {
    checks = Object.entries(shape).map(([k, spec]) => {
      const optional = spec.endsWith('?');
      return [k, (optional ? spec.slice(0, -1) : spec) as Kind, !optional, objectCheck({ [k]: `${spec.replace(/\?$/, '')}?` as Kind })];
    });
    fieldChecks.set(shape, checks);
  }
  return checks;
}

/** Checks `o`'s fields against `shape`: a required one missing or off its type throws; others off their type are noted. */
function checkFields(o: Record<string, unknown>, shape: Shape, at: string, deviations: Deviation[]): void {
  for (const [k, kind, required, check] of checksOf(shape)) {
    const v = o[k];
    if (v === undefined) {
      if (required) throw new UnusableBody({ path: `${at}${k}`, kind, value: v });
      continue;
    }
    if (check(o)) continue;
    if (required) throw new UnusableBody({ path: `${at}${k}`, kind, value: v });
    deviations.push({ path: `${at}${k}`, field: k, kind, value: v });
  }
}

/** `row` with each alias present in place of its field renamed to it (order kept); the row itself when none applies. */
function unalias(row: Record<string, unknown>, aliases: Readonly<Record<string, string>>): Record<string, unknown> {
  // An own `__proto__` key (JSON.parse makes one) is dropped, as a copy by the schema would.
  let needed = Object.hasOwn(row, '__proto__');
  for (const [alias, field] of Object.entries(aliases)) if (row[field] === undefined && row[alias] !== undefined) needed = true;
  if (!needed) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === '__proto__') continue;
    const to = Object.hasOwn(aliases, k) ? aliases[k] : undefined;
    out[to !== undefined && row[to] === undefined ? to : k] = v;
  }
  return out;
}

/** Appends `rows` to `out` one by one (a spread of a million rows would overflow the stack). */
function append(out: unknown[], rows: readonly unknown[]): void {
  for (const r of rows) out.push(r);
}

/** The largest depth of groups read (market, then hub, then rows). */
const MAX_GROUP_DEPTH = 4;

/**
 * Rows grouped under the fields `by` names (`[market, hub]`), flattened: a group is an object with a
 * list of objects among its fields (whatever that list is called) or, where `data` is an object, one
 * entry per group named by its key. A group's plain fields are copied onto its rows (a row's own win).
 */
function ungroup(items: unknown, by: readonly string[], shape: Shape, inherited: Record<string, unknown>, depth: number): unknown[] {
  const out: unknown[] = [];
  const keyed = isObject(items) && depth < by.length;
  const entries: [string | undefined, unknown][] = Array.isArray(items)
    ? items.map((x) => [undefined, x])
    : keyed
      ? Object.entries(items)
      : [[undefined, items]];
  for (const [key, item] of entries) {
    const own = key === undefined ? inherited : { ...inherited, [by[depth] as string]: key };
    if (Array.isArray(item) && key !== undefined) {
      append(out, ungroup(item, by, shape, own, depth + 1));
      continue;
    }
    // `{ "PJM": { "PJM WH Real Time Peak": [rows] } }`: a map of the next level's groups.
    if (key !== undefined && isObject(item) && depth + 1 < by.length && Object.values(item).every((v) => Array.isArray(v) || isObject(v))) {
      append(out, ungroup(item, by, shape, own, depth + 1));
      continue;
    }
    const list = isObject(item) && depth < MAX_GROUP_DEPTH ? groupList(item, shape) : undefined;
    if (!isObject(item) || list === undefined) {
      out.push(isObject(item) && Object.keys(own).length > 0 ? { ...own, ...item } : item);
      continue;
    }
    const plain: Record<string, unknown> = { ...own };
    for (const [k, v] of Object.entries(item)) if (k !== list && (typeof v !== 'object' || v === null)) plain[k] = v;
    append(out, ungroup(item[list], by, shape, plain, depth + 1));
  }
  return out;
}

/** The field of `item` holding its rows when `item` is a group rather than a row: it lacks a required field and has a list of objects. */
function groupList(item: Record<string, unknown>, shape: Shape): string | undefined {
  const missing = checksOf(shape).some(([k, , required]) => required && item[k] === undefined);
  if (!missing) return undefined;
  for (const [k, v] of Object.entries(item)) {
    if (Array.isArray(v) && v.length > 0 && v.every(isObject)) return k;
    if (isObject(v) && Object.values(v).some((x) => Array.isArray(x) || isObject(x))) return k;
  }
  return undefined;
}

/**
 * Reads `json` against `spec` the robust way. Returns the body (its `data` rows with documented aliases
 * renamed and groups flattened, in place) and every field off its type; throws UnusableBody when a
 * required field is missing or off its type, or there are no rows to read.
 */
export function readTolerantly(spec: EnvelopeSpec, json: unknown): Tolerated {
  if (!isObject(json)) throw new UnusableBody({ path: '(body)', kind: 'object', value: json });
  if (Object.hasOwn(json, '__proto__')) delete json['__proto__'];
  const deviations: Deviation[] = [];
  checkFields(json, spec.fields, '', deviations);
  const query = json.query;
  if (spec.query && query !== undefined) {
    if (isObject(query)) checkFields(query, spec.query, 'query.', deviations);
    else deviations.push({ path: 'query', field: 'query', kind: 'object', value: query });
  }
  let data = json.data;
  if (spec.groupedBy && (Array.isArray(data) || (isObject(data) && !spec.oneOrMany))) {
    // A body about one group (`?market=PJM`) may name it once, at the top, rather than on every row.
    const top: Record<string, unknown> = {};
    for (const g of spec.groupedBy) if (typeof json[g] === 'string') top[g] = json[g];
    data = ungroup(data, spec.groupedBy, spec.rows, top, 0);
  }
  const one = !Array.isArray(data);
  if (one && !(spec.oneOrMany && isObject(data))) throw new UnusableBody({ path: 'data', kind: 'array', value: data });
  const rows = (one ? [data] : data) as unknown[];
  const aliases = spec.aliases ?? aliasesOf(spec.rows);
  for (let i = 0; i < rows.length; i++) {
    const at = one ? 'data.' : `data.${i}.`;
    const row = rows[i];
    if (!isObject(row)) throw new UnusableBody({ path: at.slice(0, -1), kind: 'object', value: row });
    const read = unalias(row, aliases);
    rows[i] = read;
    checkFields(read, spec.rows, at, deviations);
  }
  json.data = one ? rows[0] : rows;
  return { body: json, deviations };
}
