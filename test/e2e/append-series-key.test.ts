/**
 * --append checks an existing file's series key like its time: a blank or unknown model (or memory
 * type id) in a row is refused with exit 2 naming the line and the column, and the file is unchanged.
 * A time column value of the wrong shape is named for what it is, not reported as "not sorted".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOn, workDir } from './cron-helpers.js';

const DAY1 = '2026-11-14';
const DAY2 = '2026-11-20';

/** Exports `args` on DAY1, edits the file with `edit`, appends on DAY2: the result and the file before/after. */
async function editThenAppend(args: readonly string[], edit: (lines: string[]) => void) {
  const file = join(workDir(), 'h.csv');
  const first = await runOn(DAY1, [...args, '--append', file]);
  expect(first.code, first.stderr).toBe(0);
  const lines = readFileSync(file, 'utf8').split('\n');
  edit(lines);
  const before = lines.join('\n');
  writeFileSync(file, before);
  const r = await runOn(DAY2, [...args, '--append', file]);
  return { r, before, after: readFileSync(file, 'utf8'), lines };
}

/** Sets field `col` of the last data line. */
const setLast = (col: number, value: string) => (lines: string[]) => {
  const i = lines.length - (lines.at(-1) === '' ? 2 : 1);
  const f = (lines[i] as string).split(',');
  f[col] = value;
  lines[i] = f.join(',');
};

const HISTORY = ['history', 'h100', 'h200', '--from', '2026-11-10', '--granularity', 'daily', '-f', 'csv'];

describe('a blank or unknown series key', () => {
  it('a blank gpu cell in a multi-model history file: exit 2 naming line and column, file unchanged', async () => {
    const { r, before, after, lines } = await editThenAppend(HISTORY, setLast(0, ''));
    expect(r.code, r.stderr).toBe(2);
    const line = lines.length - (lines.at(-1) === '' ? 1 : 0);
    expect(r.stderr).toMatch(new RegExp(`h\\.csv line ${line}: the 'gpu' column is empty; --append will not extend it`));
    expect(after).toBe(before);
  });

  it('an unknown model name in the gpu column: exit 2, file unchanged', async () => {
    const { r, before, after } = await editThenAppend(HISTORY, setLast(0, 'H999'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/h\.csv line \d+: 'H999' in the 'gpu' column is not a GPU model/);
    expect(after).toBe(before);
  });

  it('a blank id in a memory history file: exit 2 naming line and column, file unchanged', async () => {
    const args = ['memory', '--category', 'dram', '--from', '2026-11-10', '-f', 'csv'];
    const { r, before, after } = await editThenAppend(args, setLast(1, ''));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/h\.csv line \d+: the 'id' column is empty; --append will not extend it/);
    expect(after).toBe(before);
  });
});

describe('a time of the wrong shape is named, not called unsorted', () => {
  it.each([
    [
      'a timestamp with an offset',
      '2026-11-14T00:00:00.000+01:00',
      /'timestamp' is not a UTC timestamp like 2026-11-14T00:00:00\.000Z \("2026-11-14T00:00:00\.000\+01:00"\)/,
    ],
    ['a date-only value', '2026-11-14', /'timestamp' is not a UTC timestamp like 2026-11-14T00:00:00\.000Z \("2026-11-14"\)/],
  ])('%s in a timestamp column: exit 2, file unchanged', async (_name, value, message) => {
    const { r, before, after } = await editThenAppend(HISTORY, setLast(1, value));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/not sorted/);
    expect(after).toBe(before);
  });
});

describe('a key the service does not list, in any key column', () => {
  // Each key column is checked against the service's names (its catalogue, after the offline list), as
  // the gpu column is against the models: a mistyped name would otherwise double a row for good.
  it('a mistyped id in a memory history file: exit 2 naming the value and the column, file unchanged', async () => {
    const args = ['memory', '--category', 'dram', '--from', '2026-11-10', '-f', 'csv'];
    const { r, before, after } = await editThenAppend(args, (lines) => {
      const i = lines.length - (lines.at(-1) === '' ? 2 : 1);
      const f = (lines[i] as string).split(',');
      f[1] = `${f[1] ?? ''}x`;
      lines[i] = f.join(',');
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/h\.csv: '[a-z0-9_-]+x' in the 'id' column is not a name the service lists/);
    expect(after).toBe(before);
  });

  it.each(['csv', 'parquet'])('a mistyped lab in a token-prices file (%s): exit 2, file unchanged', async (format) => {
    const file = join(workDir(), `t.${format}`);
    const args = ['token-prices', '--from', '2026-11-10', '-f', format, '--append', file];
    // The file as a hand edit would leave it: one row's lab mistyped (served so on the first day).
    const typo = (_req: unknown, body: unknown): unknown => JSON.parse(JSON.stringify(body).replace(/"lab":"[^"]+"/, '"lab":"opnai"'));
    const first = await runOn(DAY1, args, { reshape: typo });
    expect(first.code, first.stderr).toBe(0);
    const before = readFileSync(file);
    if (format === 'csv') expect(before.toString('utf8')).toContain('opnai');
    const r = await runOn(DAY2, args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/'opnai' in the 'lab' column is not a name the service lists/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
