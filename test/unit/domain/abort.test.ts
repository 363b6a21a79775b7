/**
 * gpumkt's abort controller (src/domain/abort.ts) is not an EventTarget, but its signal must behave as
 * Node's does wherever gpumkt and undici use one: each case runs the same steps on both and compares
 * what the listeners saw.
 */
import { describe, expect, it } from 'vitest';
import { LightAbortController } from '../../../src/domain/abort.js';

type Make = () => { signal: AbortSignal; abort(reason?: unknown): void };
const MAKERS: [string, Make][] = [
  ['Node', () => new AbortController()],
  ['light', () => new LightAbortController()],
];

/** Runs `steps` against a controller from `make`; returns what happened, in order. */
function trace(make: Make, steps: (c: ReturnType<Make>, log: string[]) => void): string[] {
  const log: string[] = [];
  steps(make(), log);
  return log;
}

/** Both controllers give the same trace; returns it. */
function same(steps: (c: ReturnType<Make>, log: string[]) => void): string[] {
  const [node, light] = MAKERS.map(([, make]) => trace(make, steps));
  expect(light).toEqual(node);
  return node as string[];
}

describe('LightAbortController', () => {
  it('is not aborted until abort(), then holds the reason; abort() again changes nothing', () => {
    const log = same((c, log) => {
      log.push(`before ${c.signal.aborted} ${String(c.signal.reason)}`);
      c.abort('first');
      c.abort('second');
      log.push(`after ${c.signal.aborted} ${String(c.signal.reason)}`);
    });
    expect(log).toEqual(['before false undefined', 'after true first']);
  });

  it('an abort without a reason is an AbortError, the same one at every read and in the listeners', () => {
    for (const [, make] of MAKERS) {
      const c = make();
      const seen: unknown[] = [];
      c.signal.addEventListener('abort', () => seen.push(c.signal.reason));
      c.abort();
      expect(c.signal.reason).toBeInstanceOf(DOMException);
      expect((c.signal.reason as DOMException).name).toBe('AbortError');
      expect(c.signal.reason).toBe(c.signal.reason);
      expect(seen).toEqual([c.signal.reason]);
      expect(seen[0]).toBe(c.signal.reason);
      expect(() => c.signal.throwIfAborted()).toThrow(c.signal.reason as Error);
    }
  });

  it('throwIfAborted throws the reason once aborted, nothing before', () => {
    same((c, log) => {
      c.signal.throwIfAborted();
      c.abort(new Error('stop'));
      try {
        c.signal.throwIfAborted();
      } catch (e) {
        log.push((e as Error).message);
      }
    });
  });

  it('calls listeners in the order added, once each, with the signal as this and target', () => {
    const log = same((c, log) => {
      const a = function (this: unknown, ev: Event): void {
        log.push(`a ${ev.type} ${this === c.signal} ${ev.target === c.signal}`);
      };
      const b = (): void => void log.push('b');
      c.signal.addEventListener('abort', a, { once: true });
      c.signal.addEventListener('abort', b);
      c.signal.addEventListener('abort', a);
      c.signal.addEventListener('other', () => log.push('other'));
      c.abort();
      c.abort();
    });
    expect(log).toEqual(['a abort true true', 'b']);
  });

  it('a removed listener is not called, also when an earlier listener removes it during the abort', () => {
    const log = same((c, log) => {
      const gone = (): void => void log.push('gone');
      const late = (): void => void log.push('late');
      c.signal.addEventListener('abort', gone);
      c.signal.removeEventListener('abort', gone);
      c.signal.addEventListener('abort', () => {
        log.push('first');
        c.signal.removeEventListener('abort', late);
        c.signal.addEventListener('abort', () => log.push('added during'));
      });
      c.signal.addEventListener('abort', late);
      c.abort();
    });
    expect(log).toEqual(['first']);
  });

  it('a listener added after the abort is never called', () => {
    const log = same((c, log) => {
      c.abort();
      c.signal.addEventListener('abort', () => log.push('late'));
      c.abort();
    });
    expect(log).toEqual([]);
  });

  it('a listener that throws does not stop the others; its error surfaces as an uncaught exception', async () => {
    const seen: unknown[] = [];
    const onUncaught = (err: unknown): void => void seen.push(err);
    const listeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', onUncaught);
    try {
      const c = new LightAbortController();
      const log: string[] = [];
      const boom = new Error('listener failed');
      c.signal.addEventListener('abort', () => {
        throw boom;
      });
      c.signal.addEventListener('abort', () => log.push('next'));
      c.abort();
      expect(log).toEqual(['next']);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual([boom]);
    } finally {
      process.off('uncaughtException', onUncaught);
      for (const l of listeners) process.on('uncaughtException', l);
    }
  });
});
