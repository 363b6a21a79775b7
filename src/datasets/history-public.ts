/**
 * `gpumkt history` without a key: the public daily series, one GET /api/gpu/{gpuName}/index-history
 * per model (docs/api-contract.md §2). The service serves it to anyone for the five free models and
 * the trailing 3 months, daily; so instead of failing for want of a key, history runs this and says
 * so on stderr. What only a key reads (RTX PRO 6000 WS, an older --from, hourly rows) exits 3 here,
 * before any request, naming the plan. Rows come in no stated order and are sorted oldest first.
 */
import { AuthError, UsageError } from '../errors.js';
import { resolveWindow, subtractMonths } from '../domain/time/dates.js';
import { resolveGpuList } from '../domain/catalogues/gpus.js';
import { describeNeed, FREE_GPU_MODELS, KEY_HINT } from '../domain/service/plans.js';
import { dailyGpuHistory, gpuPath, type DailyHistoryParams } from './per-gpu-series.js';
import type { Dataset } from './types.js';
import type { HistoryFlags } from './history-at.js';

/** Months the public series reaches back from today. */
export const PUBLIC_HISTORY_MONTHS = 3;

/** Parameters of one public-series request. */
export type PublicHistoryParams = DailyHistoryParams;

/** What a run without a key may ask for; anything more is exit 3 naming the plan (or 2 for a flag that does not apply). */
function checkKeyless(flags: HistoryFlags, today: string): void {
  const need = describeNeed('premium');
  if (flags.granularity === 'hourly')
    throw new AuthError(`hourly history needs ${describeNeed('full')}; without a key history is the public daily series`, KEY_HINT);
  if (flags.limit !== undefined && flags.limit !== 'all')
    throw new UsageError('--limit does not apply to the public daily series (no key): give --from instead');
  const start = subtractMonths(today, PUBLIC_HISTORY_MONTHS);
  const { from } = resolveWindow(flags.from, flags.to, today);
  if (from < start)
    throw new AuthError(
      `without a key history reaches back ${PUBLIC_HISTORY_MONTHS} months (to ${start}); --from ${from} needs ${need}`,
      KEY_HINT,
    );
}

const historyPublic: Dataset<PublicHistoryParams, HistoryFlags> = dailyGpuHistory<HistoryFlags>({
  name: 'history',
  summary: 'the public daily price index (no key): five models, the trailing 3 months',
  glossary: [
    ['timestamp', 'the settled day (UTC) the value covers'],
    ['index_value', 'daily price index, USD per GPU-hour'],
  ],
  id: 'index-history',
  path: (gpu) => gpuPath(gpu, 'index-history'),
  row: { timestamp: 'datetime', index_value: 'number' },
  timeKey: 'timestamp',
  valueKey: 'index_value',
  subject: 'gpus',
  groups: { window: true, series: false, analysis: true },
  plan: 'free',
  // One 80-column line: what is served instead, and its limits (this dataset runs only without a key).
  keylessNote: () => `no API key: the public daily series instead (five models, last ${PUBLIC_HISTORY_MONTHS} months)`,
  validate: checkKeyless,
  // 'all' is every model the public series has; a model only a key reads is refused before any request.
  targets: (args, _flags, _keyed, learned = []) => {
    if (args.length === 0 || args.some((a) => a.trim().toLowerCase() === 'all')) return FREE_GPU_MODELS;
    const gpus = resolveGpuList(
      args,
      learned.map((e) => e.id),
    );
    const locked = gpus.find((g) => !(FREE_GPU_MODELS as readonly string[]).includes(g));
    if (locked)
      throw new AuthError(
        `history of ${locked} needs ${describeNeed('premium')}; without a key history serves ${FREE_GPU_MODELS.join(', ')}`,
        KEY_HINT,
      );
    return gpus;
  },
  numeric: ['index_value'],
  table: { keys: ['timestamp'], priority: ['index_value'] },
});

export default historyPublic;
