/**
 * A request's URL (src/api/request-url.ts) is written as URLSearchParams would write its query, a
 * space as %20: the same URL the service was always sent, for every character a value may hold.
 */
import { describe, expect, it } from 'vitest';
import { formEncode, requestUrl } from '../../../src/api/request-url.js';

/** What the URL was before: URLSearchParams on the parsed URL, '+' written as %20. */
function byUrlSearchParams(baseUrl: string, path: string, query: Record<string, string | undefined>): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString().replace(/\+/g, '%20');
}

const VALUES = [
  '2026-11-01',
  'H100 SXM',
  'a+b=c&d#e?f/g',
  "!'()*-._~",
  'µ ü é 漢字 🙂',
  'lone \uD800 high',
  'lone \uDC00 low',
  '%20%2B',
  '',
  '\t\n\r',
  Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join(''),
];

describe('request URL', () => {
  it.each(VALUES.map((v) => [JSON.stringify(v), v] as const))('encodes %s as URLSearchParams did', (_name, v) => {
    expect(formEncode(v)).toBe(new URLSearchParams({ v }).toString().slice(2).replace(/\+/g, '%20'));
    const query = { startDate: v, 'a key': v, skipped: undefined, limit: '30' };
    for (const base of ['https://api.example.com', 'http://127.0.0.1:8080/prefix/', 'https://h.example/a%20b'])
      expect(requestUrl(base, '/api/gpu/H100%20SXM/history-simple', query)).toBe(
        byUrlSearchParams(base, '/api/gpu/H100%20SXM/history-simple', query),
      );
  });

  it('writes no ? without parameters, and keeps a path of its own query the general way', () => {
    expect(requestUrl('https://h.example/', '/api/latest', { a: undefined })).toBe('https://h.example/api/latest');
    expect(requestUrl('https://h.example', '/api/x?y=1', { y: '2', z: 'a b' })).toBe(
      byUrlSearchParams('https://h.example', '/api/x?y=1', { y: '2', z: 'a b' }),
    );
  });
});
