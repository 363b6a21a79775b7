/**
 * The local file system's Store: the interface's guarantees (store.ts) on a real folder — put atomic
 * per object, putIfAbsent failing distinguishably, list by key prefix without half-written objects,
 * ranges, deletes, and keys that cannot leave the store.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp.js';
import { OutputError } from '../../../src/errors.js';
import { localStore } from '../../../src/store/local.js';
import { KeyExistsError, type Store } from '../../../src/store/store.js';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = makeTempDir('store');
  store = localStore(dir);
});

const text = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : Buffer.from(b).toString('utf8'));

describe('localStore', () => {
  it('puts text, bytes and streams, makes the folders a key needs, and reads them back', async () => {
    await store.put('a.txt', 'hello');
    await store.put('x/y/b.bin', new Uint8Array([1, 2, 3]));
    async function* chunks(): AsyncGenerator<string | Uint8Array> {
      yield 'one,';
      yield Buffer.from('two,');
      yield 'three';
    }
    await store.put('x/c.csv', chunks());
    expect(text(await store.read('a.txt'))).toBe('hello');
    expect([...((await store.read('x/y/b.bin')) ?? [])]).toEqual([1, 2, 3]);
    expect(text(await store.read('x/c.csv'))).toBe('one,two,three');
    expect(statSync(path.join(dir, 'x', 'y', 'b.bin')).mode & 0o777).toBe(0o644);
  });

  it('reads a byte range, clipped to the object; a missing object is undefined', async () => {
    await store.put('r', '0123456789');
    expect(text(await store.read('r', { start: 2, end: 5 }))).toBe('234');
    expect(text(await store.read('r', { start: 7 }))).toBe('789');
    expect(text(await store.read('r', { start: 8, end: 100 }))).toBe('89');
    expect(await store.read('nope')).toBeUndefined();
    expect(await store.read('r/under-a-file')).toBeUndefined();
  });

  it('put replaces atomically: while the new object is being written a reader sees the old one, and list shows no temporary file', async () => {
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
    // The temporary file is there on disk, under the private name.
    expect(readdirSync(path.join(dir, 'd')).some((n) => n.endsWith('.tmp'))).toBe(true);
    release();
    await put;
    expect(text(await store.read('d/part.parquet'))).toBe('new, first half; second half');
    expect(readdirSync(path.join(dir, 'd'))).toEqual(['part.parquet']);
  });

  it('a put whose stream fails leaves the old object and no temporary file', async () => {
    await store.put('k', 'old');
    async function* broken(): AsyncGenerator<string> {
      yield 'partial';
      throw new Error('source failed');
    }
    await expect(store.put('k', broken())).rejects.toThrow();
    expect(text(await store.read('k'))).toBe('old');
    expect(readdirSync(dir)).toEqual(['k']);
  });

  it('putIfAbsent creates once; a second one fails with KeyExistsError and leaves the first object', async () => {
    await store.putIfAbsent('_log/00.json', 'first');
    const err = await store.putIfAbsent('_log/00.json', 'second').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(KeyExistsError);
    expect((err as KeyExistsError).key).toBe('_log/00.json');
    expect(text(await store.read('_log/00.json'))).toBe('first');
    expect(readdirSync(path.join(dir, '_log'))).toEqual(['00.json']);
  });

  it('of many writers racing with putIfAbsent on one key, exactly one wins', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.putIfAbsent('lease', `writer ${i}`)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof KeyExistsError)).toBe(true);
    const winner = results.indexOf(won[0] as PromiseFulfilledResult<void>);
    expect(text(await store.read('lease'))).toBe(`writer ${winner}`);
  });

  it('lists by key prefix (not by folder name), sorted, with sizes; a limit stops early', async () => {
    for (const k of ['hist/gpu=B/part-1.parquet', 'hist/gpu=A/part-0.parquet', 'history-at/x.csv', 'hist.csv', 'top'])
      await store.put(k, k);
    const keys = async (p: string): Promise<string[]> => (await store.list(p)).map((o) => o.key);
    expect(await keys('hist/')).toEqual(['hist/gpu=A/part-0.parquet', 'hist/gpu=B/part-1.parquet']);
    expect(await keys('hist')).toEqual(['hist.csv', 'hist/gpu=A/part-0.parquet', 'hist/gpu=B/part-1.parquet', 'history-at/x.csv']);
    expect(await keys('hist/gpu=B')).toEqual(['hist/gpu=B/part-1.parquet']);
    expect(await keys('')).toHaveLength(5);
    expect(await keys('nothing/')).toEqual([]);
    expect((await store.list('', { limit: 2 })).length).toBe(2);
    expect((await store.list('top'))[0]?.size).toBe(3);
    // A store whose folder does not exist yet holds nothing.
    expect(await localStore(path.join(dir, 'new')).list('')).toEqual([]);
  });

  it('delete removes an object; deleting a missing one is not an error', async () => {
    await store.put('a/b', 'x');
    await store.delete('a/b');
    await store.delete('a/b');
    await store.delete('never/was');
    expect(await store.read('a/b')).toBeUndefined();
    expect(await store.list('')).toEqual([]);
  });

  it('refuses keys that are not relative names inside the store, and a store on a file', async () => {
    for (const bad of ['../escape', '/abs', 'a//b', 'a/./b', '', 'a\\b']) {
      await expect(store.put(bad, 'x')).rejects.toBeInstanceOf(OutputError);
    }
    writeFileSync(path.join(dir, 'file'), 'x');
    await expect(localStore(path.join(dir, 'file')).list('')).rejects.toThrow(/is not a folder/);
  });
});
