/**
 * Checks of flattened rows: when an endpoint's rows are not `data`'s own (one table of a nested
 * document, the points of curves), its declaration names their documented fields (`rowShape`), and every
 * row rows() returns is held to them, with the same vocabulary and the same exit (6) as the body's shape.
 */
import { InvalidResponseError } from '../errors.js';
import type { Row } from '../domain/row.js';
import { serverText } from './errors.js';
import { objectCheck, type Check, type Shape } from './validate.js';

/** The first field of `row` that breaks `shape`, worded for a message, or undefined. */
function firstFault(shape: Shape, row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return 'expected an object';
  for (const [key, kind] of Object.entries(shape)) {
    if (!objectCheck({ [key]: kind })(row)) {
      const v = (row as Record<string, unknown>)[key];
      return `${key}: expected ${kind.replace(/\?$/, '')}, received ${v === undefined ? 'nothing' : serverText(JSON.stringify(v).slice(0, 40))}`;
    }
  }
  return undefined;
}

/** A rows() that holds every row it returns to `shape`; the check is compiled on first use. */
export function checkedRows<B>(id: string, shape: Shape, rows: (body: B) => Row[]): (body: B) => Row[] {
  let check: Check | undefined;
  return (body) => {
    const out = rows(body);
    check ??= objectCheck(shape);
    for (let i = 0; i < out.length; i++) {
      if (check(out[i])) continue;
      throw new InvalidResponseError(`${id}: the response does not have the documented shape: row ${i}: ${firstFault(shape, out[i]) ?? 'invalid'}`);
    }
    return out;
  };
}
