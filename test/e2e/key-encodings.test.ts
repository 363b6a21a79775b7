/**
 * A server that echoes the key back in any encoding, in an error message or a redirect's Location, never
 * gets it printed; a base URL whose password holds a raw @ is masked up to the last @ everywhere it shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY_KEY, runCli } from '../helpers/cli.js';
import { redirect, startFaultServer, status, type FaultServer } from '../helpers/fault-server.js';

const KEY = 'sk_live_echo_7f3e9a1b';
const everyByte = (s: string): string => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const FORMS: Array<[string, string]> = [
  ['%5F for _', KEY.replaceAll('_', '%5F')],
  ['%5f for _', KEY.replaceAll('_', '%5f')],
  ['every byte encoded', everyByte(KEY)],
  ['encoded twice', everyByte(KEY).replaceAll('%', '%25')],
  ['some bytes encoded', KEY.replace('_', '%5F').replace('7', '%37')],
  ['&#95;', KEY.replaceAll('_', '&#95;')],
  ['&#x5f;', KEY.replaceAll('_', '&#x5f;')],
  ['base64 of Bearer <key>', Buffer.from(`Bearer ${KEY}`).toString('base64')],
  ['base64 of user:<key>', Buffer.from(`user:${KEY}`).toString('base64')],
];

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the key echoed in any encoding is never printed', () => {
  it.each(FORMS)('%s, in an error message', async (_name, form) => {
    server = await startFaultServer([status(400, JSON.stringify({ error: 'Bad request', message: `unknown key ${form} (check it)` }))]);
    const r = await runCli(['memory', '--retries', '0'], { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: KEY } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('unknown key *** (check it)');
    expect(r.stderr).not.toContain(form);
  });

  it.each(FORMS)('%s, in a redirect Location', async (_name, form) => {
    server = await startFaultServer([redirect(`https://login.example/cb?k=${form}&next=x`, 302)]);
    const r = await runCli(['memory', '--retries', '0'], { env: { GPUMKT_BASE_URL: server.url, GPUMKT_API_KEY: KEY } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('https://login.example/cb?k=***&next=x');
    expect(r.stderr).not.toContain(form);
  });
});

describe('a password with a raw @ in the base URL', () => {
  const base = (url: string) => `http://bob:hun@ter2pw@${url.replace(/^http:\/\//, '')}`;

  it('status shows ***@host', async () => {
    server = await startFaultServer([status(200, '{}')]);
    const r = await runCli(['status', '-f', 'json'], { env: { GPUMKT_BASE_URL: base(server.url), GPUMKT_API_KEY: CANARY_KEY } });
    expect(r.stdout + r.stderr).toContain(`http://***@127.0.0.1:${server.port}`);
    expect(r.stdout + r.stderr).not.toMatch(/ter2pw|hun@/);
  });

  it('config list shows ***@host', async () => {
    const r = await runCli(['config', 'list'], { env: { GPUMKT_BASE_URL: 'http://bob:hun@ter2pw@api.example' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('http://***@api.example');
    expect(r.stdout + r.stderr).not.toMatch(/ter2pw|hun@/);
  });

  it('the invalid-URL message shows ***@host', async () => {
    const r = await runCli(['memory'], { env: { GPUMKT_BASE_URL: 'http://bob:hun@ter2pw@api.example/?q=1', GPUMKT_API_KEY: CANARY_KEY } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"http://***@api.example/"');
    expect(r.stderr).not.toMatch(/ter2pw|hun@/);
  });
});
