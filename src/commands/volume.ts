/** `gpumkt volume`: market utilization (share of tracked capacity rented) per model, from volume-metrics. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { seriesCommand } from './series.js';

/** Declares the volume command. */
export default function volumeCommand(ctx: Context): Command {
  return seriesCommand(ctx, {
    name: 'volume',
    endpoint: 'volume-metrics',
    summary: 'market utilization (share of tracked capacity rented, 0 to 1) per GPU model',
    examples: ['gpumkt volume b200 --from 4w --granularity daily', 'gpumkt volume all --from 7d -f ndjson'],
  });
}
