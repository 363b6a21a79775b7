/**
 * The lists of names the service is the authority on, and where it publishes each (its public
 * catalogue routes): an offline list (this folder) is a snapshot; a name it lacks is looked up in the
 * route before it is refused (src/run/names.ts, docs/names.md).
 */
import { CODING_PRODUCTS } from './coding-products.js';
import { GPU_MODELS, offlineGpu } from './gpus.js';
import { LABS } from './labs.js';
import { MEMORY_TYPES } from './memory-types.js';

/** The catalogues a name may be looked up in. */
export type NameCatalogueId = 'labs' | 'coding-products' | 'memory-types' | 'gpu-types';

/** One entry of a catalogue: the id commands take, and its label where the service gives one. */
export interface NameEntry {
  readonly id: string;
  readonly label?: string;
  /** Its category, where the catalogue has them (memory types: dram, flash, module). */
  readonly category?: string;
}

/** One catalogue: its public route, the row fields that hold the id and label, and the offline list. */
export interface NameCatalogue {
  readonly id: NameCatalogueId;
  /** What one entry is called in messages: `lab`, `coding product`. */
  readonly noun: string;
  readonly route: string;
  /** The row fields that may hold the id, first found wins (the docs name the first). */
  readonly idFields: readonly string[];
  readonly labelFields: readonly string[];
  readonly categoryFields?: readonly string[];
  /** True when a name may be typed as its label too (memory types: id or name). */
  readonly byLabel?: boolean;
  /** Whether the offline list knows a typed word, when more than its ids (GPU models: case, spaces, aliases). */
  readonly knows?: (word: string) => boolean;
  /** True when `all` stands for every entry of the catalogue (GPU models), so sync hands the service's list for it. */
  readonly all?: boolean;
  readonly offline: readonly NameEntry[];
}

const lists = new Map<NameCatalogueId, readonly NameEntry[]>();
/** A catalogue's offline list, made when first asked for (a run that looks up no name never makes one). */
function offlineList(id: NameCatalogueId, make: () => readonly NameEntry[]): readonly NameEntry[] {
  let list = lists.get(id);
  if (list === undefined) lists.set(id, (list = make()));
  return list;
}

/** Every catalogue, by id. */
export const NAME_CATALOGUES: Readonly<Record<NameCatalogueId, NameCatalogue>> = {
  labs: {
    id: 'labs',
    noun: 'lab',
    route: '/api/token-types',
    idFields: ['lab', 'id'],
    labelFields: ['label', 'name'],
    get offline() {
      return offlineList('labs', () => LABS.map((l) => ({ id: l.lab, label: l.label })));
    },
  },
  'coding-products': {
    id: 'coding-products',
    noun: 'coding product',
    route: '/api/llm-coding/products',
    idFields: ['id', 'product'],
    labelFields: ['label', 'name'],
    get offline() {
      return offlineList('coding-products', () => CODING_PRODUCTS.map((p) => ({ id: p.id, label: p.label })));
    },
  },
  'memory-types': {
    id: 'memory-types',
    noun: 'memory type',
    route: '/api/memory-types',
    idFields: ['id'],
    labelFields: ['memory_type', 'memoryType', 'name'],
    categoryFields: ['category'],
    byLabel: true,
    get offline() {
      return offlineList('memory-types', () => MEMORY_TYPES.map((t) => ({ id: t.id, label: t.name, category: t.category })));
    },
  },
  'gpu-types': {
    id: 'gpu-types',
    noun: 'GPU model',
    route: '/api/gpu-types',
    // Either documented name of the GPU field (gpu_name, gpu_type), or a name of the listing's own.
    idFields: ['gpu_name', 'gpu_type', 'name', 'gpuType'],
    labelFields: [],
    knows: (word) => offlineGpu(word) !== undefined,
    all: true,
    get offline() {
      return offlineList('gpu-types', () => GPU_MODELS.map((m) => ({ id: m })));
    },
  },
};

/** The ids of the offline list of `catalogue`. */
export function offlineIds(catalogue: NameCatalogueId): string[] {
  return NAME_CATALOGUES[catalogue].offline.map((e) => e.id);
}
