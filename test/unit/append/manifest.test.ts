/** Manifest helpers: command-line redaction and the file digest. */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { buildManifest, fileDigest, redactArgv } from '../../../src/append/manifest.js';

describe('redactArgv', () => {
  it('keeps ordinary arguments as typed', () => {
    const argv = ['util-index', '--gpu', 'H100 SXM', '--from', '2026-01-01', '--append', '/data/exports/util-index-h100.csv', '--manifest'];
    expect(redactArgv(argv)).toEqual(argv);
  });

  it('hides values of key-named flags, bearer headers, token-like words and the known key', () => {
    expect(
      redactArgv(
        [
          '--api-key',
          'abc',
          '--token=xyz',
          '-H',
          'Authorization: Bearer abc.def',
          'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
          'prefix-SECRETKEY1-suffix',
        ],
        new Set(['SECRETKEY1']),
      ),
    ).toEqual(['--api-key', '***', '--token=***', '-H', '***', '***', 'prefix-***-suffix']);
  });
});

describe('buildManifest', () => {
  it('redacts credentials in URLs on the command line and records the digest of the data file', async () => {
    const file = join(makeTempDir('man'), 'u.csv');
    writeFileSync(file, 'date\n2026-11-20\n');
    const m = await buildManifest({
      target: file,
      argv: ['--base-url', 'https://user:pw@api.example.com', 'util-index', '--append', file],
      command: 'util-index',
      format: 'csv',
      dialect: 'rfc4180',
      mode: 'append',
      rows: { total: 1, new: 1, replaced: 0 },
      firstKey: '2026-11-20',
      lastKey: '2026-11-20',
      baseUrl: 'https://api.example.com',
      requests: [],
      secrets: new Set(),
      createdAt: new Date('2026-11-20T12:00:00Z'),
    });
    expect(m.command).toEqual(['gpumkt', '--base-url', 'https://***@api.example.com', 'util-index', '--append', file]);
    expect(m.file).toMatchObject({ name: 'u.csv', bytes: 16, sha256: createHash('sha256').update('date\n2026-11-20\n').digest('hex') });
    expect(m.createdAt).toBe('2026-11-20T12:00:00.000Z');
  });
});

describe('fileDigest', () => {
  it('is the sha256 and size of the file', async () => {
    const file = join(makeTempDir('man'), 'f');
    const content = Buffer.from('date,occupancy\n2026-11-20,0.5\n'.repeat(5000));
    writeFileSync(file, content);
    expect(await fileDigest(file)).toEqual({ sha256: createHash('sha256').update(content).digest('hex'), bytes: content.length });
  });
});
