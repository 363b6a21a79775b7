/** Reading and writing the config file: validated on read, 0600 in a 0700 folder and atomic on write. */
import { constants } from 'node:fs';
import { chmod, mkdir, open, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { OutputError, UsageError } from '../errors.js';
import { describeFsError, writeFileAtomic } from '../store/files.js';
import { configFileSchema, type ConfigFile } from './schema.js';

export type { ConfigFile } from './schema.js';

/** The largest config file read: a few profiles are a few KiB; more is not a config file. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Reads and validates the config file; undefined when it does not exist. Problems are one-line usage
 * errors. Only a regular file of at most MAX_CONFIG_BYTES is read, and that is checked before it is
 * opened for reading: a FIFO would block open() (and SIGTERM with it), /dev/zero never ends.
 */
export async function readConfig(path: string): Promise<ConfigFile | undefined> {
  let text: string;
  try {
    const st = await stat(path);
    checkConfigFile(path, st);
    // O_NONBLOCK: should the name be swapped for a FIFO after the check, open() still returns at once.
    const fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      checkConfigFile(path, await fh.stat());
      const buf = Buffer.alloc(MAX_CONFIG_BYTES + 1);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      if (bytesRead > MAX_CONFIG_BYTES) checkConfigFile(path, { isFile: () => true, size: bytesRead });
      text = buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await fh.close();
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read config file ${path}: ${describeFsError(err)}`);
  }
  return parseConfig(text, path);
}

/** Refuses what is not a regular file of at most MAX_CONFIG_BYTES. */
function checkConfigFile(path: string, st: { isFile(): boolean; size: number }): void {
  if (!st.isFile()) throw new UsageError(`config file ${path} is not a regular file`, 'give --config (or GPUMKT_CONFIG) a JSON file');
  if (st.size > MAX_CONFIG_BYTES) {
    throw new UsageError(
      `config file ${path} is ${(st.size / MAX_CONFIG_BYTES).toFixed(st.size < 10 * MAX_CONFIG_BYTES ? 1 : 0)} MiB; a config file is at most 1 MiB`,
      'give --config (or GPUMKT_CONFIG) the JSON file gpumkt writes',
    );
  }
}

/** Parses config text; `path` only names the file in errors. Exported for tests. */
export function parseConfig(text: string, path: string): ConfigFile {
  const body = text.replace(/^\uFEFF/, '');
  // An empty file (e.g. made with `touch`) is an empty config rather than an error.
  if (body.trim() === '') return { profiles: {} };
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    // Never reuse the parser's message: newer Node versions quote the text around the fault,
    // which may be the API key itself.
    throw new UsageError(`invalid config file ${path}: not valid JSON${jsonWhere(body, err)}`);
  }
  const parsed = configFileSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new UsageError(`invalid config file ${path}: ${where}${issue?.message ?? 'unexpected shape'}`);
}

/** " (line L, column C)" for a JSON.parse error when its position is known. */
function jsonWhere(text: string, err: unknown): string {
  const msg = err instanceof Error ? err.message : '';
  const lc = /line (\d+) column (\d+)/.exec(msg);
  if (lc) return ` (line ${lc[1]}, column ${lc[2]})`;
  const pos = /position (\d+)/.exec(msg);
  if (pos) {
    const before = text.slice(0, Number(pos[1])).split('\n');
    return ` (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
  }
  return /end of JSON input/.test(msg) ? ' (unexpected end of file)' : '';
}

/** Writes the config file atomically (temp file in the same folder, then rename), 0600 in a 0700 folder. */
export async function writeConfig(path: string, cfg: ConfigFile): Promise<void> {
  // Write through a symlink (dotfile managers) instead of replacing the link with a file.
  const target = await realpath(path).catch(() => path);
  const dir = dirname(target);
  try {
    await makeFolder(dir);
    await writeFileAtomic(target, `${JSON.stringify(cfg, null, 2)}\n`, 0o600);
  } catch (err) {
    throw new OutputError(`cannot write config file ${path}: ${describeFsError(err)}`);
  }
}

/** Creates `dir` and missing parents as 0700; folders that already existed are left alone. */
async function makeFolder(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  // chmod every folder we created, from the first new one down to `dir`, regardless of umask.
  let current = first;
  await chmod(current, 0o700);
  for (const part of relative(first, dir)
    .split(sep)
    .filter((p) => p !== '')) {
    current = join(current, part);
    await chmod(current, 0o700);
  }
}

/** Warns (like ssh, but without refusing) when the file holding the key is open to group or others. */
export async function checkPermissions(path: string, warn: (message: string) => void): Promise<void> {
  if (process.platform === 'win32') return; // mode bits mean nothing there
  let mode: number;
  try {
    mode = (await stat(path)).mode & 0o777;
  } catch {
    return; // unreadable or gone: reading it reports the real problem
  }
  if ((mode & 0o077) === 0) return;
  const what = mode & 0o044 ? 'readable' : 'writable';
  warn(`${path} is ${what} by others (mode ${mode.toString(8)}); run: chmod 600 ${path}`);
}

/** A short reason for a file-system error, without a stack or the errno prefix soup. */
