/**
 * Completion metadata commander cannot express: what positional arguments and free-form flag values
 * may be (GPU models, memory types, columns per command, config keys, profiles, files). Embedded in
 * the generated scripts as static lists, so completing never starts Node or touches the network.
 */
import { GPU_ALIASES, GPU_MODELS } from '../domain/catalogues/gpus.js';
import { MEMORY_TYPES } from '../domain/catalogues/memory-types.js';
import { CONFIG_KEYS } from '../config/settings.js';
import { DATASETS, findDataset, type AnyDataset } from '../datasets/index.js';

/** One value a shell may offer, with a short description where the shell can show it. */
export interface Candidate {
  readonly value: string;
  readonly description?: string;
}

/**
 * What a flag value or positional argument may be: a fixed set of words, a comma-separated list of
 * words, a profile name read from the config file at completion time, a file path, or free text.
 */
export type ValueSource =
  | {
      readonly kind: 'words';
      readonly name: string;
      readonly words: readonly Candidate[];
      /** The catalogue whose names learned from the service (gpumkt's cache, docs/names.md) the shells offer too. */
      readonly learned?: string;
    }
  | { readonly kind: 'list'; readonly name: string; readonly words: readonly Candidate[] }
  | { readonly kind: 'profiles'; readonly name: string }
  | { readonly kind: 'file'; readonly name: string }
  | { readonly kind: 'none'; readonly name: string };

/** Long flags that may be repeated on one command line. */
export const REPEATABLE_OPTIONS: readonly string[] = ['--gpu'];

/** The six models, their aliases and `all` (and the models learned from the service). */
const GPUS: ValueSource = {
  kind: 'words',
  name: 'gpu',
  learned: 'gpu-types',
  words: [
    ...GPU_MODELS.map((m): Candidate => ({ value: m, description: 'GPU model' })),
    ...Object.entries(GPU_ALIASES).map(([alias, m]): Candidate => ({ value: alias, description: `alias of ${m}` })),
    { value: 'all', description: 'every model' },
  ],
};

/** Memory types by id (described by name) and by name (described by id). */
const MEMORY: ValueSource = {
  kind: 'words',
  name: 'type',
  learned: 'memory-types',
  words: [
    ...MEMORY_TYPES.map((t): Candidate => ({ value: t.id, description: t.name })),
    ...MEMORY_TYPES.map((t): Candidate => ({ value: t.name, description: t.id })),
  ],
};

const CONFIG_KEY: ValueSource = { kind: 'words', name: 'key', words: CONFIG_KEYS.map((value) => ({ value })) };

/** Columns one dataset's rows may print (per-model datasets without their own model column add `gpu`, as the runner does). */
const columnsOf = (ds: AnyDataset): readonly string[] =>
  ds.subject === 'none' || ds.targetColumn !== undefined ? ds.endpoint.columns : [...ds.endpoint.columns, 'gpu'];

/** Columns `--columns` accepts, per data command: its own and those of its variants (memory history, latest --current). */
const COLUMNS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  DATASETS.map((ds) => [ds.name, [...new Set([ds, ...(ds.variants ?? []).map((v) => v.dataset)].flatMap(columnsOf))]]),
);

/** Values of positional arguments, by command path and position; undefined means free text. */
export function argumentValues(path: readonly string[], index: number): ValueSource | undefined {
  const key = path.join(' ');
  const subject = findDataset(key)?.subject;
  if (subject === 'gpus' || subject === 'some-gpus') return GPUS;
  const positional = findDataset(key)?.positional;
  const learned = findDataset(key)?.names;
  if (subject === 'names' && positional)
    return { kind: 'words', name: positional.name, words: positional.words, ...(learned ? { learned } : {}) };
  if ((key === 'config get' || key === 'config set' || key === 'config unset') && index === 0) return CONFIG_KEY;
  return undefined;
}

/** Values of a flag that has no commander choices, by command path and long name; undefined means free text. */
export function optionValues(path: readonly string[], long: string): ValueSource | undefined {
  // A dataset's own options say what their values are.
  const spec = findDataset(path.join(' '))?.options?.find((o) => o.flags.split(/[ ,]+/).includes(long));
  const declared = spec?.values;
  if (declared === 'gpu') return GPUS;
  if (declared === 'memory-type') return MEMORY;
  // A list flag (`--tenor 1Y,3Y`) takes comma-separated words; others one word.
  if (spec?.words)
    return {
      kind: spec.flags.includes('<list>') || spec.flags.includes(',...>') ? 'list' : 'words',
      name: long.replace(/^--/, ''),
      words: spec.words,
    };
  switch (long) {
    case '--profile':
      return { kind: 'profiles', name: 'profile' };
    case '--config':
    case '--output':
      return { kind: 'file', name: 'file' };
    case '--datasets': {
      if (path.join(' ') !== 'sync') return undefined;
      // The datasets of a lake: every data command sync keeps (docs/sync.md).
      const words = DATASETS.filter((d) => d.sync?.skip !== true).map((d) => ({ value: d.name, description: d.summary }));
      return { kind: 'list', name: 'datasets', words };
    }
    case '--columns': {
      const columns = COLUMNS[path.join(' ')];
      return columns ? { kind: 'list', name: 'columns', words: columns.map((value) => ({ value })) } : undefined;
    }
    default:
      return undefined;
  }
}
