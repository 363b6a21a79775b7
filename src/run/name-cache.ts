/**
 * What gpumkt learned of the service's catalogues of names (src/run/names.ts), kept a day in the user's
 * cache folder (config/paths.ts: `catalogues/<catalogue>.json`, and its ids alone in `.words` for the
 * shell completion), one entry per service (base URL), so
 * a name looked up once costs no request for a day and completion and suggestions know it. Written
 * atomically; a file that cannot be read or parsed is as good as none.
 */
import { join } from 'node:path';
import { cacheDir, type Env } from '../config/paths.js';
import { localStore } from '../store/local.js';
import { makeFolder } from '../store/paths.js';
import type { Store } from '../store/store.js';
import type { NameCatalogueId, NameEntry } from '../domain/catalogues/name-catalogues.js';

/** How long a catalogue read from the service stands for it. */
export const NAME_CACHE_MS = 24 * 60 * 60 * 1000;

/** One service's catalogue as read, and when (epoch ms, the machine's clock). */
export interface CachedCatalogue {
  readonly fetchedAt: number;
  readonly entries: readonly NameEntry[];
}

type CacheFile = Record<string, CachedCatalogue>;

/** The file of one catalogue. */
export function nameCachePath(env: Env, catalogue: NameCatalogueId): string {
  return join(cacheDir(env), 'catalogues', `${catalogue}.json`);
}

/** The cache's folder as a store (keys `<catalogue>.json`, `<catalogue>.words`). */
const cacheStore = (env: Env): Store => localStore(join(cacheDir(env), 'catalogues'));

async function readAll(env: Env, catalogue: NameCatalogueId): Promise<CacheFile> {
  try {
    const bytes = await cacheStore(env).read(`${catalogue}.json`);
    if (bytes === undefined) return {};
    const parsed = JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CacheFile) : {};
  } catch {
    return {};
  }
}

/** The catalogue cached for `service` when read less than a day ago, else undefined. */
export async function readNameCache(
  env: Env,
  catalogue: NameCatalogueId,
  service: string,
  nowMs: number,
): Promise<CachedCatalogue | undefined> {
  const hit = (await readAll(env, catalogue))[service];
  if (hit === undefined || typeof hit.fetchedAt !== 'number' || !Array.isArray(hit.entries)) return undefined;
  const age = nowMs - hit.fetchedAt;
  return age >= 0 && age < NAME_CACHE_MS ? hit : undefined;
}

/** Keeps `entries` as the catalogue of `service` (others' entries kept); a cache that cannot be written is skipped. */
export async function writeNameCache(
  env: Env,
  catalogue: NameCatalogueId,
  service: string,
  entries: readonly NameEntry[],
  nowMs: number,
): Promise<void> {
  try {
    const all = await readAll(env, catalogue);
    all[service] = { fetchedAt: nowMs, entries };
    // Private, as the code cache beside it (bin/gpumkt.cjs).
    await makeFolder(join(cacheDir(env), 'catalogues'), 0o700);
    const store = cacheStore(env);
    await store.put(`${catalogue}.json`, `${JSON.stringify(all, null, 2)}\n`);
    // The ids alone, one a line: what the bash completion reads (no JSON parser in a shell).
    const ids = await cachedIds(env, catalogue);
    await store.put(`${catalogue}.words`, ids.map((id) => `${id}\n`).join(''));
  } catch {
    // A cache is a saving, not a duty: a read-only home still runs, it asks again next time.
  }
}

/** Every id cached for any service (fresh or not): what completion may offer besides the offline list. */
export async function cachedIds(env: Env, catalogue: NameCatalogueId): Promise<string[]> {
  const all = await readAll(env, catalogue);
  const ids: string[] = [];
  for (const c of Object.values(all) as unknown[]) {
    const entries = (c as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(entries)) continue;
    for (const e of entries as unknown[]) {
      const id = (e as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}
