/** serveSandbox: the foreground server behind `gpumkt sandbox`. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { SANDBOX_DEMO_KEY, SANDBOX_INACTIVE_KEY, SANDBOX_PREMIUM_KEY } from '../../src/sandbox/keys.js';
import { isLoopback, serveSandbox } from '../../src/sandbox/serve.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { TODAY } from './helpers.js';

/** A writable stream that keeps what was written. */
function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('serveSandbox', () => {
  it('prints its URL, the key and a curl example, serves the printed key, and resolves after abort', async () => {
    const out = sink(),
      err = sink();
    const ac = new AbortController();
    const done = serveSandbox({ port: 0, host: '127.0.0.1', today: TODAY }, { stdout: out.stream, stderr: err.stream }, ac.signal);
    await until(() => out.text().includes('Ctrl+C'));
    const url = /at (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out.text())?.[1];
    const key = /^API key: (\S+)$/m.exec(out.text())?.[1];
    expect(url).toBeDefined();
    expect(key).toBe(SANDBOX_DEMO_KEY);
    expect(out.text()).toContain(
      `(full plan; also: premium key ${SANDBOX_PREMIUM_KEY}, daily data only; revoked key ${SANDBOX_INACTIVE_KEY})`,
    );
    expect(out.text()).toContain(`curl -H 'Authorization: Bearer ${key}' '${url}/api/utilization-index/history?gpuType=H100%20SXM'`);
    const res = await fetch(`${url}/api/utilization-index/history?gpuType=H100%20SXM`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { endDate: string }).endDate).toBe(TODAY);
    const t0 = Date.now();
    ac.abort();
    await done;
    // The fetch above left a keep-alive connection open: closing must not wait for its timeout.
    expect(Date.now() - t0).toBeLessThan(2000);
    await expect(fetch(`${url}/api/memory-index`)).rejects.toThrow();
    expect(err.text()).toBe('');
  });

  it('returns at once when already aborted, and reports a port in use as a usage error', async () => {
    const out = sink(),
      err = sink();
    const aborted = AbortSignal.abort();
    await serveSandbox({ port: 0, host: '127.0.0.1' }, { stdout: out.stream, stderr: err.stream }, aborted);
    expect(out.text()).toBe('');
    const busy = await startSandbox();
    try {
      const p = serveSandbox(
        { port: busy.port, host: '127.0.0.1' },
        { stdout: out.stream, stderr: err.stream },
        new AbortController().signal,
      );
      await expect(p).rejects.toBeInstanceOf(UsageError);
      await expect(p).rejects.toThrow(`cannot listen on 127.0.0.1:${busy.port}: EADDRINUSE`);
    } finally {
      await busy.close();
    }
  });

  it('warns on stderr when the host is not loopback', async () => {
    const out = sink(),
      err = sink();
    // A documentation address (RFC 5737): the warning is printed, then binding normally fails (EADDRNOTAVAIL);
    // where the system allows non-local binds it would listen, so stop it either way.
    const ac = new AbortController();
    const p = serveSandbox({ port: 0, host: '192.0.2.1' }, { stdout: out.stream, stderr: err.stream }, ac.signal);
    const settled = p.then(
      () => 'served',
      (e: unknown) => (e instanceof UsageError ? 'refused' : e),
    );
    await until(() => err.text().length > 0);
    ac.abort();
    expect(['served', 'refused']).toContain(await settled);
    expect(err.text()).toBe('warning: the sandbox is listening on 192.0.2.1, not loopback: other machines may reach it\n');
  });

  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.4.5.6', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      expect([h, isLoopback(h)]).toEqual([h, true]);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com']) expect([h, isLoopback(h)]).toEqual([h, false]);
  });
});
