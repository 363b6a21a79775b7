/** `gpumkt history`: the price index (USD per GPU-hour) per model, from history-simple. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { seriesCommand } from './series.js';

/** Declares the history command. */
export default function historyCommand(ctx: Context): Command {
  return seriesCommand(ctx, {
    name: 'history',
    endpoint: 'history-simple',
    summary: 'price-index series (USD per GPU-hour) per GPU model',
    examples: ['gpumkt history h100 --from 3m -f csv -o h100.csv', 'gpumkt history h100 h200 --from 7d --granularity daily'],
  });
}
