/** The 14 memory types the memory index serves (docs/api-contract.md §3). */
import { UsageError } from '../errors.js';

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

/** Finds a memory type by exact id or exact name (case-insensitive), or undefined. */
export function findMemoryType(idOrName: string): MemoryType | undefined {
  const key = idOrName.trim().toLowerCase();
  return MEMORY_TYPES.find((t) => t.id === key || t.name.toLowerCase() === key);
}

/** Validates a --category value or throws a usage error listing the valid ones. */
export function parseMemoryCategory(input: string): MemoryCategory {
  const key = input.trim().toLowerCase();
  const hit = MEMORY_CATEGORIES.find((c) => c === key);
  if (!hit) throw new UsageError(`unknown memory category '${input}'; valid categories: ${MEMORY_CATEGORIES.join(', ')}`);
  return hit;
}
