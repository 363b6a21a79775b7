/** The request budget's own timer and the connection gate: the two guards that need no library's help. */
import { describe, expect, it } from 'vitest';
import { ConnectGate, EarlyCloseError, type Connector } from '../../../src/api/transport/connect-gate.js';
import { Deadline, DeadlineExpired } from '../../../src/api/deadline.js';

const never = new Promise<never>(() => undefined);

describe('Deadline', () => {
  it('aborts at its time with DeadlineExpired, and a race on a promise that never settles rejects then', async () => {
    const d = new Deadline(Date.now() + 80, new AbortController().signal);
    const t0 = Date.now();
    await expect(d.race(never)).rejects.toBeInstanceOf(DeadlineExpired);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(70);
    expect(d.expired).toBe(true);
    expect(d.signal.aborted).toBe(true);
    expect(d.left()).toBe(0);
  });

  it("passes the parent's reason on and is then not 'expired'", async () => {
    const parent = new AbortController();
    const d = new Deadline(Date.now() + 60_000, parent.signal);
    const raced = d.race(never);
    parent.abort(new Error('interrupted'));
    await expect(raced).rejects.toThrow('interrupted');
    expect(d.expired).toBe(false);
    d.dispose();
  });

  it('hands back what the raced work gives; a late rejection of lost work never surfaces', async () => {
    const d = new Deadline(Date.now() + 60_000, new AbortController().signal);
    await expect(d.race(Promise.resolve(7))).resolves.toBe(7);
    await expect(d.race(Promise.reject(new Error('no')))).rejects.toThrow('no');
    d.dispose();
    const short = new Deadline(Date.now() + 10, new AbortController().signal);
    let fail!: (e: Error) => void;
    const late = new Promise<never>((_, reject) => (fail = reject));
    await expect(short.race(late)).rejects.toBeInstanceOf(DeadlineExpired);
    fail(new Error('late'));
  });

  it('dispose() clears the timer: a disposed deadline never aborts', async () => {
    const d = new Deadline(Date.now() + 30, new AbortController().signal);
    d.dispose();
    await new Promise((r) => setTimeout(r, 80));
    expect(d.signal.aborted).toBe(false);
  });

  it('a time beyond what setTimeout can hold does not fire at once', async () => {
    const d = new Deadline(Date.now() + 30 * 86_400_000, new AbortController().signal);
    await new Promise((r) => setTimeout(r, 30));
    expect(d.signal.aborted).toBe(false);
    d.dispose();
  });
});

describe('ConnectGate', () => {
  const connector = (): { fn: Connector; calls: number[] } => {
    const calls: number[] = [];
    return { calls, fn: (_o, cb) => (calls.push(1), cb(null, null)) };
  };
  const connect = (fn: Connector): Promise<Error | null> => new Promise((resolve) => fn({}, (err) => resolve(err)));

  it('one connection per attempt in flight; a second one for the same attempt fails with an early-close error', async () => {
    const gate = new ConnectGate();
    const c = connector();
    const wrapped = gate.wrap(c.fn);
    expect(await connect(wrapped)).toBeInstanceOf(EarlyCloseError);
    const end = gate.begin();
    expect(await connect(wrapped)).toBeNull();
    const refused = await connect(wrapped);
    expect(refused).toBeInstanceOf(EarlyCloseError);
    expect((refused as EarlyCloseError).code).toBe('GPUMKT_EARLY_CLOSE');
    expect(c.calls).toHaveLength(1);
    end();
  });

  it('an unused credit (a kept-alive socket reused) lapses with its attempt; concurrent attempts each get one', async () => {
    const gate = new ConnectGate();
    const c = connector();
    const wrapped = gate.wrap(c.fn);
    gate.begin()();
    expect(await connect(wrapped)).toBeInstanceOf(EarlyCloseError);
    const ends = [gate.begin(), gate.begin(), gate.begin()];
    for (let i = 0; i < 3; i++) expect(await connect(wrapped)).toBeNull();
    expect(await connect(wrapped)).toBeInstanceOf(EarlyCloseError);
    for (const end of ends) {
      end();
      end();
    }
    expect(c.calls).toHaveLength(3);
  });
});
