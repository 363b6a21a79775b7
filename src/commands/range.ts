/** `gpumkt range`: index rows with per-row granularity, from history-range. */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { seriesCommand } from './series.js';

/** Declares the range command. */
export default function rangeCommand(ctx: Context): Command {
  return seriesCommand(ctx, {
    name: 'range',
    endpoint: 'history-range',
    summary: 'index history with per-row granularity (auto: daily over ~30 days, else hourly)',
    examples: ['gpumkt range h200 --from 2026-01-01 --to 2026-03-31', 'gpumkt range a100 --from 3d --granularity hourly -f json'],
  });
}
