/**
 * The --append merge rules, once for every appendable format: the line append (csv, tsv, ndjson:
 * line-append.ts) and the rewrite (parquet, partitioned folders: rewrite-append.ts) keep only their
 * I/O. Pure: rows come in as key, comparable time, day and text; a plan and the words on stderr come out.
 *
 * An incoming row is
 * - a duplicate when the file has its key with the same text: skipped;
 * - refreshed when the file has its key with other values on the file's last day: that day may have
 *   been provisional when it was written (judged from the file's content, never its mtime, so a copy,
 *   a restore or GPUMKT_TODAY cannot change it): replaced silently;
 * - restated when the file has its key with other values on an earlier day: reported, and replaced
 *   only with --replace-restated;
 * - new when it is later than the file's last row;
 * - late when it is missing from the file but within the overlap region (a day published late):
 *   inserted where one full export has it (by time, then the model order).
 * A model's first row in the file is left as it is when a dataset's values depend on where its window
 * starts (volatility): one full export of the file's range has it first too.
 */

/** A time that orders correctly: text (ISO), day number, or microseconds. */
export type Comparable = string | number | bigint;

/** One row as the merge sees it. */
export interface MergeRow {
  /** Time plus model (or the dataset's key column) when the file is keyed by it. */
  readonly key: string;
  readonly time: Comparable;
  /** The row's UTC day, YYYY-MM-DD. */
  readonly day: string;
  /** The row as written: equal texts mean equal rows. */
  readonly text: string;
  /** The row's model, for ordering rows of one time. */
  readonly model?: string;
}

/** An incoming row: whether its values depend on where the window starts (a descriptor's windowDependent). */
export interface IncomingRow extends MergeRow {
  readonly windowDependent: boolean;
}

/** What the merge knows of the file. */
export interface FileState {
  /** The file's rows of the overlap region, in file order. */
  readonly region: readonly MergeRow[];
  /** The file's latest time, undefined when it holds no rows. */
  readonly lastTime?: Comparable;
  /** The key of each model's first row in the file. */
  readonly firstKeys: ReadonlySet<string>;
  /** True when the dataset has window-dependent rows (a model's first row in the file is then kept). */
  readonly windowDependent: boolean;
}

/** The merge's decision, as indexes into the incoming rows (and keys of the region they replace). */
export interface MergePlan {
  readonly fresh: readonly number[];
  /** Region key → incoming index. */
  readonly refreshed: ReadonlyMap<string, number>;
  readonly restated: ReadonlyMap<string, number>;
  readonly late: readonly number[];
  /** The last fresh row's index, when there is one. */
  readonly lastFresh?: number;
}

/** Sorts incoming rows into fresh, refreshed, restated and late against the file; see the module comment. */
export function planMerge(file: FileState, incoming: readonly IncomingRow[]): MergePlan {
  const region = new Map(file.region.map((r) => [r.key, r]));
  // The region holds the file's last rows, so its latest day is the file's last day.
  const lastDay = file.region.reduce<string | undefined>((d, r) => (d === undefined || r.day > d ? r.day : d), undefined);
  const regionStart = file.region.reduce<Comparable | undefined>((m, r) => (m === undefined || r.time < m ? r.time : m), undefined);
  const fresh: number[] = [];
  const refreshed = new Map<string, number>();
  const restated = new Map<string, number>();
  const late: number[] = [];
  const seen = new Set<string>();
  incoming.forEach((row, i) => {
    if (seen.has(row.key)) return;
    seen.add(row.key);
    const old = region.get(row.key);
    if (old !== undefined) {
      if (file.windowDependent && (row.windowDependent || file.firstKeys.has(row.key))) return;
      if (row.text === old.text) return;
      (lastDay !== undefined && old.day >= lastDay ? refreshed : restated).set(row.key, i);
    } else if (file.lastTime === undefined || row.time > file.lastTime) {
      fresh.push(i);
    } else if (regionStart !== undefined && row.time >= regionStart) {
      late.push(i);
    }
  });
  return { fresh, refreshed, restated, late, lastFresh: fresh.at(-1) };
}

/**
 * The models' order within one time as one full export has it: the runner's model order when it has
 * one, else the order this run's rows first name them in (workload's lab and family, memory types).
 */
export function modelOrder(gpuOrder: readonly string[] | undefined, incoming: ReadonlyArray<Pick<MergeRow, 'model'>>): readonly string[] {
  if (gpuOrder !== undefined && gpuOrder.length > 0) return gpuOrder;
  const seen = new Set<string>();
  for (const r of incoming) if (r.model !== undefined) seen.add(r.model);
  return [...seen];
}

/** Orders rows as one full export does: by time, then by the models' order (rows without a model first). */
export function exportOrder(
  gpuOrder: readonly string[] | undefined,
): (a: Pick<MergeRow, 'time' | 'model'>, b: Pick<MergeRow, 'time' | 'model'>) => number {
  const rank = new Map((gpuOrder ?? []).map((g, i) => [g, i]));
  const of = (m: string | undefined): number => (m === undefined ? -1 : (rank.get(m) ?? -1));
  return (a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : of(a.model) - of(b.model));
}

