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
 * `.old`. The next run sweeps both (sweepStaleDirs) once their process is gone and they are 10 minutes
 * old, restoring an `.old` when <name> is missing.
 */
import { type Stats } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { OutputError } from '../../errors.js';
import { errorCode, parseTempName, syncFolder, tempStem } from '../../domain/files.js';
import { checkFolder, outputError } from './file-sink.js';
import { isAlive } from './stale-temp.js';

const STALE_AFTER_MS = 10 * 60 * 1000;

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
 * Checks, creating nothing, that `target` can be replaced: its parent folder exists and is writable, and
 * it is absent or a folder that `replaceable` accepts (never a file, a symlink, or someone else's folder).
 */
export async function checkDirTarget(target: string, replaceable: Replaceable): Promise<void> {
  const abs = path.resolve(target);
  await checkFolder(target, path.dirname(abs));
  const st = await lstatOrUndefined(abs).catch((err: unknown) => {
    throw outputError(target, err);
  });
  if (st === undefined) return;
  if (!st.isDirectory()) throw new OutputError(`cannot write ${target}: it exists and is not a folder`);
  if (!(await replaceable(abs))) {
    throw new OutputError(`cannot write ${target}: the folder holds files gpumkt did not write; refusing to replace it`, 'choose a new or empty folder');
  }
}

/**
 * Removes `.<base>.<pid>.<random>.tmp|old` folders next to `base` whose process is gone and that are at
 * least `minAgeMs` old (default 10 minutes, as for temporary files); an `.old` is renamed back to `base`
 * instead when `base` is missing (a run was killed mid-swap). Best effort; resolves to the number handled.
 */
export async function sweepStaleDirs(parent: string, base: string, minAgeMs = STALE_AFTER_MS): Promise<number> {
  let handled = 0;
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    const m = parseTempName(name, base);
    if (m === undefined || (m.suffix !== 'tmp' && m.suffix !== 'old')) continue;
    const pid = m.pid;
    if (pid === process.pid || isAlive(pid)) continue;
    const p = path.join(parent, name);
    const st = await lstat(p).catch(() => undefined);
    // ctime: a rename updates it, so an `.old` counts from the moment it was set aside.
    if (st?.isDirectory() !== true || Date.now() - st.ctimeMs < minAgeMs) continue;
    if (m.suffix === 'old' && (await lstatOrUndefined(path.join(parent, base)).catch(() => null)) === undefined) {
      await rename(p, path.join(parent, base)).then(() => handled++, () => undefined);
      continue;
    }
    await rm(p, { recursive: true, force: true }).then(() => handled++, () => undefined);
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
