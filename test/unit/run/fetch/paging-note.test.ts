/** The paged fetch's running count: only at a terminal, only on long listings, erased when the run ends. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Context, GlobalOptions } from '../../../../src/context.js';
import type { Session } from '../../../../src/run/session.js';
import type { Endpoint } from '../../../../src/api/endpoint.js';
import { fetchPaged } from '../../../../src/run/fetch/paged.js';

function context(tty: boolean, globals: Partial<GlobalOptions> = {}) {
  const chunks: string[] = [];
  const stderr = new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) });
  const ctx = {
    io: { stderr, stderrIsTTY: tty },
    globals: () => ({ quiet: false, verbose: false, ...globals }),
    onCleanup: () => undefined,
  } as unknown as Context;
  return { ctx, text: () => chunks.join('') };
}

/** A listing of `n` rows served in pages (what a session returns; no network involved in this unit). */
function listing(n: number): Session {
  return {
    get: (_e: unknown, p: { limit: number; offset: number }) => {
      const rows = Array.from({ length: Math.max(0, Math.min(p.limit, n - p.offset)) }, (_, i) => ({ id: p.offset + i }));
      return Promise.resolve({ body: { total: n, data: rows }, rows, text: '', url: '' });
    },
  } as unknown as Session;
}

const endpoint = { id: 'sites' } as Endpoint<{ limit?: number; offset?: number }, unknown>;

describe('fetchPaged', () => {
  it('at a terminal, from the third page on while more are to come, counts rows against the total, and erases the line at the end', async () => {
    const { ctx, text } = context(true);
    const rows = await fetchPaged(ctx, listing(450), endpoint, {}, 100);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(text()).toBe(
      ['\rgpumkt: 300/450 rows, 3 pages so far\x1b[K', '\rgpumkt: 400/450 rows, 4 pages so far\x1b[K', '\r\x1b[K'].join(''),
    );
  });

  it('says nothing in a pipe, with --quiet or --verbose, or for a short listing', async () => {
    for (const [tty, globals, n] of [
      [false, {}, 450],
      [true, { quiet: true }, 450],
      [true, { verbose: true }, 450],
      [true, {}, 300],
    ] as const) {
      const { ctx, text } = context(tty, globals);
      expect(await fetchPaged(ctx, listing(n), endpoint, {}, 100)).toHaveLength(n);
      expect(text()).toBe('');
    }
  });
});