/** A row the service restated: its key as a person reads it, and its values before and after as the file writes them. */
export interface RestatedRow {
  readonly key: string;
  /** The held row: a line of a line format (csv, tsv, ndjson), or the row as JSON (a rewritten format). */
  readonly old: string;
  /** The row as this run fetched it, written the same way. */
  readonly new: string;
}

/** What a merge did with the rows of a run, as data (the counts and the words on stderr come from the same plan). */
export interface MergeOutcome {
  /** The file or folder merged into. */
  readonly target: string;
  /** New rows after the file's last one. */
  readonly added: number;
  /** Rows of the file's last day (provisional when written) replaced by their new values. */
  readonly refreshed: number;
  /** Rows missing from the file within the overlap (a day published late), inserted in order. */
  readonly late: number;
  /** Rows of earlier days that came back with other values. */
  readonly restated: readonly RestatedRow[];
  /** True when the restated rows were replaced (--replace-restated), false when they were kept. */
  readonly restatedReplaced: boolean;
  /** Rows the file holds after the merge. */
  readonly total: number;
  /** True when nothing changed: the file was left as it was. */
  readonly unchanged: boolean;
}

/** What an append did. */
export interface AppendResult {
  readonly written: boolean;
  readonly total: number;
  /** New rows after the file's last one. */
  readonly added: number;
  /** Rows whose values were replaced: refreshed, plus restated with --replace-restated. */
  readonly replaced: number;
  /** Late rows inserted in order. */
  readonly late: number;
  readonly lastKey?: string;
  /** The merge's outcome as data (undefined for a file written whole). */
  readonly outcome?: MergeOutcome;
}

/** The counts and the words of an append: one wording for every format. */
export interface MergeReport {
  readonly result: Omit<AppendResult, 'written' | 'outcome'>;
  /** True when nothing changes: the file is left as it is. */
  readonly unchanged: boolean;
  /** The restated warning, when rows came back different. */
  readonly warning?: string;
  /** "no new rows …" when unchanged, else "appended …". */
  readonly message: string;
  /** Whether restated rows are replaced. */
  readonly replaceRestated: boolean;
  readonly outcome: MergeOutcome;
}

/** What the report needs besides the plan. */
export interface ReportInput {
  readonly target: string;
  readonly existingRows: number;
  /** The file's last time as written, for "no new rows after …". */
  readonly lastTimeShown?: string;
  readonly lastKey?: string;
  /** The restated rows' keys as a person reads them. */
  readonly restatedKeys: readonly string[];
  /** The restated rows with their old and new values, in the order of restatedKeys (left out: keys only). */
  readonly restated?: readonly RestatedRow[];
  readonly replaceRestated: boolean;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const listKeys = (keys: readonly string[]): string => keys.slice(0, 3).join(', ') + (keys.length > 3 ? `, … (${keys.length} in all)` : '');

/** The warning for rows that came back with different values (`keys` as a person reads them). */
export function restatedWarning(target: string, keys: readonly string[], replacing: boolean): string {
  const what = `${plural(keys.length, 'row')} in ${target} came back with different values (restated): ${listKeys(keys)}`;
  return replacing ? `${what}; replaced` : `${what}; kept as they were (--replace-restated replaces them)`;
}

/** Counts the plan and words it for stderr. */
export function reportMerge(plan: MergePlan, input: ReportInput): MergeReport {
  const { restated, refreshed, fresh, late } = plan;
  const replacing = input.replaceRestated && restated.size > 0;
  const warning = restated.size > 0 ? restatedWarning(input.target, input.restatedKeys, replacing) : undefined;
  const total = input.existingRows + fresh.length + late.length;
  const result = {
    total,
    added: fresh.length,
    replaced: refreshed.size + (replacing ? restated.size : 0),
    late: late.length,
    lastKey: input.lastKey,
  };
  const unchanged = fresh.length === 0 && late.length === 0 && result.replaced === 0;
  const outcome: MergeOutcome = {
    target: input.target,
    added: fresh.length,
    refreshed: refreshed.size,
    late: late.length,
    restated: input.restated ?? input.restatedKeys.map((key) => ({ key, old: '', new: '' })),
    restatedReplaced: replacing,
    total,
    unchanged,
  };
  if (unchanged) {
    const since = input.lastTimeShown ? ` after ${input.lastTimeShown}` : '';
    const message = `no new rows${since}; ${input.target} left unchanged`;
    return { result, unchanged, warning, message, replaceRestated: replacing, outcome };
  }
  const extras = [
    late.length > 0 ? `${plural(late.length, 'late row')} inserted` : '',
    refreshed.size > 0 ? `${refreshed.size} provisional updated` : '',
    replacing ? `${restated.size} restated replaced` : '',
  ].filter((x) => x !== '');
  const message = `appended ${plural(fresh.length, 'new row')} to ${input.target} (${total} in all${extras.length > 0 ? `; ${extras.join(', ')}` : ''})`;
  return { result, unchanged, warning, message, replaceRestated: replacing, outcome };
}
