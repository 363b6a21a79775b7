/** The Formatter interface and the registry of output formats by name (decisions.md C, `--format`). */
import type { Row } from '../domain/row.js';
import { UsageError } from '../errors.js';

/** What the command passes to a formatter: the columns and the output flags. */
export interface FormatOptions {
  /** Columns to print, in order (always given). */
  columns: readonly string[];
  /** True when the user chose the columns with --columns: json/ndjson then project rows to them. */
  selected: boolean;
  /** csv/tsv: print the header line (--no-header sets false). */
  header: boolean;
  /** table/markdown may colour only when true. */
  color: boolean;
  /** Terminal width, for table. */
  width: number;
  /** --csv-safe: guard text cells against formula injection. */
  csvSafe: boolean;
  /** csv: excel = UTF-8 BOM + CRLF + csvSafe implied; rfc4180 = no BOM, LF. */
  dialect: 'rfc4180' | 'excel';
}

/** One output format: rows in, text chunks out. */
export interface Formatter {
  /** The name used with --format. */
  readonly name: string;
  /** One line, for --help. */
  readonly description: string;
  /** True when it emits output before seeing all rows. */
  readonly streaming: boolean;
  /** Yields text chunks; a lazy generator for streaming formats. */
  format(rows: Iterable<Row>, opts: FormatOptions): Iterable<string>;
}

/** What each format file exports. */
interface FormatModule {
  readonly formatter: Formatter;
}

// One line per format, in help order. Dynamic imports keep cli-table3/chalk out of start-up: only the
// chosen format's file (and its dependencies) is ever loaded.
const REGISTRY: Record<string, () => Promise<FormatModule>> = {
  table: () => import('./table.js'),
  csv: () => import('./csv.js'),
  tsv: () => import('./tsv.js'),
  json: () => import('./json.js'),
  ndjson: () => import('./ndjson.js'),
  markdown: () => import('./markdown.js'),
  chart: () => import('./chart.js'),
};

/** Format names, in help order. */
export const FORMATS: readonly string[] = Object.freeze(Object.keys(REGISTRY));

/** Load the formatter called `name`; an unknown name is a usage error (exit 2) listing the valid ones. */
export async function getFormatter(name: string): Promise<Formatter> {
  // hasOwn: a name such as `toString` or `__proto__` must not reach Object.prototype.
  const load = Object.hasOwn(REGISTRY, name) ? REGISTRY[name] : undefined;
  if (load === undefined) {
    throw new UsageError(`unknown format ${JSON.stringify(name)}; valid formats: ${FORMATS.join(', ')}`);
  }
  return (await load()).formatter;
}
