/**
 * The Store contract (src/store/store.ts) as tests, run against every backend by
 * contract.test.ts: put (text, bytes, streams) atomic per object, ranges clipped as the local store
 * clips them, putIfAbsent failing with KeyExistsError for all writers but one, list by key prefix
 * (sorted, limited), delete, refused keys, and 8 writers × 10 Delta commits that keep every commit
 * at contiguous versions. Each backend must behave the same: the lake is written through this seam.
 */
import { describe, expect, it } from 'vitest';
import { OutputError } from '../../../src/errors.js';
import { writeCommit } from '../../../src/store/delta-commit.js';
import { logVersions, readCommit, readDeltaTable } from '../../../src/store/delta-log.js';
import { KeyExistsError, type Store } from '../../../src/store/store.js';
import { checkDeltaTable } from '../../helpers/delta-check.js';

const text = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : Buffer.from(b).toString('utf8'));

/** One Delta writer: reads the latest version, tries the next, and on KeyExistsError reads again. */
async function commitLoop(store: Store, table: string, writer: number, commits: number): Promise<void> {
  for (let c = 0; c < commits; c++) {
    // The data file first (uniquely named, one byte), then the commit that adds it.
    await store.put(`${table}/part-w${writer}-c${c}.parquet`, 'x');
    for (;;) {
      const { commits: versions } = await logVersions(store, table);
      const version = (versions.at(-1) ?? -1) + 1;
      const create =
        version === 0 ? { id: 'race', columns: [{ name: 'x', type: 'long' as const }], partitionColumns: [], createdTime: 0 } : undefined;
      try {
        await writeCommit(store, table, {
          version,
          ...(create === undefined ? {} : { create }),
          add: [{ relPath: `part-w${writer}-c${c}.parquet`, partitionValues: {}, size: 1, modificationTime: 0 }],
          remove: [],
          timestamp: 0,
          operation: 'WRITE',
        });
        break;
      } catch (err) {
        if (!(err instanceof KeyExistsError)) throw err;
      }
    }
  }
}

