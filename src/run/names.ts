/**
 * The service is the authority on names (docs/names.md). A name the offline list lacks is looked up
 * in the service's own catalogue route before it is refused: the catalogue read is cached a day
 * (name-cache.ts), so the next run, completion and suggestions know it without a request. Nothing is
 * asked while every name is in the offline list (start-up stays as it was). When the catalogue cannot
 * be read (no network, a dry run), the offline list decides, and a refusal says so.
 */
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { typedWords } from '../domain/text/word-list.js';
import { redactUrl } from '../domain/secrets/redact.js';
import { NAME_CATALOGUES, type NameCatalogueId, type NameEntry } from '../domain/catalogues/name-catalogues.js';
import type { RunSettings, Session } from './session.js';

// The name cache (a file under the cache folder, through the store) is loaded only by a run that reads
// or writes it: one naming something the offline lists lack, `all`, or a catalogue lookup.
const readNameCache = async (...a: Parameters<typeof import('./name-cache.js').readNameCache>) =>
  (await import('./name-cache.js')).readNameCache(...a);
const writeNameCache = async (...a: Parameters<typeof import('./name-cache.js').writeNameCache>) =>
  (await import('./name-cache.js')).writeNameCache(...a);

/** What a lookup found: the service's entries (when it was asked), and why the service was not asked, if it was not. */
export interface LearnedNames {
  readonly entries: readonly NameEntry[];
  readonly unasked?: string;
}

const NONE: LearnedNames = { entries: [] };

/** The longest a lookup waits for the catalogue (the run's --timeout when shorter). */
export const LOOKUP_TIMEOUT_S = 5;

/**
 * The service's catalogue: from the cache when read less than a day ago, else from its route (then
 * cached), through `session` when given (a sync's: one pacer for the whole run).
 */
export async function serviceCatalogue(
  ctx: Context,
  catalogue: NameCatalogueId,
  settings: RunSettings,
  session?: Session,
): Promise<NameEntry[]> {
  const def = NAME_CATALOGUES[catalogue];
  const sandbox = ctx.globals().sandbox;
  const now = Date.now();
  // The in-process sandbox lives one run on a port of its own: nothing of it is worth keeping.
  // Keyed by the service's URL, a password in it masked: the file never holds a secret.
  const service = redactUrl(settings.baseUrl);
  const cached = sandbox ? undefined : await readNameCache(ctx.env, catalogue, service, now);
  if (cached) return [...cached.entries];
  const { fetchCatalogue, field } = await import('./one-shot/catalog-live.js');
  // One attempt, at most LOOKUP_TIMEOUT_S: a catalogue that cannot be read leaves the decision to the
  // offline list at once (a typo on a train must not wait out the run's own timeout and retries).
  const rows = await fetchCatalogue(
    ctx,
    def.route,
    { ...settings, retries: 0, timeoutS: Math.min(settings.timeoutS, LOOKUP_TIMEOUT_S) },
    session,
  );
  if (rows === undefined) return [...def.offline];
  const text = (r: Record<string, unknown>, fields: readonly string[] = []): string | undefined =>
    fields.map((f) => r[f]).find((v): v is string => typeof v === 'string');
  const entries = rows.map((r, i): NameEntry => {
    const label = text(r, def.labelFields);
    const category = text(r, def.categoryFields);
    return { id: field(r, def.idFields, def.route, i), ...(label ? { label } : {}), ...(category ? { category } : {}) };
  });
  if (!sandbox) await writeNameCache(ctx.env, catalogue, service, entries, now);
  return entries;
}

/**
 * The ids of the service's catalogue when `args` name something the offline list of `catalogue` lacks;
 * nothing (and no request) when every name is in it.
 */
export async function learnNames(
  ctx: Context,
  catalogue: NameCatalogueId | undefined,
  args: readonly string[],
  settings: RunSettings,
): Promise<LearnedNames> {
  if (catalogue === undefined) return NONE;
  const def = NAME_CATALOGUES[catalogue];
  const offline = new Set(def.offline.flatMap((e) => (def.byLabel && e.label ? [e.id, e.label.toLowerCase()] : [e.id])));
  const words = typedWords(args).map((w) => w.trim().toLowerCase());
  const unknown = words.filter((w) => w !== 'all' && !offline.has(w) && !(def.knows?.(w) ?? false));
  if (unknown.length === 0) {
    // `all` of a catalogue that has it (GPU models) takes in what a lookup learned this day, from the
    // cache alone: no request, and a run that names no `all` reads nothing from disk.
    if (!def.all || !words.includes('all') || ctx.globals().sandbox) return NONE;
    const cached = await readNameCache(ctx.env, catalogue, redactUrl(settings.baseUrl), Date.now());
    return cached ? { entries: cached.entries } : NONE;
  }
  if (ctx.globals().dryRun) {
    const cached = await readNameCache(ctx.env, catalogue, redactUrl(settings.baseUrl), Date.now());
    return cached ? { entries: cached.entries } : { entries: [], unasked: `a dry run sends nothing: ${def.route} was not asked` };
  }
  try {
    return { entries: await serviceCatalogue(ctx, catalogue, settings) };
  } catch (err) {
    return { entries: [], unasked: `${def.route} could not be read (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** Runs `resolve`; a usage error it throws after a lookup that could not ask the service says that the offline list decided. */
export function withLookupNote<T>(learned: LearnedNames, resolve: () => T): T {
  try {
    return resolve();
  } catch (err) {
    if (!(err instanceof UsageError) || learned.unasked === undefined) throw err;
    const note = `${learned.unasked}, so the offline list decided`;
    throw new UsageError(err.message, err.hint === undefined ? note : `${err.hint}; ${note}`);
  }
}
