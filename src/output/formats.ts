/** The one registry of output formats, with their capabilities (`--format`, README: Output formats). */
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/text/suggest.js';
import type { FormatInfo, Formatter, JsonShape, LineCodec } from './format-types.js';

export type { AppendSyntax, ColumnType, FormatInfo, FormatOptions, Formatter, JsonShape, LineCodec } from './format-types.js';

const base = {
  appendAs: undefined,
  jsonQuery: undefined,
  human: false,
  terminalView: false,
  needsSeries: false,
  profileDefault: true,
  dialects: false,
  headerLine: false,
  binary: false,
  partitions: false,
  lake: false,
} as const;

// One entry per format, in help order. Dynamic imports keep chalk out of start-up: only the
// chosen format's file (and its dependencies) is ever loaded.
const ENTRIES = [
  { ...base, name: 'table', extensions: ['txt'], human: true, terminalView: true, load: () => import('./text/table.js') },
  {
    ...base,
    name: 'csv',
    extensions: ['csv'],
    appendAs: 'lines',
    dialects: true,
    headerLine: true,
    lake: true,
    load: () => import('./text/csv.js'),
  },
  { ...base, name: 'tsv', extensions: ['tsv', 'tab'], appendAs: 'lines', headerLine: true, load: () => import('./text/tsv.js') },
  { ...base, name: 'json', extensions: ['json'], jsonQuery: 'document', load: () => import('./text/json.js') },
  {
    ...base,
    name: 'ndjson',
    extensions: ['ndjson', 'jsonl'],
    appendAs: 'lines',
    jsonQuery: 'lines',
    load: () => import('./text/ndjson.js'),
  },
  { ...base, name: 'markdown', extensions: ['md', 'markdown'], human: true, load: () => import('./text/markdown.js') },
  {
    ...base,
    name: 'parquet',
    extensions: ['parquet', 'pq'],
    appendAs: 'rows',
    binary: true,
    partitions: true,
    lake: true,
    profileDefault: false,
    load: () => import('./parquet/format.js'),
  },
  {
    ...base,
    name: 'chart',
    extensions: ['txt'],
    human: true,
    needsSeries: true,
    profileDefault: false,
    load: () => import('./text/chart.js'),
  },
] as const satisfies readonly FormatInfo[];
const REGISTRY: readonly FormatInfo[] = ENTRIES;
/** The registry entries that may hold a sync lake. */
type LakeEntry = Extract<(typeof ENTRIES)[number], { readonly lake: true }>;

/** Format names, in help order. */
export const FORMAT_NAMES: readonly string[] = Object.freeze(REGISTRY.map((f) => f.name));

/** Formats a profile may name as its default. */
export const PROFILE_FORMATS: readonly string[] = Object.freeze(REGISTRY.filter((f) => f.profileDefault).map((f) => f.name));

/** Formats --append can extend. */
export const APPENDABLE_FORMATS: readonly string[] = Object.freeze(REGISTRY.filter((f) => f.appendAs !== undefined).map((f) => f.name));

/** The registered format called `name`; an unknown name is a usage error (exit 2) listing the valid ones. */
export function formatInfo(name: string): FormatInfo {
  const info = REGISTRY.find((f) => f.name === name);
  if (info === undefined)
    throw new UsageError(
      `unknown format ${JSON.stringify(name)}; ${didYouMean(name, FORMAT_NAMES)}valid formats: ${FORMAT_NAMES.join(', ')}`,
    );
  return info;
}

/** The format a file extension selects (case-insensitive), if any. */
export function formatForExtension(ext: string): FormatInfo | undefined {
  const e = ext.toLowerCase();
  return REGISTRY.find((f) => f.extensions.includes(e));
}

/** Load the formatter called `name`. */
export async function getFormatter(name: string): Promise<Formatter> {
  return (await formatInfo(name).load()).formatter;
}

/** The format printed to a terminal, and to a pipe, when neither -f, a file nor the profile names one. */
export const DEFAULT_FORMAT = { terminal: 'table', pipe: 'csv' } as const;

/** The format of a partitioned folder (--partition-by without -f). */
export const PARTITION_DEFAULT = 'parquet';

/** A format a sync lake can be kept in (its registry entry has `lake`). */
export type LakeFormat = LakeEntry['name'];

/** The format of a new sync lake (`gpumkt sync` without --format). */
export const LAKE_DEFAULT: LakeFormat = 'parquet';

/** Formats a sync lake can be kept in, the default first (`gpumkt sync --format`). */
export const LAKE_FORMATS: readonly [LakeFormat, ...LakeFormat[]] = Object.freeze([
  LAKE_DEFAULT,
  ...ENTRIES.filter((f): f is LakeEntry => f.lake && f.name !== LAKE_DEFAULT).map((f) => f.name),
] as const);

/** The format --query prints when none is named (and `api` writes a body in). */
export const QUERY_DEFAULT = 'json';

/** How --query's result prints in format `name`: one JSON value a line for a line format (ndjson), else one document. */
export function jsonShape(name: string | undefined): JsonShape {
  return REGISTRY.find((f) => f.name === name)?.jsonQuery ?? 'document';
}

/** True when --append extends files of format `name` line by line (the old bytes kept). */
export function lineBased(name: string): boolean {
  return formatInfo(name).appendAs === 'lines';
}

/** The line codec of format `name` (its own file's formatter.lines); throws for a format not appended line by line. */
export async function lineCodec(name: string): Promise<LineCodec> {
  const codec = lineBased(name) ? (await formatInfo(name).load()).formatter.lines : undefined;
  if (codec === undefined) throw new Error(`the ${name} format is not appended line by line`);
  return codec;
}

/** Formats that take --partition-by. */
export const PARTITION_FORMATS: readonly string[] = Object.freeze(REGISTRY.filter((f) => f.partitions).map((f) => f.name));
