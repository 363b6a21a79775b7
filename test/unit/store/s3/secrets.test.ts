/**
 * The secret key and the session token never reach the user: not in a failure's message, hint,
 * stack or inspected form, not in the notes of retries, even when a server echoes them back (plain,
 * URL-encoded or in base64) in its error messages. Everything a failing run puts out is collected
 * and searched for them.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { openStore } from '../../../../src/store/open.js';
import type { Store } from '../../../../src/store/store.js';
import { makeTempDir } from '../../../helpers/temp.js';
import { startS3Server, type S3Server } from '../../../helpers/s3-server.js';

const SECRET = 'Zx9/SECRET+key/Qq7wJalrXUtnFEMIEXAMPLE';
const TOKEN = 'FwoGZXIvYXdzEXAMPLE/session+token==';

let server: S3Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  server = agent = undefined;
});

/** Everything a failure shows: message, hint, stack, its inspected and JSON forms. */
function shown(err: unknown): string {
  const e = err as Error & { hint?: string };
  return [e.message, e.hint ?? '', e.stack ?? '', inspect(e, { depth: 10, showHidden: true }), JSON.stringify(e), String(e)].join('\n');
}

async function failing(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => new Error('did not fail'),
    (e: unknown) => e,
  );
  expect((err as Error).message).not.toBe('did not fail');
  return shown(err);
}

describe('secrets in a failing run', () => {
  it('are masked wherever a failure or a retry shows them', async () => {
    server = await startS3Server({ secretAccessKey: SECRET, sessionToken: TOKEN });
    agent = new Agent();
    const notes: string[] = [];
    const env = {
      HOME: makeTempDir('secrets-home'),
      AWS_ACCESS_KEY_ID: server.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: SECRET,
      AWS_SESSION_TOKEN: TOKEN,
    };
    const open = (over: Record<string, string> = {}, endpointUrl = server!.url): Promise<Store> =>
      openStore('s3://lake/p', {
        env: { ...env, ...over },
        endpointUrl,
        dispatcher: agent,
        retry: { baseMs: 1, capMs: 2, maxAttempts: 3 },
        onRetry: (m) => notes.push(m),
      });
    const store = await open();
    const echo = `secret ${SECRET}, encoded ${encodeURIComponent(SECRET)}, token ${TOKEN}, base64 ${Buffer.from(SECRET).toString('base64')}`;
    const out: string[] = [];
    server.fail({ status: 500, code: 'InternalError', message: echo, times: 3 });
    out.push(await failing(store.put('k', 'v')));
    server.fail({ status: 403, code: 'AccessDenied', message: echo });
    out.push(await failing(store.read('k')));
    server.fail({ status: 400, code: `Bad${SECRET}`, message: echo });
    out.push(await failing(store.list('')));
    // Keys the server does not know: the signature it recomputes differs.
    out.push(await failing((await open({ AWS_SECRET_ACCESS_KEY: `${SECRET}-old` })).read('k')));
    out.push(await failing((await open({}, 'http://127.0.0.1:1')).read('k')));
    out.push(await failing(open({ AWS_ACCESS_KEY_ID: '', AWS_SESSION_TOKEN: TOKEN })));
    out.push(...notes);
    expect(notes.length).toBeGreaterThan(0);
    const all = out.join('\n');
    expect(all).toMatch(/InternalError \(HTTP 500\)/);
    expect(all).toMatch(/SignatureDoesNotMatch/);
    for (const needle of [SECRET, encodeURIComponent(SECRET), TOKEN, Buffer.from(SECRET).toString('base64')])
      expect(all).not.toContain(needle);
  });
});
