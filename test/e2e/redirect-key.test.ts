/** A redirect whose Location carries the key in a spelling of its own (each `_` as `%5F`, every byte encoded): masked all the same. */
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { redirect, startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { redactSecret } from '../../src/domain/secrets/redact.js';

const KEY = 'sk_live_redirect_7f3e9a1b';
let server: FaultServer | undefined;
afterEach(() => server?.close());

/** Every byte of `s` percent-encoded, upper or lower hex. */
const encodeAll = (s: string, lower = false): string =>
  [...Buffer.from(s)]
    .map((b) => `%${b.toString(16).padStart(2, '0')}`)
    .map((e) => (lower ? e : e.toUpperCase()))
    .join('');

describe('a key in a redirect Location, percent-encoded any way', () => {
  it.each([
    ['_ as %5F', KEY.replace(/_/g, '%5F')],
    ['_ as %5f', KEY.replace(/_/g, '%5f')],
    ['every byte encoded', encodeAll(KEY)],
    ['every byte encoded, lower case', encodeAll(KEY, true)],
  ])('%s: the message shows no form of the key', async (_name, form) => {
    server = await startFaultServer([redirect(`http://elsewhere.example/cb?token=${form}`)]);
    const r = await runCli(['memory', '-f', 'csv', '--retries', '0'], { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: KEY } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/redirected \(HTTP 302\) to http:\/\/elsewhere\.example\/cb\?token=\*\*\*; not followed/);
    expect(r.stderr).not.toContain(form);
    expect(decodeURIComponent(r.stderr)).not.toContain(KEY);
  });

  it('redactSecret leaves text without the key as it is, percent-escapes included', () => {
    expect(redactSecret('GET /a%20b?x=%5F', KEY)).toBe('GET /a%20b?x=%5F');
  });
});
