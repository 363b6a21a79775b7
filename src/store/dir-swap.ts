/**
 * Atomic replacement of a whole output folder (a partitioned dataset): the new folder is built as a
 * hidden sibling, `.<name>.<pid>.<random>.tmp`, then swapped in by two renames in the same parent:
 *
 *   1. rename <name> → .<name>.<pid>.<random>.old   (only when <name> exists)
 *   2. rename .<name>.….tmp → <name>
 *   3. remove the .old folder
 *
 * At every instant <name> is the complete old dataset, the complete new one, or (between 1 and 2, a few
 * microseconds) absent: a reader never sees half a dataset. A failure in 2 renames the old folder back.
 * A run killed before 2 leaves a `.tmp` sibling; killed between 1 and 2, the old dataset survives as
 * `.old` and <name> is missing. Every later run recovers first (checkDirTarget → sweepStaleDirs), before
 * anything reads or writes the name: an `.old` of a dead run is renamed back at once when <name> is
 * missing, and removed only when <name> holds every file it holds (killed after 2); a dead run's `.tmp`
 * is removed at once (its pid is in its name).
 */
import { type Stats } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { OutputError } from '../errors.js';
import { errorCode, syncFolder, tempStem } from './files.js';
import { checkFolder, outputError } from './file-sink.js';
import { isAlive } from './stale-temp.js';

async function lstatOrUndefined(p: string): Promise<Stats | undefined> {
  try {
    return await lstat(p);
  } catch (err) {
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** Decides whether an existing folder may be replaced: true only for what gpumkt itself wrote there. */
export type Replaceable = (dir: string) => Promise<boolean>;

/**
 * Checks that `target` can be replaced: its parent folder exists and is writable, and it is absent or a
 * folder that `replaceable` accepts (never a file, a symlink, or someone else's folder). First recovers
 * what a killed run left (sweepStaleDirs), so a set-aside dataset is back in place before it is judged.
 */
export async function checkDirTarget(target: string, replaceable: Replaceable): Promise<void> {
  const abs = path.resolve(target);
  await checkFolder(target, path.dirname(abs));
  await sweepStaleDirs(path.dirname(abs), path.basename(abs));
  const st = await lstatOrUndefined(abs).catch((err: unknown) => {
    throw outputError(target, err);
  });
  if (st === undefined) return;
  if (!st.isDirectory()) throw new OutputError(`cannot write ${target}: it exists and is not a folder`);
  if (!(await replaceable(abs))) {
    throw new OutputError(
      `cannot write ${target}: the folder holds files gpumkt did not write; refusing to replace it`,
      'choose a new or empty folder',
    );
  }
}

/** The relative paths of every file under `dir`. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** True when every file under `old` has a counterpart under `current`: `old` is not the only copy of anything. */
async function coveredBy(old: string, current: string): Promise<boolean> {
  try {
    const have = new Set(await filesUnder(current));
    return (await filesUnder(old)).every((f) => have.has(f));
  } catch {
    return false;
  }
}

/**
 * Recovers what killed runs left next to `base` (their pid is in the name, and the process is gone): an
 * `.old` is renamed back to `base` when `base` is missing, removed when `base` holds every file it holds,
 * and kept otherwise (it may be the only copy of some data); a `.tmp` (a half-built folder) is removed.
 * Best effort; resolves to the number of folders restored or removed.
 */
export async function sweepStaleDirs(parent: string, base: string): Promise<number> {
  const prefix = `.${base}.`;
  let handled = 0;
  const names = await readdir(parent).catch(() => [] as string[]);
  // Restorations first, so that a .tmp or a second .old is judged against the dataset put back.
  const leftovers = names
    .map((name) => ({ name, m: name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{12}\.(tmp|old)$/.exec(name.slice(prefix.length)) : null }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => (a.m[2] === b.m[2] ? 0 : a.m[2] === 'old' ? -1 : 1));
  for (const { name, m } of leftovers) {
    const pid = Number(m[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    const p = path.join(parent, name);
    const st = await lstat(p).catch(() => undefined);
    if (st?.isDirectory() !== true) continue;
    const target = path.join(parent, base);
    if (m[2] === 'old') {
      const current = await lstatOrUndefined(target).catch(() => null);
      if (current === undefined) {
        await rename(p, target).then(
          () => handled++,
          () => undefined,
        );
        continue;
      }
      if (current === null || !current.isDirectory() || !(await coveredBy(p, target))) continue;
    }
    await rm(p, { recursive: true, force: true }).then(
      () => handled++,
      () => undefined,
    );
  }
  return handled;
}

/**
 * Builds a new folder with `build(tmp)` and swaps it in for `target` as described above; on any error
 * (or abort) the temporary folder is removed and `target` is left as it was.
 */
export async function replaceDir(target: string, replaceable: Replaceable, build: (tmp: string) => Promise<void>): Promise<void> {
  await checkDirTarget(target, replaceable);
  const abs = path.resolve(target);
  const parent = path.dirname(abs);
  const base = path.basename(abs);
  await sweepStaleDirs(parent, base);
  const { randomBytes } = await import('node:crypto');
  const stem = tempStem(abs, randomBytes(6).toString('hex'));
  const tmp = `${stem}.tmp`;
  try {
    await mkdir(tmp);
  } catch (err) {
    throw outputError(target, err);
  }
  try {
    await build(tmp);
    await syncFolder(tmp);
    await swapIn(target, tmp, abs, `${stem}.old`);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw err instanceof OutputError || !errorCode(err) ? err : outputError(target, err);
  }
  await syncFolder(parent);
}

async function swapIn(target: string, tmp: string, abs: string, old: string): Promise<void> {
  const existed = (await stat(abs).catch(() => undefined)) !== undefined;
  if (existed) await rename(abs, old);
  try {
    await rename(tmp, abs);
  } catch (err) {
    if (existed) await rename(old, abs).catch(() => undefined);
    throw outputError(target, err);
  }
  if (existed) await rm(old, { recursive: true, force: true }).catch(() => undefined);
}
