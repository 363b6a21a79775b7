/**
 * The fast path of response validation. The zod schemas in endpoints/*-schema.ts are the documented
 * contract; loading zod and running it over 200,000 rows costs more than the whole rest of an export,
 * and zod copies every row (reordering its keys). So each endpoint also declares its shape here, in a
 * tiny vocabulary that mirrors its zod schema field by field, and a checker compiled from it answers
 * "does the schema accept this body, unchanged?" without copying anything. When it says no, the body
 * goes to zod, which finds the first problem and words the error exactly as before. The unit test
 * test/unit/api/validate.test.ts holds both to the same verdict on fixtures and on generated bodies.
 */

/** One field type; each mirrors one zod construct (see CONDITIONS). A trailing `?` means `.optional()`. */
export type Kind =
  | 'string'
  | 'datetime'
  | 'date'
  | 'number'
  | 'int'
  | 'uint'
  | 'boolean'
  | 'number|null'
  | 'int|null'
  | 'string[]'
  | 'string[]|null'
  // Nullable fields of the newer families (forward marks, token volume), and nested parts that a
  // dataset's rows() flattens (each flat row is then checked against its own shape).
  | 'string|null'
  | 'date|null'
  | 'datetime|null'
  | 'object[]'
  | 'object|null';

/** An object's documented fields; unknown fields are always allowed (zod looseObject). */
export type Shape = Readonly<Record<string, Kind | `${Kind}?`>>;

/** A compiled check: true only when the zod schema would accept the value and give it back unchanged. */
export type Check = (value: unknown) => boolean;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Code points, as zod's length checks count them (a lone surrogate counts as one). */
function codePoints(s: string): number {
  let count = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

// One JavaScript condition per kind, on the value `v`; each mirrors one zod construct. zod 4: z.number()
// rejects NaN and ±Infinity; .int() means a safe integer; min(10) counts code points, which only matters
// for strings of 10 to 19 UTF-16 units.
const CONDITIONS: Readonly<Record<Kind, string>> = {
  string: "typeof v === 'string'",
  // common-schema.ts isoDateTime = z.string().min(10)
  datetime: "typeof v === 'string' && v.length >= 10 && (v.length >= 20 || codePoints(v) >= 10)",
  // common-schema.ts isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
  date: "typeof v === 'string' && ISO_DATE.test(v)",
  number: "typeof v === 'number' && Number.isFinite(v)",
  int: 'Number.isSafeInteger(v)',
  uint: 'Number.isSafeInteger(v) && v >= 0',
  boolean: "typeof v === 'boolean'",
  'number|null': "v === null || (typeof v === 'number' && Number.isFinite(v))",
  'int|null': 'v === null || Number.isSafeInteger(v)',
  'string[]': "Array.isArray(v) && v.every((s) => typeof s === 'string')",
  'string[]|null': "v === null || (Array.isArray(v) && v.every((s) => typeof s === 'string'))",
  'string|null': "v === null || typeof v === 'string'",
  'date|null': "v === null || (typeof v === 'string' && ISO_DATE.test(v))",
  'datetime|null': "v === null || (typeof v === 'string' && v.length >= 10 && (v.length >= 20 || codePoints(v) >= 10))",
  // z.array(z.looseObject({})): every element a non-null, non-array object.
  // (An own `__proto__` key is dropped by zod's copy, so such an object takes the schema's path.)
  'object[]':
    "Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x) && !Object.hasOwn(x, '__proto__'))",
  'object|null': "v === null || (typeof v === 'object' && !Array.isArray(v) && !Object.hasOwn(v, '__proto__'))",
};

/** zod's object test: any non-null, non-array object. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Compiles a shape into a check of one object (zod `looseObject(shape)`). The check is generated as
 * straight-line code, one constant property read per field: four times faster than a loop over the
 * fields, which matters at a million rows. Shapes are constants of this program, never input, and
 * field names must be plain identifiers.
 */
export function objectCheck(shape: Shape): Check {
  const lines = Object.entries(shape).map(([key, spec]) => {
    if (!IDENTIFIER.test(key)) throw new Error(`validate: field name ${JSON.stringify(key)} is not an identifier`);
    const optional = spec.endsWith('?');
    const condition = CONDITIONS[(optional ? spec.slice(0, -1) : spec) as Kind];
    if (condition === undefined) throw new Error(`validate: unknown kind ${spec}`);
    // A required field must be present (zod treats a present `undefined` as missing, as here).
    return `  v = o.${key}; if (${optional ? 'v !== undefined && ' : 'v === undefined || '}!(${condition})) return false;`;
  });
  // An own `__proto__` key (JSON.parse makes one) is dropped by zod's copy: such an object is not kept
  // unchanged, so it takes the schema's path.
  const body = `return function check(o) {\n  if (typeof o !== 'object' || o === null || Array.isArray(o) || Object.hasOwn(o, '__proto__')) return false;\n  let v;\n${lines.join('\n')}\n  return true;\n};`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled from a constant shape of this program, never from input (above)
  const compile = new Function('codePoints', 'ISO_DATE', body) as (cp: typeof codePoints, iso: typeof ISO_DATE) => Check;
  return compile(codePoints, ISO_DATE);
}

/** A check of an array whose every element passes `item` (zod `z.array(item)`); a plain loop, no copies. */
export function arrayCheck(item: Check): Check {
  return (a) => {
    if (!Array.isArray(a)) return false;
    for (let i = 0; i < a.length; i++) if (!item(a[i])) return false;
    return true;
  };
}

/** A check of an object with documented fields plus nested parts (`query`, `data`), all of which must pass. */
export function envelopeCheck(shape: Shape, parts: Readonly<Record<string, { check: Check; optional?: boolean }>>): Check {
  const own = objectCheck(shape);
  const entries = Object.entries(parts);
  return (o) => {
    if (!own(o)) return false;
    const body = o as Record<string, unknown>;
    for (const [key, part] of entries) {
      const v = body[key];
      if (v === undefined ? part.optional !== true : !part.check(v)) return false;
    }
    return true;
  };
}

/** How deep a row's values may nest: market rows are flat, and output (JSON.stringify) recurses once per level. */
export const MAX_ROW_DEPTH = 64;

function nestsDeeper(v: object, levels: number): boolean {
  if (levels === 0) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object' && x !== null && nestsDeeper(x, levels - 1)) return true;
    }
    return false;
  }
  for (const k in v) {
    const x: unknown = (v as Record<string, unknown>)[k];
    if (typeof x === 'object' && x !== null && nestsDeeper(x, levels - 1)) return true;
  }
  return false;
}

/**
 * The index of the first row whose values nest deeper than MAX_ROW_DEPTH levels, or -1. Rows are
 * printed whole (extra fields included), and a row nested thousands of levels deep would overflow
 * the stack half-way through the output; found here, before anything is printed. Recursion is
 * bounded by the limit, and a flat row costs one pass over its values.
 */
export function tooDeepRow(rows: readonly object[]): number {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    for (const k in row) {
      const x = row[k];
      if (typeof x === 'object' && x !== null && nestsDeeper(x, MAX_ROW_DEPTH - 1)) return i;
    }
  }
  return -1;
}
