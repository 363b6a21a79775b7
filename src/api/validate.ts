/**
 * The fast path of response validation. The zod schemas in endpoints/*-schema.ts are the documented
 * contract; loading zod and running it over 200,000 rows costs more than the whole rest of an export,
 * and zod copies every row (reordering its keys). So each endpoint also declares its shape here, in a
 * tiny vocabulary that mirrors its zod schema field by field, and a checker compiled from it answers
 * "does the schema accept this body, unchanged?" without copying anything. When it says no, the body
 * goes to zod, which finds the first problem and words the error exactly as before. The unit test
 * test/unit/api/validate.test.ts holds both to the same verdict on fixtures and on generated bodies.
 */

/** One field type; each mirrors one zod construct (see KINDS). A trailing `?` means `.optional()`. */
export type Kind = 'string' | 'datetime' | 'date' | 'number' | 'int' | 'uint' | 'boolean' | 'number|null' | 'string[]';

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

// zod 4: z.number() rejects NaN and ±Infinity; .int() means a safe integer; min(10) counts code points,
// which only matters for strings of 10 to 19 UTF-16 units.
const KINDS: Readonly<Record<Kind, Check>> = {
  string: (v) => typeof v === 'string',
  // common.ts isoDateTime = z.string().min(10)
  datetime: (v) => typeof v === 'string' && v.length >= 10 && (v.length >= 20 || codePoints(v) >= 10),
  // common.ts isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
  date: (v) => typeof v === 'string' && ISO_DATE.test(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  int: (v) => Number.isSafeInteger(v),
  uint: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  boolean: (v) => typeof v === 'boolean',
  'number|null': (v) => v === null || (typeof v === 'number' && Number.isFinite(v)),
  'string[]': (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
};

/** zod's object test: any non-null, non-array object. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Compiles a shape into a check of one object (zod `looseObject(shape)`). */
export function objectCheck(shape: Shape): Check {
  const keys = Object.keys(shape);
  const tests = keys.map((k) => {
    const spec = shape[k] as string;
    const optional = spec.endsWith('?');
    const test = KINDS[(optional ? spec.slice(0, -1) : spec) as Kind];
    if (test === undefined) throw new Error(`validate: unknown kind ${spec}`);
    return { optional, test };
  });
  const n = keys.length;
  return (o) => {
    if (!isObject(o)) return false;
    for (let i = 0; i < n; i++) {
      const v = o[keys[i] as string];
      const t = tests[i] as { optional: boolean; test: Check };
      if (v === undefined ? !t.optional : !t.test(v)) return false;
    }
    return true;
  };
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
