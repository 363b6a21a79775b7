/**
 * A lease: one object that says who writes a lake and until when, taken with a conditional write so
 * two runs never both take it. A free key is taken with putIfAbsent; a lease past its expiry is
 * replaced with putIfMatch on the tag it was read with (If-Match), so of two runs that find it
 * expired one replaces it and the other gets ObjectChangedError and sees it held. The lease only saves
 * work (two runs would fetch the same data); the commits' putIfAbsent keeps the lake right whatever
 * happens to it. Expiry is by the writer's clock: keep ttlMs well above the clocks' skew.
 *
 * On a store without putIfMatch (the local folder), an expired lease is removed and taken again with
 * putIfAbsent: two runs that both found it expired may then both hold it (the local lake has its own
 * lock, store/lock/).
 */
import { randomBytes } from 'node:crypto';
import { LockedError } from '../errors.js';
import { KeyExistsError, ObjectChangedError, type Store } from './store.js';

/** What a lease object holds. */
export interface LeaseRecord {
  readonly holder: string;
  /** Unique per taking: tells this run's lease from a later one of the same holder. */
  readonly token: string;
  /** ISO timestamps. */
  readonly taken: string;
  readonly expires: string;
}

/** A lease this run holds. */
export interface Lease {
  readonly key: string;
  readonly record: LeaseRecord;
  /** Pushes the expiry ttlMs past now; LeaseHeldError when the lease was lost (expired and taken by another). */
  renew(): Promise<void>;
  /** Removes the lease if it is still this run's; never fails for a lease already gone. */
  release(): Promise<void>;
}

/** Another run holds the lease (exit 8, as the local lake's lock). */
export class LeaseHeldError extends LockedError {
  constructor(
    readonly where: string,
    readonly holder: LeaseRecord | undefined,
  ) {
    super(
      holder === undefined ? `${where}: the lease was lost to another run` : `${where} is held by ${holder.holder} until ${holder.expires}`,
      'another run is writing this lake: wait until it ends, or until its lease expires',
    );
  }
}

function parse(bytes: Uint8Array | undefined): LeaseRecord | undefined {
  if (bytes === undefined) return undefined;
  try {
    const r = JSON.parse(Buffer.from(bytes).toString('utf8')) as Partial<LeaseRecord>;
    return typeof r.holder === 'string' && typeof r.token === 'string' && typeof r.expires === 'string' && typeof r.taken === 'string'
      ? (r as LeaseRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

async function current(store: Store, key: string): Promise<{ record: LeaseRecord | undefined; etag?: string; exists: boolean }> {
  if (store.readTagged !== undefined) {
    const t = await store.readTagged(key);
    return t === undefined ? { record: undefined, exists: false } : { record: parse(t.body), etag: t.etag, exists: true };
  }
  const bytes = await store.read(key);
  return { record: parse(bytes), exists: bytes !== undefined };
}

/** Replaces the expired lease `seen` with `body`: false when another run changed it first. */
async function replace(store: Store, key: string, body: string, seen: { etag?: string }): Promise<boolean> {
  try {
    if (store.putIfMatch !== undefined && seen.etag !== undefined) await store.putIfMatch(key, body, seen.etag);
    else {
      await store.delete(key);
      await store.putIfAbsent(key, body);
    }
    return true;
  } catch (err) {
    if (err instanceof ObjectChangedError || err instanceof KeyExistsError) return false;
    throw err;
  }
}

/** Takes the lease `key` of `store` for `holder` for ttlMs; LeaseHeldError while another run holds it. */
export async function takeLease(store: Store, key: string, holder: string, ttlMs: number, now: () => number = Date.now): Promise<Lease> {
  const make = (): LeaseRecord => ({
    holder,
    token: randomBytes(8).toString('hex'),
    taken: new Date(now()).toISOString(),
    expires: new Date(now() + ttlMs).toISOString(),
  });
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = make();
    const body = `${JSON.stringify(record)}\n`;
    try {
      await store.putIfAbsent(key, body);
      return held(store, key, record, ttlMs, now);
    } catch (err) {
      if (!(err instanceof KeyExistsError)) throw err;
    }
    const seen = await current(store, key);
    if (!seen.exists) continue; // released in between: try again
    // An unreadable lease object is taken as expired: it cannot say who holds it.
    if (seen.record !== undefined && Date.parse(seen.record.expires) > now()) throw new LeaseHeldError(`${store.name}/${key}`, seen.record);
    if (await replace(store, key, body, seen)) return held(store, key, record, ttlMs, now);
  }
  const last = await current(store, key);
  throw new LeaseHeldError(`${store.name}/${key}`, last.record);
}

function held(store: Store, key: string, first: LeaseRecord, ttlMs: number, now: () => number): Lease {
  let record = first;
  return {
    key,
    get record() {
      return record;
    },
    async renew() {
      const seen = await current(store, key);
      if (seen.record?.token !== record.token) throw new LeaseHeldError(`${store.name}/${key}`, undefined);
      const next = { ...record, expires: new Date(now() + ttlMs).toISOString() };
      if (!(await replace(store, key, `${JSON.stringify(next)}\n`, seen))) throw new LeaseHeldError(`${store.name}/${key}`, undefined);
      record = next;
    },
    async release() {
      const seen = await current(store, key);
      if (seen.record?.token === record.token) await store.delete(key);
    },
  };
}