/** The contract's tests for the backend `make` opens (a fresh, empty store per test). */
export function storeContract(backend: string, make: () => Promise<Store>): void {
  describe(`the Store contract: ${backend}`, () => {
    it('puts text, bytes, streams and empty objects, and reads them back', async () => {
      const store = await make();
      await store.put('a.txt', 'hello');
      await store.put('x/y/b.bin', new Uint8Array([1, 2, 3]));
      async function* chunks(): AsyncGenerator<string | Uint8Array> {
        yield 'one,';
        yield Buffer.from('two,');
        yield 'three';
      }
      await store.put('x/c.csv', chunks());
      await store.put('empty', '');
      expect(text(await store.read('a.txt'))).toBe('hello');
      expect([...((await store.read('x/y/b.bin')) ?? [])]).toEqual([1, 2, 3]);
      expect(text(await store.read('x/c.csv'))).toBe('one,two,three');
      expect(text(await store.read('empty'))).toBe('');
    });

    it('keeps names with spaces, =, +, &, parentheses, ~ and non-ASCII letters as they are', async () => {
      const store = await make();
      const key = "hist/gpu=H100 SXM/part+1 (a)&b~'é'.parquet";
      await store.put(key, 'x');
      expect(text(await store.read(key))).toBe('x');
      expect((await store.list('hist/gpu=H100 ')).map((o) => o.key)).toEqual([key]);
      await store.delete(key);
      expect(await store.list('')).toEqual([]);
    });

    it('reads a byte range, clipped to the object; a missing object is undefined', async () => {
      const store = await make();
      await store.put('r', '0123456789');
      expect(text(await store.read('r', { start: 2, end: 5 }))).toBe('234');
      expect(text(await store.read('r', { start: 7 }))).toBe('789');
      expect(text(await store.read('r', { start: 8, end: 100 }))).toBe('89');
      expect(text(await store.read('r', { start: 10 }))).toBe('');
      expect(text(await store.read('r', { start: 50, end: 60 }))).toBe('');
      expect(text(await store.read('r', { start: 4, end: 4 }))).toBe('');
      expect(text(await store.read('r', { start: 0 }))).toBe('0123456789');
      expect(await store.read('nope')).toBeUndefined();
      expect(await store.read('nope', { start: 1, end: 2 })).toBeUndefined();
      expect(await store.read('nope', { start: 1, end: 1 })).toBeUndefined();
      expect(await store.read('r/under-a-file')).toBeUndefined();
    });

    it('put replaces atomically: while a streamed put runs, a reader sees the old object and list one key', async () => {
      const store = await make();
      await store.put('d/part.parquet', 'old');
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const writing = new Promise<void>((r) => (started = r));
      async function* slow(): AsyncGenerator<string> {
        yield 'new, first half;';
        started();
        await gate;
        yield ' second half';
      }
      const put = store.put('d/part.parquet', slow());
      await writing;
      expect(text(await store.read('d/part.parquet'))).toBe('old');
      expect((await store.list('d/')).map((o) => o.key)).toEqual(['d/part.parquet']);
      release();
      await put;
      expect(text(await store.read('d/part.parquet'))).toBe('new, first half; second half');
      expect((await store.list('d/')).map((o) => o.key)).toEqual(['d/part.parquet']);
    });

    it('a put whose stream fails leaves the old object, and nothing else', async () => {
      const store = await make();
      await store.put('k', 'old');
      async function* broken(): AsyncGenerator<string> {
        yield 'partial';
        throw new Error('source failed');
      }
      await expect(store.put('k', broken())).rejects.toThrow();
      expect(text(await store.read('k'))).toBe('old');
      expect((await store.list('')).map((o) => o.key)).toEqual(['k']);
    });

    it('putIfAbsent creates once; a second one fails with KeyExistsError and leaves the first object', async () => {
      const store = await make();
      await store.putIfAbsent('_log/00.json', 'first');
      const err = await store.putIfAbsent('_log/00.json', 'second').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(KeyExistsError);
      expect((err as KeyExistsError).key).toBe('_log/00.json');
      expect(text(await store.read('_log/00.json'))).toBe('first');
      expect((await store.list('_log/')).map((o) => o.key)).toEqual(['_log/00.json']);
    });

    it('of many writers racing with putIfAbsent on one key, exactly one wins', async () => {
      const store = await make();
      const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.putIfAbsent('lease', `writer ${i}`)));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof KeyExistsError)).toBe(true);
      const winner = results.indexOf(won[0] as PromiseFulfilledResult<void>);
      expect(text(await store.read('lease'))).toBe(`writer ${winner}`);
    });

    it('lists by key prefix (not by folder name), sorted, with sizes; a limit stops early', async () => {
      const store = await make();
      for (const k of ['hist/gpu=B/part-1.parquet', 'hist/gpu=A/part-0.parquet', 'history-at/x.csv', 'hist.csv', 'top'])
        await store.put(k, k);
      const keys = async (p: string): Promise<string[]> => (await store.list(p)).map((o) => o.key);
      expect(await keys('hist/')).toEqual(['hist/gpu=A/part-0.parquet', 'hist/gpu=B/part-1.parquet']);
      expect(await keys('hist')).toEqual(['hist.csv', 'hist/gpu=A/part-0.parquet', 'hist/gpu=B/part-1.parquet', 'history-at/x.csv']);
      expect(await keys('hist/gpu=B')).toEqual(['hist/gpu=B/part-1.parquet']);
      expect(await keys('')).toHaveLength(5);
      expect(await keys('nothing/')).toEqual([]);
      const limited = await store.list('', { limit: 2 });
      expect(limited).toHaveLength(2);
      expect(limited.every((o) => o.key.length > 0)).toBe(true);
      expect((await store.list('top'))[0]?.size).toBe(3);
      expect((await store.list('top'))[0]?.modifiedMs).toBeGreaterThan(0);
    });

    it('delete removes an object; deleting a missing one is not an error', async () => {
      const store = await make();
      await store.put('a/b', 'x');
      await store.delete('a/b');
      await store.delete('a/b');
      await store.delete('never/was');
      expect(await store.read('a/b')).toBeUndefined();
      expect(await store.list('')).toEqual([]);
    });

    it('refuses keys that are not relative names inside the store', async () => {
      const store = await make();
      for (const bad of ['../escape', '/abs', 'a//b', 'a/./b', '', 'a\\b']) {
        await expect(store.put(bad, 'x')).rejects.toBeInstanceOf(OutputError);
        await expect(store.putIfAbsent(bad, 'x')).rejects.toBeInstanceOf(OutputError);
        await expect(store.read(bad)).rejects.toBeInstanceOf(OutputError);
      }
    });

    it('8 writers × 10 Delta commits with putIfAbsent keep all 80 commits, at contiguous versions', async () => {
      const store = await make();
      await Promise.all(Array.from({ length: 8 }, (_, w) => commitLoop(store, 'race', w, 10)));
      const { commits } = await logVersions(store, 'race');
      expect(commits).toEqual(Array.from({ length: 80 }, (_, i) => i));
      const snap = await readDeltaTable(store, 'race');
      const expected = Array.from({ length: 8 }, (_, w) => Array.from({ length: 10 }, (_, c) => `part-w${w}-c${c}.parquet`)).flat();
      expect(snap?.files.map((f) => f.path).sort()).toEqual(expected.sort());
      // Each commit holds exactly one writer's add: none was overwritten by another.
      for (const v of commits) expect((await readCommit(store, 'race', v)).filter((a) => a.add !== undefined)).toHaveLength(1);
      expect(await checkDeltaTable(store, 'race')).toEqual([]);
    });
  });
}
