/**
 * The rows of one dataset of a lake, read through its Store: every data file under the dataset's key
 * prefix (`history/gpu=H100/part-….parquet`, `coding/part-0.csv`), read with the format registry's
 * readers, the hive partition values added back as columns. The commit log (`_delta_log/`), other
 * `_`-named and hidden objects and temporary files are not data. (Once the lake's tables keep a commit
 * log, the files come from its snapshot instead of a listing.)
 */
import type { Row } from '../domain/row.js';
import { UsageError } from '../errors.js';
import { formatForExtension, getFormatter, lineCodec } from '../output/formats.js';
import type { Store } from '../store/store.js';
import { localStore } from '../store/local.js';

/** A hive folder name's value: `%XX` decoded, the null partition as null. */
function partitionValue(text: string): string | null {
  return text === '__HIVE_DEFAULT_PARTITION__'
    ? null
    : text.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The data files of `table` (keys), in key order: skips `_`- and `.`-named segments (commit log, temporary files) and unknown extensions. */
export async function lakeFiles(store: Store, table: string): Promise<string[]> {
  const prefix = `${table}/`;
  return (await store.list(prefix))
    .map((o) => o.key)
    .filter((key) => {
      const rest = key.slice(prefix.length).split('/');
      if (rest.some((seg) => seg.startsWith('_') || seg.startsWith('.') || seg.endsWith('.tmp'))) return false;
      const ext = /\.([A-Za-z0-9]+)$/.exec(rest.at(-1) ?? '')?.[1];
      return ext !== undefined && formatForExtension(ext)?.lake === true;
    });
}

/** Splits a line format's text into records (a line end inside quotes stays in its record when `quoted`). */
function records(text: string, quoted: boolean): string[] {
  const out: string[] = [];
  let record = '';
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) {
    record = record === '' ? line : `${record}\n${line}`;
    if (quoted && (record.split('"').length - 1) % 2 === 1) continue;
    if (record.replace(/\r$/, '') !== '') out.push(record.replace(/\r$/, ''));
    record = '';
  }
  return out;
}

/** The rows of one data file: a byte format's `readBytes`, or a line format's codec (values as text; an empty field is null). */
async function fileRows(store: Store, key: string, format: string): Promise<Row[]> {
  const bytes = await store.read(key);
  if (bytes === undefined) return [];
  const formatter = await getFormatter(format);
  if (formatter.readBytes) return (await formatter.readBytes(bytes, `${store.name}/${key}`)).rows;
  const codec = await lineCodec(format);
  const recs = records(new TextDecoder().decode(bytes), codec.quoted);
  const columns = codec.header && recs[0] !== undefined ? codec.header(recs[0]) : undefined;
  if (columns === undefined) throw new UsageError(`${store.name}/${key} is not a ${format} file gpumkt wrote (its header does not read)`);
  const read = codec.fields(columns, columns);
  return recs.slice(1).map((rec) => {
    const values = read(rec);
    const row: Row = {};
    columns.forEach((c, i) => {
      const v = values[i];
      row[c] = v === undefined || v === '' ? null : v;
    });
    return row;
  });
}

/** Every row of `table` (a dataset's key prefix in the lake's store), the partition columns added back as text. */
export async function lakeRows(store: Store, table: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const key of await lakeFiles(store, table)) {
    const format = formatForExtension(/\.([A-Za-z0-9]+)$/.exec(key)?.[1] ?? '')?.name as string;
    const parts = key
      .slice(table.length + 1)
      .split('/')
      .slice(0, -1)
      .map((seg) => [seg.slice(0, seg.indexOf('=')), partitionValue(seg.slice(seg.indexOf('=') + 1))] as const)
      .filter(([name]) => name !== '');
    for (const row of await fileRows(store, key, format)) {
      for (const [name, value] of parts) if (!(name in row)) row[name] = value;
      rows.push(row);
    }
  }
  return rows;
}

/** The Store a lake at `dir` is read through (a local folder). */
export function lakeStore(dir: string): Store {
  return localStore(dir);
}
