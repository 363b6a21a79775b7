/**
 * The request record a typed file stores (src/append/request-record.ts) never holds the key: it is
 * masked when the record is read, with the run's secrets as they are then (the key joins them when
 * the settings are read, which may come after the record is made).
 */
import { describe, expect, it } from 'vitest';
import { requestRecord } from '../../../src/append/request-record.js';

const KEY = 'sk-live-4f9a8c7e1b2d';

describe('request record', () => {
  it('masks a key that joins the secrets after the record is made', () => {
    const secrets = new Set<string>();
    const requests: { url: string }[] = [];
    const session = { baseUrl: `https://user:${KEY}@api.example.com/?k=${KEY}`, dryRun: false, requests } as never;
    const record = requestRecord('history', ['history', 'h100', '--api-key', KEY, `--base-url=https://x/?t=${KEY}`], secrets, session);
    // Read once before the key is known (nothing to mask yet), then again after.
    expect(record.baseUrl).toContain(KEY);
    secrets.add(KEY);
    requests.push({ url: `https://api.example.com/api/x?key=${encodeURIComponent(KEY)}` });
    const text = JSON.stringify(record);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(Buffer.from(KEY).toString('base64').slice(0, 12));
    expect(record.command).toBe('history');
    expect(record.argv.slice(0, 2)).toEqual(['history', 'h100']);
    expect(record.urls).toHaveLength(1);
    expect(record.baseUrl).toContain('api.example.com');
  });

  it('masks a key the secrets held from the start, read more than once', () => {
    const secrets = new Set([KEY]);
    const record = requestRecord('latest', ['latest', `--base-url=https://h/${KEY}`], secrets, {
      baseUrl: `https://h/${KEY}`,
      dryRun: false,
      requests: [],
    });
    for (let i = 0; i < 2; i++) {
      expect(record.argv.join(' ')).not.toContain(KEY);
      expect(record.baseUrl).not.toContain(KEY);
    }
  });
});
