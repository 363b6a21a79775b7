/**
 * The work of `gpumkt lake read` and `gpumkt lake log` (docs/point-in-time.md): a dataset's rows read
 * from the lake (src/lake/read-rows.ts), chosen by knowledge time (src/lake/versions.ts) and printed
 * through the formats every data command prints with.
 */
import type { Context } from '../context.js';
import { knowledgeNow } from '../context.js';
import type { Row } from '../domain/row.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/text/suggest.js';
import { parseAsOf } from '../domain/time/as-of.js';
import { lakeRows } from '../lake/read-rows.js';
import { openLake, type LakeLocation, type LakeLocationFlags } from '../sync/open-lake.js';

/** The store a lake is read through. */
type Store = LakeLocation['store'];
import { asOf, current, firstVintage, isVersioned, KNOWN_COLUMNS, KNOWN_FROM, knownTime, orderVersions } from '../lake/versions.js';
import { lakeDatasets, type LakeDataset } from '../sync/lake-datasets.js';
import { declaredColumnTypes } from '../run/column-types.js';
import type { ColumnType } from '../output/formats.js';
import { planOutput } from '../run/output-plan.js';
import { emitRows } from '../run/emit.js';
import type { OutputFlags } from '../domain/output-flags.js';
import { logDays, versionLog, type LogFilter } from './lake-log.js';
import { rowIdentity, type RowIdentity } from '../sync/row-identity.js';
import { readState } from '../sync/state.js';

/** The flags both subcommands print with. */
type PrintFlags = Pick<OutputFlags, 'format' | 'output' | 'columns' | 'header' | 'csvSafe' | 'query'>;

/** `lake read`'s flags. */
export interface LakeReadFlags extends PrintFlags, LakeLocationFlags {
  readonly asOf?: string;
  readonly vintage?: 'first' | 'latest';
}

/** `lake log`'s flags. */
export interface LakeLogFlags extends PrintFlags, LakeLocationFlags, Omit<LogFilter, 'today'> {}

/** The lake dataset `name`. */
function lakeOf(name: string): LakeDataset {
  const lake = lakeDatasets().find((l) => l.name === name);
  if (lake === undefined) throw new UsageError(`unknown dataset '${name}'`);
  return lake;
}

/** The identity of the rows of the lake dataset `name`. */
function identity(name: string): RowIdentity {
  return rowIdentity(lakeOf(name));
}

/** The declared column types of the lake dataset `name` (and the knowledge times): typed formats write them. */
function typesOf(name: string): Record<string, ColumnType> {
  const lake = lakeOf(name);
  return { ...declaredColumnTypes(lake.ds.endpoint, false), known_from: 'timestamp', known_to: 'timestamp' };
}

/** A CSV lake's text back as the declared numbers and booleans (Parquet rows are typed already). */
function typed(rows: Row[], types: Readonly<Record<string, ColumnType>>): Row[] {
  const convert = Object.entries(types).filter(([, t]) => t === 'double' || t === 'int' || t === 'bool');
  for (const r of rows) {
    for (const [c, t] of convert) {
      const v = r[c];
      if (typeof v !== 'string') continue;
      if (t === 'bool') r[c] = v === 'true' ? true : v === 'false' ? false : v;
      else if (v.trim() !== '' && Number.isFinite(Number(v))) r[c] = Number(v);
    }
  }
  return rows;
}

/** The dataset's rows in the lake at `dir`; a dataset the lake does not hold is exit 2 naming those it does. */
async function readDataset(store: Store, dir: string, name: string): Promise<Row[]> {
  const known = lakeDatasets().map((l) => l.name);
  if (!known.includes(name)) throw new UsageError(`unknown dataset '${name}'; ${didYouMean(name, known)}datasets: ${known.join(', ')}`);
  const rows = typed(await lakeRows(store, name), typesOf(name));
  if (rows.length === 0) {
    const held = [...new Set((await store.list('')).map((o) => o.key.split('/')[0] ?? ''))].filter((n) => known.includes(n));
    throw new UsageError(
      `${dir} holds no rows of ${name}`,
      held.length > 0 ? `it holds: ${held.join(', ')}` : `sync it first: gpumkt sync ${dir} --datasets ${name}`,
    );
  }
  return rows;
}

