/**
 * The lake's state file, `<lake>/.gpumkt-sync.json` (docs/sync.md): the lake's format and grain, and
 * per dataset the range held, row counts, the last run and its outcome. Written whole and atomically
 * (temporary file, fsync, rename) after every dataset, so a run killed at any moment leaves the state
 * of the last finished dataset. The data itself is the truth: the append merge reads what each dataset
 * holds, so a state one dataset behind (killed between a swap and the state write) costs nothing.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { OutputError } from '../errors.js';
import { errorCode, writeFileAtomic } from '../domain/files.js';

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
});

const lakeState = z.object({
  version: z.literal(1),
  format: z.enum(['parquet', 'csv']),
  grain: z.enum(['daily', 'hourly']),
  createdAt: z.string(),
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
export async function readState(lake: string): Promise<LakeState | undefined> {
  const file = path.join(lake, STATE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw new OutputError(`cannot read ${file}: ${String((err as Error).message)}`);
    const entries = await readdir(lake).catch((e: unknown) => {
      if (errorCode(e) === 'ENOENT') return [];
      if (errorCode(e) === 'ENOTDIR') throw new OutputError(`${lake} is not a folder`);
      throw e;
    });
    // The lock alone is what a run killed before its first state write leaves.
    if (entries.some((e) => !e.startsWith(LOCK_NAME))) {
      throw new OutputError(`${lake} is not a gpumkt lake (it holds files and no ${STATE_FILE})`, 'give a new or empty folder');
    }
    return undefined;
  }
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

/** Writes the state atomically (readable by the team that shares the lake; it holds no secret). */
export async function writeState(lake: string, state: LakeState): Promise<void> {
  await writeFileAtomic(path.join(lake, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`, 0o644);
}
