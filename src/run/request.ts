/** The flags the commands (and sync) hand to the runner, as parsed: nothing done yet. */
import type { AnalysisFlags, OutputFlags, SeriesFlags, WindowFlags } from '../datasets/flags.js';

// The groups are declared with the descriptors' own flags (src/datasets/flags.ts).
export type { AnalysisFlags, OutputFlags, SeriesFlags, WindowFlags };

/**
 * The flags of any data command as the runner gets them (commander's object, or what sync builds): the
 * shared groups it reads, and the dataset's own options, which it passes to the descriptor unread.
 */
export type RunFlags = OutputFlags &
  Partial<WindowFlags & SeriesFlags> &
  AnalysisFlags & { readonly gpu?: string[] } & Readonly<Record<string, unknown>>;
