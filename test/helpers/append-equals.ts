/**
 * "An append equals one full export", once for every family's test: runs `args --append file` on
 * each day in turn (every run succeeds), then one export of the same `args` on the last day, and
 * expects the two files equal — their text byte for byte, or what `read` makes of them (a Parquet
 * file's columns and rows).
 */
import { readFileSync, statSync } from 'node:fs';
import { expect } from 'vitest';
import type { RunResult } from './cli.js';

/** One family's append, and how to compare its files. */
export interface AppendEqualsExport {
  /** Runs `gpumkt args…` on `day` (the sandbox's last day and the CLI's today). */
  readonly run: (day: string, args: readonly string[]) => Promise<RunResult>;
  /** The days of the appends, oldest first; the full export runs on the last. */
  readonly days: readonly string[];
  readonly args: readonly string[];
  /** Flags given to the appends only (after `args`). */
  readonly appendArgs?: readonly string[];
  /** The full export's arguments instead of `args` (e.g. the window a relative --from gave the first append). */
  readonly fullArgs?: readonly string[];
  /** Runs the full export instead of `run` (e.g. against a service that no longer holds a row back). */
  readonly runFull?: (day: string, args: readonly string[]) => Promise<RunResult>;
  /** The file the appends grow, and the one the full export writes. */
  readonly file: string;
  readonly full: string;
  /** Reads a file back for the comparison (may be async); default: its text, byte for byte. */
  readonly read?: (file: string) => unknown;
  /** Names the comparison in its failure message (default: the appended file). */
  readonly label?: string;
  /** Also: no append takes a row as restated (the word never appears on stderr). */
  readonly noRestated?: boolean;
  /** Also: every append grows the file. */
  readonly grows?: boolean;
}

/** Appends on every day, exports once on the last, and expects the appended file to equal the export; resolves to the appends' results. */
export async function expectAppendEqualsFullExport(spec: AppendEqualsExport): Promise<RunResult[]> {
  const sizes: number[] = [];
  const runs: RunResult[] = [];
  for (const day of spec.days) {
    const r = await spec.run(day, [...spec.args, ...(spec.appendArgs ?? []), '--append', spec.file]);
    expect(r.code, `${day}: ${r.stderr}`).toBe(0);
    runs.push(r);
    if (spec.noRestated === true) expect(r.stderr).not.toContain('restated');
    sizes.push(statSync(spec.file).size);
  }
  if (spec.grows === true) for (let i = 1; i < sizes.length; i++) expect(sizes[i - 1]).toBeLessThan(sizes[i] as number);
  const last = spec.days.at(-1) as string;
  const full = await (spec.runFull ?? spec.run)(last, [...(spec.fullArgs ?? spec.args), '-o', spec.full]);
  expect(full.code, full.stderr).toBe(0);
  const read = spec.read ?? ((f: string): unknown => readFileSync(f, 'utf8'));
  expect(await read(spec.file), `${spec.label ?? spec.file}: the appends equal one full export`).toEqual(await read(spec.full));
  return runs;
}
