/** The one registry of output formats, with their capabilities (`--format`, README: Output formats). */
import { UsageError } from '../errors.js';
import { didYouMean } from '../domain/suggest.js';
import type { FormatInfo, Formatter } from './format-types.js';

export type { AppendSyntax, ColumnType, FormatInfo, FormatOptions, Formatter, LineSyntax } from './format-types.js';

const base = {
  appendAs: undefined,
  human: false,
  terminalView: false,
  needsSeries: false,
  profileDefault: true,
  dialects: false,
  headerLine: false,
  binary: false,
  partitions: false,
} as const;

// One entry per format, in help order. Dynamic imports keep chalk out of start-up: only the
// chosen format's file (and its dependencies) is ever loaded.
const REGISTRY: readonly FormatInfo[] = [
  { ...base, name: 'table', extensions: ['txt'], human: true, terminalView: true, load: () => import('./text/table.js') },
  { ...base, name: 'csv', extensions: ['csv'], appendAs: 'csv', dialects: true, headerLine: true, load: () => import('./text/csv.js') },
  { ...base, name: 'tsv', extensions: ['tsv', 'tab'], appendAs: 'tsv', headerLine: true, load: () => import('./text/tsv.js') },
  { ...base, name: 'json', extensions: ['json'], load: () => import('./text/json.js') },
  { ...base, name: 'ndjson', extensions: ['ndjson', 'jsonl'], appendAs: 'ndjson', load: () => import('./text/ndjson.js') },
  { ...base, name: 'markdown', extensions: ['md', 'markdown'], human: true, load: () => import('./text/markdown.js') },
  {
    ...base,
    name: 'parquet',
    extensions: ['parquet', 'pq'],
    appendAs: 'rows',
    binary: true,
    partitions: true,
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
];

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

/** Formats that take --partition-by. */
export const PARTITION_FORMATS: readonly string[] = Object.freeze(REGISTRY.filter((f) => f.partitions).map((f) => f.name));
