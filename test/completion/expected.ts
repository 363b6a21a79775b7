/** What the completion tests expect, taken from the program's own tables rather than retyped. */
import { GPU_ALIASES, GPU_MODELS } from '../../src/domain/catalogues/gpus.js';
import { MEMORY_TYPES } from '../../src/domain/catalogues/memory-types.js';
import { FORMAT_NAMES } from '../../src/output/formats.js';

/** The six models. */
export const MODELS: readonly string[] = GPU_MODELS;

/** Every GPU word offered: models, aliases, `all`. */
export const GPU_WORDS: readonly string[] = [...GPU_MODELS, ...Object.keys(GPU_ALIASES), 'all'];

/** The output formats. */
export const FORMATS: readonly string[] = FORMAT_NAMES;

/** Memory type ids starting with mem_ddr5 (four of them). */
export const DDR5_IDS: readonly string[] = MEMORY_TYPES.map((t) => t.id).filter((id) => id.startsWith('mem_ddr5'));

/** Profiles written into the test config: one with a space, to check quoting. */
export const PROFILES = ['work', 'my local', 'staging'] as const;

/** `a` and `b` as sets (order is each shell's business). */
export function sorted(list: readonly string[]): string[] {
  return [...list].sort();
}
