/** ApiClient against a real loopback fault server (no patched fetch): limits, deadline, close, redaction. */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ClientOptions } from '../../../src/api/client.js';
import memoryDataset from '../../../src/datasets/memory.js';

const memoryIndexEndpoint = memoryDataset.endpoint;
import { GpumktError, InvalidResponseError, UnreachableError } from '../../../src/errors.js';
import {
  memoryBody,
  ok,
  redirect,
  stallBeforeHeaders,
  startFaultServer,
  status,
  type Behaviour,
  type FaultServer,
} from '../../helpers/fault-server.js';

const KEY = 'unit-test-key-0123456789';
const servers: FaultServer[] = [];
const logs: string[] = [];

async function client(script: Behaviour[], opts: Partial<ClientOptions> = {}): Promise<{ c: ApiClient; server: FaultServer }> {
  const server = await startFaultServer(script);
  servers.push(server);
  const log = { warn: record, info: record, verbose: record };
  const c = new ApiClient({
    baseUrl: server.url,
    apiKey: KEY,
    timeoutMs: 2000,
    retries: 2,
    userAgent: 't',
    log,
    signal: new AbortController().signal,
    proxy: false,
    ...opts,
  });
  return { c, server };
}

const waiters: { re: RegExp; resolve: () => void }[] = [];
/** Resolves once the client logs a line matching `re` (the event a test waits for). */
function untilLogged(re: RegExp): Promise<void> {
  return new Promise((resolve) => (logs.some((l) => re.test(l)) ? resolve() : waiters.push({ re, resolve })));
}
function record(m: string): void {
  logs.push(m);
  for (const w of waiters.splice(0)) w.re.test(m) ? w.resolve() : waiters.push(w);
}

afterEach(async () => {
  logs.length = 0;
  waiters.length = 0;
  for (const s of servers.splice(0)) await s.close();
});

const chunkedHuge: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const piece = Buffer.alloc(64 * 1024, 0x20);
  const pump = () => {
    while (!res.destroyed && res.write(piece));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
};

describe('ApiClient', () => {
  it('returns validated rows and sends the bearer key', async () => {
    const { c, server } = await client([ok(memoryBody(3))]);
    const res = await c.get(memoryIndexEndpoint, {});
    expect(res.rows.map((r) => r.id)).toEqual(['mem_0', 'mem_1', 'mem_2']);
    expect(server.requests[0]?.authorization).toBe(`Bearer ${KEY}`);
    await c.close();
  });

  it('stops reading a chunked body that passes the size cap (exit 6), without retrying', async () => {
    const { c, server } = await client([chunkedHuge], { maxBodyBytes: 1024 * 1024 });
    const err = await c.get(memoryIndexEndpoint, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect((err as Error).message).toMatch(/larger than 1 MiB/);
    expect(server.requests).toHaveLength(1);
    await c.close();
  });

  it('the deadline bounds waits too: a backoff that would pass it fails at once', async () => {
    const { c, server } = await client([status(503)], { deadlineMs: 300, retries: 5, backoff: { baseMs: 10_000, capMs: 10_000 } });
    const started = Date.now();
    // Backoff is random in [0, 10 s]: either it fits (rarely) and the next attempt runs out, or it fails at once.
    const err = await c.get(memoryIndexEndpoint, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreachableError);
    expect((err as Error).message).toMatch(/time budget of 0\.3 s/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests.length).toBeLessThanOrEqual(2);
    await c.close();
  });

  it('a 429 Retry-After holds the other requests of a fan-out too', async () => {
    let n = 0;
    const first429: Behaviour = (q, s) => (n++ === 0 ? status(429, '', { 'retry-after': '1' }) : ok(memoryBody(1)))(q, s);
    const { c, server } = await client([first429]);
    // The second caller starts once the client has read the 429 (its verbose line), not after a guessed sleep.
    const learnt = untilLogged(/→ 429/);
    const results = await Promise.all([c.get(memoryIndexEndpoint, {}), learnt.then(() => c.get(memoryIndexEndpoint, {}))]);
    expect(results).toHaveLength(2);
    // Three requests: the 429, then the first caller's retry and the second caller, both held out the second.
    expect(server.requests).toHaveLength(3);
    const [a, b, d] = server.requests;
    expect(Math.min(b?.at ?? 0, d?.at ?? 0) - (a?.at ?? 0)).toBeGreaterThanOrEqual(950);
    await c.close();
  });

  it('close() cancels requests still in flight (siblings of a failed fan-out)', async () => {
    const { c } = await client([stallBeforeHeaders()], { timeoutMs: 30_000 });
    const pending = c.get(memoryIndexEndpoint, {}).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await c.close();
    const err = await pending;
    expect(err).toBeInstanceOf(GpumktError);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('never follows a redirect, and says where it pointed without any credentials', async () => {
    const { c, server } = await client([redirect(`http://user:pw@elsewhere.example/x?key=${KEY}`, 301)]);
    const err = await c.get(memoryIndexEndpoint, {}).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/redirected \(HTTP 301\) to http:\/\/\*\*\*@elsewhere\.example\/x\?key=\*\*\*; not followed/);
    expect(server.requests).toHaveLength(1);
    await c.close();
  });
});
