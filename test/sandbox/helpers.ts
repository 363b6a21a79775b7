/** Shared helpers of the sandbox tests: a pinned day, a server per file, and a small GET client. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDays } from '../../src/domain/time/dates.js';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/keys.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';

/** The day every test pins as "today". */
export const TODAY = '2026-03-15';

/** A fetched reply: status, headers, raw text, and the parsed body. */
export interface Got {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON: each test asserts the fields it reads
  readonly body: any;
}

/** GET `path` from a sandbox with the demo key (or `key`; null sends no Authorization header). */
export async function get(sb: Sandbox, path: string, key: string | null = SANDBOX_DEMO_KEY, init: RequestInit = {}): Promise<Got> {
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  const res = await fetch(sb.url + path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** Starts one sandbox for the calling test file (pinned to TODAY) and closes it afterwards. */
export function useSandbox(opts: SandboxOptions = {}): () => Sandbox {
  let sb: Sandbox | undefined;
  beforeAll(async () => {
    sb = await startSandbox({ today: TODAY, ...opts });
  });
  afterAll(async () => {
    await sb?.close();
  });
  return () => {
    if (!sb) throw new Error('sandbox not started');
    return sb;
  };
}

/** Every date from `from` to `to`, inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The exact error body the sandbox sends. */
export function errorBody(error: string, message: string): string {
  return JSON.stringify({ error, message });
}

/**
 * Each path as two sandboxes started alike with the same today serve it: status 200, the same bytes,
 * and a Content-Length that counts them. The determinism check of every model's test file.
 */
export async function expectSameBytesFromTwoServers(paths: readonly string[]): Promise<void> {
  const a = await startSandbox({ today: TODAY });
  const b = await startSandbox({ today: TODAY });
  try {
    for (const p of paths) {
      const [x, y] = await Promise.all([get(a, p), get(b, p)]);
      expect([p, x.status]).toEqual([p, 200]);
      expect(x.text, p).toBe(y.text);
      expect(x.headers.get('content-length'), p).toBe(String(Buffer.byteLength(x.text)));
    }
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

/** The first 16 hex digits of the SHA-256 of each path's body: what a file pins as its GOLDEN digests. */
export async function digestsOf(sb: Sandbox, paths: readonly string[]): Promise<string[]> {
  const digests: string[] = [];
  for (const p of paths)
    digests.push(
      createHash('sha256')
        .update((await get(sb, p)).text)
        .digest('hex')
        .slice(0, 16),
    );
  return digests;
}
