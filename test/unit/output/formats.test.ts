import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError } from '../../../src/errors.js';
import { FORMAT_NAMES as FORMATS, LAKE_DEFAULT, LAKE_FORMATS, formatInfo, getFormatter } from '../../../src/output/formats.js';

describe('format registry', () => {
  it('lists the formats in help order', () => {
    expect(FORMATS).toEqual(['table', 'csv', 'tsv', 'json', 'ndjson', 'markdown', 'parquet', 'chart']);
  });

  it('derives the formats a sync lake may hold from the registry, the default (parquet) first', () => {
    expect(LAKE_FORMATS).toEqual(['parquet', 'csv']);
    expect(LAKE_DEFAULT).toBe('parquet');
    expect(FORMATS.filter((name) => formatInfo(name).lake)).toEqual(['csv', 'parquet']);
  });

  it('loads each formatter under its own name, with a one-line description', async () => {
    for (const name of FORMATS) {
      const f = await getFormatter(name);
      expect(f.name).toBe(name);
      expect(f.description).toMatch(/^[^\n]+$/);
    }
  });

  it('rejects an unknown name as a usage error listing the valid ones', async () => {
    for (const bad of ['xml', 'toString', '__proto__', 'CSV']) {
      const err = await getFormatter(bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).exitCode).toBe(ExitCode.usage);
      expect((err as UsageError).message).toContain('table, csv, tsv, json, ndjson, markdown');
    }
  });
});
