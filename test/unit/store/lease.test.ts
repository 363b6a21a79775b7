/**
 * The lease: taken with putIfAbsent, held against other runs (exit 8, naming the holder), replaced
 * when expired with If-Match on the tag read so that of racing runs exactly one takes it, renewed and
 * released only by its holder. On S3 through the loopback server, and on a local folder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { ExitCode } from '../../../src/errors.js';
import { LeaseHeldError, takeLease } from '../../../src/store/lease.js';
import { localStore } from '../../../src/store/local.js';
import { s3Store } from '../../../src/store/s3/s3-store.js';
import type { Store } from '../../../src/store/store.js';
import { makeTempDir } from '../../helpers/temp.js';
import { startS3Server, TEST_KEYS, type S3Server } from '../../helpers/s3-server.js';

let server: S3Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  server = agent = undefined;
});

async function s3(): Promise<Store> {
  server = await startS3Server();
  agent = new Agent();
  return s3Store({ bucket: 'lake', prefix: 'l', region: 'us-east-1', credentials: TEST_KEYS, endpointUrl: server.url, dispatcher: agent });
}

const T0 = Date.parse('2026-11-20T12:00:00Z');

describe('takeLease', () => {
  it('takes a free lease, refuses a held one naming its holder (exit 8), and lets it go on release', async () => {
    const store = await s3();
    const a = await takeLease(store, '_gpumkt/lease', 'run A', 60_000, () => T0);
    expect(a.record).toMatchObject({ holder: 'run A', expires: '2026-11-20T12:01:00.000Z' });
    const err = await takeLease(store, '_gpumkt/lease', 'run B', 60_000, () => T0 + 1000).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LeaseHeldError);
    expect((err as LeaseHeldError).exitCode).toBe(ExitCode.locked);
    expect((err as LeaseHeldError).message).toBe('s3://lake/l/_gpumkt/lease is held by run A until 2026-11-20T12:01:00.000Z');
    await a.release();
    expect(await store.read('_gpumkt/lease')).toBeUndefined();
    const b = await takeLease(store, '_gpumkt/lease', 'run B', 60_000, () => T0 + 2000);
    expect(b.record.holder).toBe('run B');
  });

  it('replaces an expired lease with If-Match; of runs racing for it exactly one wins', async () => {
    const store = await s3();
    await takeLease(store, 'lease', 'crashed run', 1_000, () => T0);
    const later = (): number => T0 + 5_000;
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => takeLease(store, 'lease', `run ${i}`, 60_000, later)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof LeaseHeldError)).toBe(true);
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof takeLease>>>).value;
    expect(JSON.parse(Buffer.from((await store.read('lease'))!).toString('utf8'))).toEqual(winner.record);
    expect(server!.requests.some((r) => r.method === 'PUT' && r.headers['if-match'] !== undefined && r.status === 200)).toBe(true);
  });

  it('renews only while held; a release by a run that lost the lease leaves the new holder', async () => {
    const store = await s3();
    let now = T0;
    const a = await takeLease(store, 'lease', 'run A', 1_000, () => now);
    now += 500;
    await a.renew();
    expect(a.record.expires).toBe('2026-11-20T12:00:01.500Z');
    now += 10_000;
    const b = await takeLease(store, 'lease', 'run B', 1_000, () => now);
    await expect(a.renew()).rejects.toBeInstanceOf(LeaseHeldError);
    await a.release();
    expect(JSON.parse(Buffer.from((await store.read('lease'))!).toString('utf8'))).toEqual(b.record);
  });

  it('works on a local folder too (no If-Match there: an expired lease is removed and taken again)', async () => {
    const store = localStore(makeTempDir('lease'));
    const a = await takeLease(store, 'lease', 'run A', 1_000, () => T0);
    await expect(takeLease(store, 'lease', 'run B', 1_000, () => T0 + 10)).rejects.toBeInstanceOf(LeaseHeldError);
    const b = await takeLease(store, 'lease', 'run B', 1_000, () => T0 + 5_000);
    await a.release();
    expect(JSON.parse(Buffer.from((await store.read('lease'))!).toString('utf8'))).toEqual(b.record);
  });
});
