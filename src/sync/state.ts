/**
 * The lake's state file, `<lake>/.gpumkt-sync.json` (docs/sync.md): the lake's format and grain, and
 * per dataset the range held, row counts, the last run and its outcome. Put whole in the lake's store
 * (atomic per object) after every dataset that changed it, so a run killed at any moment leaves the
 * state of the last finished dataset. The data itself is the truth: the append merge reads what each dataset
 * holds, so a state one dataset behind (killed between a swap and the state write) costs nothing.
 */
import { z } from 'zod';
import { OutputError } from '../errors.js';
import { LAKE_FORMATS } from '../output/formats.js';
import type { Store } from '../store/store.js';

/** The state file's name in the lake. */
export const STATE_FILE = '.gpumkt-sync.json';

/** The name the lake's lock is taken on (`<lake>/.gpumkt-sync.lock`). */
export const LOCK_NAME = '.gpumkt-sync';

const datasetState = z.object({
  kind: z.enum(['series', 'snapshot']),
  /** Where it lives, relative to the lake. */
  path: z.string(),
  partition: z.string().optional(),
  grain: z.string().optional(),
  /** The first and last day held (series), or the first and last snapshot date. */
  from: z.string().optional(),
  to: z.string().optional(),
  /** Rows held (series), or rows of the last snapshot. */
  rows: z.number().optional(),
  snapshots: z.number().optional(),
  /** Rows the last successful run added (series: rows held after less rows before). */
  added: z.number().optional(),
  lastRun: z.string().optional(),
  lastSuccess: z.string().optional(),
  status: z.enum(['ok', 'failed']).optional(),
  error: z.string().optional(),
  requests: z.number().optional(),
  /** The models or targets its last successful run asked for (one a new one joins is fetched from its start). */
  targets: z.array(z.string()).optional(),
});

const lakeState = z.object({
  version: z.literal(1),
  format: z.enum(LAKE_FORMATS),
  grain: z.enum(['daily', 'hourly']),
  createdAt: z.string(),
  /** The tables' layout (`--table-format`); absent: hive (a lake written before the flag). */
  tableFormat: z.enum(['hive', 'delta']).optional(),
  /** The lake's id: the `txn` appId of its writers' commits (with the run's counter). */
  id: z.string().optional(),
  /** Runs that wrote the lake: the `txn` version of this run's commits. */
  runs: z.number().optional(),
  /** Since when the lake keeps versions of its rows (docs/point-in-time.md): rows held before are dated then. */
  versionsSince: z.string().optional(),
  lastRun: z.object({ startedAt: z.string(), finishedAt: z.string(), exitCode: z.number(), requests: z.number() }).optional(),
  datasets: z.record(z.string(), datasetState),
});

/** What the state says of one dataset. */
export type DatasetState = z.infer<typeof datasetState>;

/** The whole state file. */
export type LakeState = z.infer<typeof lakeState>;

/**
 * Reads the lake's state; undefined for a lake not created yet (no folder, or an empty one). A folder
 * that holds other things and no state is not a lake: refused (exit 7) so `sync ~` never fills a home folder.
 */
export async function readState(lake: Store): Promise<LakeState | undefined> {
  const file = `${lake.name}/${STATE_FILE}`;
  const bytes = await lake.read(STATE_FILE);
  if (bytes === undefined) {
    // The lock alone (and a lock set aside by a takeover) is what a run killed before its first state write leaves.
    const some = await lake.list('', { limit: 3 });
    if (some.some((o) => !o.key.startsWith(LOCK_NAME))) {
      throw new OutputError(`${lake.name} is not a gpumkt lake (it holds files and no ${STATE_FILE})`, 'give a new or empty folder');
    }
    return undefined;
  }
  const text = Buffer.from(bytes).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OutputError(`${file} is not valid JSON`, 'restore it, or move the lake aside and sync into a new folder');
  }
  const r = lakeState.safeParse(parsed);
  if (!r.success) throw new OutputError(`${file} is not a state file this gpumkt understands`, 'restore it, or sync into a new folder');
  return r.data;
}

/** What this run last wrote to each lake's state file: a state unchanged since is not written again. */
const written = new WeakMap<Store, string>();

/**
 * Writes the state atomically (readable by the team that shares the lake; it holds no secret), unless
 * this run already wrote the same text to this lake: the run holds the lake's lock or lease, so the file
 * is still what it wrote (on object storage each write is a PUT; a sync of datasets all current made 20).
 */
export async function writeState(lake: Store, state: LakeState): Promise<void> {
  const text = `${JSON.stringify(state, null, 2)}\n`;
  if (written.get(lake) === text) return;
  await lake.put(STATE_FILE, text);
  written.set(lake, text);
}

/**
 * When a dataset's last successful sync fell within the UTC hour of `now`, its time: the service
 * publishes once an hour, so nothing can be new since, and the dataset is neither asked for nor read.
 * Else undefined; always undefined when `may` is false (`--from` given, or a clock pinned to a date).
 */
export function syncedThisHour(prev: DatasetState | undefined, now: Date, may: boolean): string | undefined {
  if (!may || prev?.status !== 'ok' || prev.lastSuccess === undefined) return undefined;
  const HOUR = 3_600_000;
  const last = Date.parse(prev.lastSuccess);
  const t = now.getTime();
  return last <= t && Math.floor(last / HOUR) === Math.floor(t / HOUR) ? prev.lastSuccess : undefined;
}

/** True under GPUMKT_TODAY=YYYY-MM-DD: noon of that day, not an hour of a real one, so no run counts as within the hour of another. */
export function datePinned(env: Readonly<Record<string, string | undefined>>): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(env.GPUMKT_TODAY?.trim() ?? '');
}
