/**
 * `gpumkt frontier [--table models|efforts|tests|release-dates|history]`: the model frontier, one GET
 * /api/model-frontier (docs/api-contract.md), printed one table at a time (frontier-tables.ts).
 */
import { FRONTIER_TABLES, frontierTable } from './frontier-tables.js';
import type { Dataset } from './types.js';
import { datasetOptions, type DatasetFlags } from './flags.js';

const base = {
  name: 'frontier',
  summary: 'the model frontier: capability, cost and benchmarks per model (--table: other tables)',
  examples: [
    'gpumkt frontier',
    'gpumkt frontier --columns name,lab,cap,costPerTask,bench_coding',
    'gpumkt frontier --table efforts -f csv',
    'gpumkt frontier --table history -f json',
  ],
  options: datasetOptions([{ flags: '--table <table>', description: 'the table to print (default: models)', choices: FRONTIER_TABLES }]),
} satisfies Pick<Dataset<Record<string, never>>, 'name' | 'summary' | 'examples' | 'options'>;

/** The flags of `frontier`: the output flags and --table. */
type FrontierFlags = DatasetFlags<typeof base.options, { window: false; series: false; analysis: false }>;

const frontier: Dataset<Record<string, never>, FrontierFlags> = {
  ...frontierTable('models', base),
  variants: FRONTIER_TABLES.filter((t) => t !== 'models').map((t) => ({
    label: `--table ${t}`,
    when: (flags) => flags.table === t,
    dataset: frontierTable(t, base),
  })),
};

export default frontier;
