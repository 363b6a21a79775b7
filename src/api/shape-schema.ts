/**
 * The zod schema of an envelope, derived from the same declaration as the fast check (envelope.ts).
 * Loaded only when a body fails the fast check: zod then finds the first problem and words the error.
 * Each kind maps to exactly the zod construct validate.ts mirrors.
 */
import { z } from 'zod';
import type { EnvelopeSpec } from './endpoint.js';
import type { Kind, Shape } from './validate.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
// An ISO 8601 date-time string, kept as received.
const isoDateTime = z.string().min(10);

function kindSchema(kind: Kind): z.ZodType {
  switch (kind) {
    case 'string':
      return z.string();
    case 'datetime':
      return isoDateTime;
    case 'date':
      return isoDate;
    case 'number':
      return z.number();
    case 'int':
      return z.number().int();
    case 'uint':
      return z.number().int().nonnegative();
    case 'boolean':
      return z.boolean();
    case 'number|null':
      return z.number().nullable();
    case 'int|null':
      return z.number().int().nullable();
    case 'string[]|null':
      return z.array(z.string()).nullable();
    case 'string|null':
      return z.string().nullable();
    case 'string[]':
      return z.array(z.string());
    case 'date|null':
      return isoDate.nullable();
    case 'datetime|null':
      return isoDateTime.nullable();
    case 'object[]':
      return z.array(z.looseObject({}));
    case 'object|null':
      return z.looseObject({}).nullable();
  }
}

/** zod's words for `value` where `kind` (a documented kind, or `object`, `array`) was expected: "Invalid input: expected number, received string". */
export function kindIssue(kind: string, value: unknown): string {
  const schema = kind === 'object' ? z.looseObject({}) : kind === 'array' ? z.array(z.unknown()) : kindSchema(kind as Kind);
  const parsed = schema.safeParse(value);
  return parsed.success ? `expected ${kind}` : (parsed.error.issues[0]?.message ?? `expected ${kind}`);
}

function fieldSchemas(shape: Shape): Record<string, z.ZodType> {
  const fields: Record<string, z.ZodType> = {};
  for (const [key, spec] of Object.entries(shape)) {
    const optional = spec.endsWith('?');
    const base = kindSchema((optional ? spec.slice(0, -1) : spec) as Kind);
    fields[key] = optional ? base.optional() : base;
  }
  return fields;
}

/** zod `looseObject` of a shape: unknown fields kept. */
export function objectSchema(shape: Shape): z.ZodType {
  return z.looseObject(fieldSchemas(shape));
}

/** The whole body's schema. */
export function envelopeSchema(spec: EnvelopeSpec): z.ZodType {
  const row = objectSchema(spec.rows);
  const fields = fieldSchemas(spec.fields);
  if (spec.query) fields.query = objectSchema(spec.query).optional();
  fields.data = spec.oneOrMany ? z.union([z.array(row), row]) : z.array(row);
  return z.looseObject(fields);
}
