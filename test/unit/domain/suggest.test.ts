import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../../src/domain/text/suggest.js';

describe('did you mean', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('jsno', 'json')).toBe(1);
    expect(editDistance('ocupancy', 'occupancy')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the closest name for a typo or a prefix, any case', () => {
    expect(closest('ocupancy', ['date', 'occupancy', 'index'])).toBe('occupancy');
    expect(closest('H10', ['h100', 'h200'])).toBe('h100');
    expect(closest('jsn', ['table', 'csv', 'json', 'ndjson'])).toBe('json');
    expect(closest('timout', ['api-key', 'base-url', 'timeout'])).toBe('timeout');
  });

  it('suggests nothing when no name is close', () => {
    expect(closest('xml', ['table', 'csv', 'json'])).toBeUndefined();
    expect(closest('price', ['recorded_at', 'exact_timestamp', 'index_value', 'gpu'])).toBeUndefined();
    expect(closest('', ['a'])).toBeUndefined();
  });
});