/** The columns of `rows` in first-seen order, known_from and known_to last. */
function columnsOf(rows: readonly Row[], extra: readonly string[] = []): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const c of Object.keys(r)) if (!KNOWN_COLUMNS.includes(c)) seen.add(c);
  return [...seen, ...KNOWN_COLUMNS, ...extra];
}

/** Prints rows as the data commands do: -f, -o, --columns, the table view at a terminal. */
async function print(
  ctx: Context,
  name: string,
  rows: Row[],
  flags: PrintFlags,
  cols: { columns: string[]; defaults: string[]; keys: string[] },
): Promise<void> {
  const { columns, defaults, keys } = cols;
  const plan = await planOutput({ ...flags, order: 'asc' }, ctx, {
    valid: columns,
    defaults,
    keys,
    types: typesOf(name),
  });
  await emitRows(ctx, plan, rows, rows.length);
}

/** The state file's versionsSince (docs/point-in-time.md, "Honest about the start"); undefined without one. */
async function versionsSince(store: Store): Promise<string | undefined> {
  try {
    return (await readState(store))?.versionsSince;
  } catch {
    // A lake read without its state file (copied, or written by other tools) falls back on its rows.
    return undefined;
  }
}

/** Rows of a lake synced before it kept versions: one line, since they cannot be placed in time. */
function warnUnversioned(ctx: Context, name: string, n: number): void {
  if (n === 0) return;
  ctx.log.warn(
    `${n} row${n === 1 ? '' : 's'} of ${name} carry no known_from (synced before the lake kept versions): shown as current; since when this lake keeps versions is unknown`,
  );
}

/** `gpumkt lake read <dir> <dataset> [--as-of T] [--vintage first|latest]`. */
export async function lakeRead(ctx: Context, dir: string, name: string, flags: LakeReadFlags): Promise<void> {
  const at = flags.asOf === undefined ? undefined : parseAsOf(flags.asOf, knowledgeNow(ctx.env));
  const { store } = await openLake(ctx, dir, flags);
  const all = await readDataset(store, dir, name);
  const id = identity(name);
  const versioned = all.filter(isVersioned);
  const legacy = all.filter((r) => !isVersioned(r));
  warnUnversioned(ctx, name, legacy.length);
  const start = versioned.reduce<string | undefined>((m, r) => {
    const f = knownTime(r[KNOWN_FROM]) as string;
    return m === undefined || f < m ? f : m;
  }, undefined);
  // The state file says since when the lake keeps versions (rows held before are dated then); a lake without one, its first version.
  const since = await versionsSince(store);
  if (at !== undefined && since !== undefined && at < since)
    ctx.log.warn(`this lake keeps versions since ${since}: ${name}'s rows held before then are dated then, so nothing is known at ${at}`);
  else if (at !== undefined && start !== undefined && at < start)
    ctx.log.warn(`the lake's first versions of ${name} were received at ${start}: nothing it holds was known at ${at}`);
  const known = at === undefined ? versioned : versioned.filter((r) => (knownTime(r[KNOWN_FROM]) as string) <= at);
  const chosen = flags.vintage === 'first' ? firstVintage(known, id.key) : at === undefined ? current(versioned) : asOf(versioned, at);
  const rows = orderVersions([...legacy, ...chosen], id.key, id.time);
  const columns = columnsOf(all);
  await print(ctx, name, rows, flags, { columns, defaults: columns, keys: [id.time, ...id.keys] });
}

/** `gpumkt lake log <dir> <dataset> [--key …] [--from/--to] [--revised]`. */
export async function lakeLog(ctx: Context, dir: string, name: string, flags: LakeLogFlags): Promise<void> {
  const today = knowledgeNow(ctx.env).toISOString().slice(0, 10);
  const filter: LogFilter = { key: flags.key, from: flags.from, to: flags.to, revised: flags.revised, today };
  logDays(filter);
  const { store } = await openLake(ctx, dir, flags);
  const all = await readDataset(store, dir, name);
  const id = identity(name);
  warnUnversioned(ctx, name, all.filter((r) => !isVersioned(r)).length);
  const rows = versionLog(all, id, filter);
  const columns = columnsOf(all, ['version', ...(id.value === undefined ? [] : ['change'])]);
  const defaults = [id.time, ...id.keys, ...(id.value === undefined ? [] : [id.value]), ...KNOWN_COLUMNS, 'version'];
  await print(ctx, name, rows, flags, {
    columns,
    defaults: id.value === undefined ? defaults : [...defaults, 'change'],
    keys: [id.time, ...id.keys],
  });
}
