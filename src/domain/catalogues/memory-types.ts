/** The 14 memory types the memory index serves (docs/api-contract.md §3). */
import { UsageError } from '../../errors.js';

/** Memory categories, as the API spells them. */
export const MEMORY_CATEGORIES = ['dram', 'flash', 'module'] as const;

/** One memory category. */
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

/** A memory type: its id, its display name and its category. */
export interface MemoryType {
  readonly id: string;
  readonly name: string;
  readonly category: MemoryCategory;
}

/** Every memory type, in the order the service lists them. */
export const MEMORY_TYPES: readonly MemoryType[] = [
  { id: 'mem_ddr3_4gb', name: 'DDR3 4Gb (512Mx8) 1600/1866', category: 'dram' },
  { id: 'mem_ddr4_8gb', name: 'DDR4 8Gb (1Gx8) 3200', category: 'dram' },
  { id: 'mem_ddr4_8gb_ett', name: 'DDR4 8Gb (1Gx8) eTT', category: 'dram' },
  { id: 'mem_ddr4_16gb', name: 'DDR4 16Gb (2Gx8) 3200', category: 'dram' },
  { id: 'mem_ddr4_16gb_ett', name: 'DDR4 16Gb (2Gx8) eTT', category: 'dram' },
  { id: 'mem_ddr5_16gb', name: 'DDR5 16Gb (2Gx8) 4800/5600', category: 'dram' },
  { id: 'mem_ddr5_16gb_ett', name: 'DDR5 16Gb (2Gx8) eTT', category: 'dram' },
  { id: 'mem_mlc_32gb', name: 'MLC 32Gb (4Gx8)', category: 'flash' },
  { id: 'mem_mlc_64gb', name: 'MLC 64Gb (8Gx8)', category: 'flash' },
  { id: 'mem_slc_1gb', name: 'SLC 1Gb (128Mx8)', category: 'flash' },
  { id: 'mem_slc_2gb', name: 'SLC 2Gb (256Mx8)', category: 'flash' },
  { id: 'mem_ddr4_udimm_16gb', name: 'DDR4 UDIMM 16GB 3200', category: 'module' },
  { id: 'mem_ddr5_rdimm_32gb', name: 'DDR5 RDIMM 32GB 4800/5600', category: 'module' },
  { id: 'mem_ddr5_udimm_16gb', name: 'DDR5 UDIMM 16GB 4800/5600', category: 'module' },
];

/** A memory type learned from the service's catalogue (`/api/memory-types`): id, name, category. */
export interface LearnedMemoryType {
  readonly id: string;
  readonly label?: string;
  readonly category?: string;
}

/**
 * Finds a memory type by exact id or exact name (case-insensitive), or undefined: in the offline list,
 * then among the types `learned` from the service.
 */
export function findMemoryType(idOrName: string, learned: readonly LearnedMemoryType[] = []): MemoryType | undefined {
  const key = idOrName.trim().toLowerCase();
  const known = MEMORY_TYPES.find((t) => t.id === key || t.name.toLowerCase() === key);
  if (known) return known;
  const l = learned.find((t) => t.id.toLowerCase() === key || t.label?.toLowerCase() === key);
  if (l === undefined) return undefined;
  const category = MEMORY_CATEGORIES.find((c) => c === l.category?.toLowerCase());
  // A category the service names and this release does not know is kept out of --category checks.
  return { id: l.id, name: l.label ?? l.id, category: category ?? (l.category as MemoryCategory) };
}

/** Validates a --category value or throws a usage error listing the valid ones. */
export function parseMemoryCategory(input: string): MemoryCategory {
  const key = input.trim().toLowerCase();
  const hit = MEMORY_CATEGORIES.find((c) => c === key);
  if (!hit) throw new UsageError(`unknown memory category '${input}'; valid categories: ${MEMORY_CATEGORIES.join(', ')}`);
  return hit;
}

/** Edit distance of two short strings (for "did you mean"). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The known type nearest to what was typed: by id or name, or one whose id contains the input (`ddr5` → mem_ddr5_16gb). */
export function suggestMemoryType(input: string): MemoryType | undefined {
  const key = input.trim().toLowerCase();
  const squashed = key.replace(/[\s_-]+/g, '');
  const contains = MEMORY_TYPES.find(
    (t) =>
      t.id.replace(/_/g, '').includes(squashed) ||
      t.name
        .toLowerCase()
        .replace(/[\s_-]+/g, '')
        .includes(squashed),
  );
  if (contains && squashed.length >= 3) return contains;
  let best: MemoryType | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const t of MEMORY_TYPES) {
    const d = Math.min(distance(key, t.id), distance(key, t.name.toLowerCase()), distance(`mem_${key}`, t.id));
    if (d < bestD) {
      best = t;
      bestD = d;
    }
  }
  return bestD <= Math.max(3, Math.floor(key.length / 3)) ? best : undefined;
}

/**
 * Checks --type (and its agreement with --category) offline, like GPU names: an unknown type or a type
 * of another category is a usage error (exit 2) with the list and, where one is close, a suggestion.
 */
export function checkMemoryFilter(
  type: string | undefined,
  category: string | undefined,
  learned: readonly LearnedMemoryType[] = [],
): void {
  const cat = category === undefined ? undefined : parseMemoryCategory(category);
  if (type === undefined) return;
  const found = findMemoryType(type, learned);
  if (found === undefined) {
    const near = suggestMemoryType(type);
    const hint = near ? `did you mean ${near.id} (${near.name})? ` : '';
    throw new UsageError(
      `unknown memory type '${type}'; ${hint}valid types: ${MEMORY_TYPES.map((t) => t.id).join(', ')}`,
      "names work too; see 'gpumkt memory-types'",
    );
  }
  if (cat !== undefined && found.category !== cat) {
    throw new UsageError(
      `memory type ${found.id} is in category ${found.category}, not ${cat}; give one of them, or matching ones`,
      `${cat} types: ${MEMORY_TYPES.filter((t) => t.category === cat)
        .map((t) => t.id)
        .join(', ')}`,
    );
  }
}
