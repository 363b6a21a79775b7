/** The run's request tracker: at most six in flight, and a progress line only on a terminal, cleared at the end. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Context, GlobalOptions } from '../../../../src/context.js';
import type { Session } from '../../../../src/run/session.js';
import { gate, trackProgress, withProgress } from '../../../../src/run/fetch/progress.js';

function context(tty: boolean, globals: Partial<GlobalOptions> = {}) {
  const chunks: string[] = [];
  const cleanups: Array<() => void> = [];
  const stderr = new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) });
  const ctx = {
    io: { stderr, stderrIsTTY: tty },
    signal: new AbortController().signal,
    globals: () => ({ quiet: false, verbose: false, ...globals }),
    onCleanup: (fn: () => void) => cleanups.push(fn),
  } as unknown as Context;
  return { ctx, text: () => chunks.join(''), cleanup: () => cleanups.forEach((f) => f()) };
}

/** A session whose requests take a few milliseconds and count how many run at once. */
function slowSession() {
  let inFlight = 0;
  let peak = 0;
  const session = {
    baseUrl: 'http://127.0.0.1:1',
    dryRun: false,
    curl: () => '',
    get: async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight -= 1;
      return { body: {}, rows: [], text: '', url: '' };
    },
  } as unknown as Session;
  return { session, peak: () => peak };
}

const fire = (s: Session, n: number) => Promise.all(Array.from({ length: n }, () => s.get({} as never, {} as never)));

describe('trackProgress', () => {
  it('on a terminal: done/total after each request, then the line is erased', async () => {
    const { ctx, text } = context(true);
    const { session } = slowSession();
    const t = trackProgress(ctx, session, 5);
    await fire(t.session, 5);
    t.done();
    expect(text()).toBe([1, 2, 3, 4, 5].map((i) => `\rgpumkt: ${i}/5 requests\x1b[K`).join('') + '\r\x1b[K');
  });

  it('nothing off a terminal, with --quiet or --verbose, or for a few requests', async () => {
    for (const [tty, globals, n] of [
      [false, {}, 20],
      [true, { quiet: true }, 20],
      [true, { verbose: true }, 20],
      [true, {}, 3],
    ] as const) {
      const { ctx, text } = context(tty, globals);
      const t = trackProgress(ctx, slowSession().session, n);
      await fire(t.session, n);
      t.done();
      expect(text()).toBe('');
    }
  });

  it('a failed run still clears the line (cleanup)', async () => {
    const { ctx, text, cleanup } = context(true);
    const t = trackProgress(ctx, slowSession().session, 10);
    await fire(t.session, 2);
    cleanup();
    expect(text().endsWith('\r\x1b[K')).toBe(true);
  });

  it('holds the whole run to six requests in flight', async () => {
    const { ctx } = context(false);
    const slow = slowSession();
    await fire(trackProgress(ctx, slow.session, 40).session, 40);
    expect(slow.peak()).toBe(6);
  });
});

describe('gate', () => {
  it('runs everything, never more than its size at once, and frees a slot on failure', async () => {
    const run = gate(2);
    let active = 0;
    let peak = 0;
    const job = (fail: boolean) =>
      run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 1));
        active -= 1;
        if (fail) throw new Error('x');
        return 1;
      });
    const results = await Promise.allSettled([job(true), job(false), job(true), job(false), job(false)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(peak).toBe(2);
  });
});

describe('withProgress', () => {
  it('erases the line before a failure reaches the caller', async () => {
    const { ctx, text } = context(true);
    const failing = { ...slowSession().session, get: async () => Promise.reject(new Error('boom')) } as unknown as Session;
    await expect(withProgress(ctx, failing, 10, (s) => fire(s, 5))).rejects.toThrow('boom');
    expect(text().endsWith('\r\x1b[K')).toBe(true);
  });
});
