/** `gpumkt api <path>`: any GET path of the service, with the CLI's key handling, pacing and errors (src/run/one-shot/api-call.ts). */
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import type { ApiFlags } from '../run/one-shot/api-call.js';
import { FORMAT_NAMES } from '../output/formats.js';
import { parseList } from './parse.js';
import { formatOption, queryOption } from './options.js';
import { UsageError } from '../errors.js';
import { commandIndex } from './command-word.js';

/**
 * `-q` is the global --quiet everywhere else, and the root program would take it before `api` sees it:
 * after the word `api`, a `-q` is rewritten to `--param` before parsing (use --quiet there instead).
 * (`--query` is the JMESPath filter every JSON output takes.) A `-q` with no `name=value` after it is
 * exit 2 naming what is missing.
 */
export function rewriteApiQueryFlag(argv: readonly string[]): string[] {
  const out = [...argv];
  const i = commandIndex(out);
  if (out[i] !== 'api') return out;
  for (let j = i + 1; j < out.length && out[j] !== '--'; j++) {
    const a = out[j] as string;
    if (a === '-q') {
      const next = out[j + 1];
      if (next === undefined || next.startsWith('-')) throw new UsageError('-q needs name=value (a query parameter), e.g. -q gpuType=H200');
      out[j] = '--param';
    } else if (a.startsWith('-q') && !a.startsWith('--')) out[j] = `--param=${a.slice(2).replace(/^=/, '')}`;
  }
  return out;
}

/** Declares the api command. */
export default function apiCommand(ctx: Context): Command {
  return new Command('api')
    .description('GET any path of the service: JSON body as received, or its data rows with -f')
    .argument('<path>', "path on the base URL, starting with '/' (e.g. /api/otpi)")
    .option(
      '-q, --param <name=value>',
      'a query parameter (repeatable); after api, -q means --param (use --quiet)',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .addOption(queryOption())
    .addOption(formatOption("print the body's data rows in this format (default: the JSON body as received)", FORMAT_NAMES))
    .option('-o, --output <file>', 'write to a file, atomically')
    .option('--columns <list>', 'with -f: comma-separated columns of the data rows, in this order', parseList)
    .option('--no-header', 'leave out the header line (csv, tsv)')
    .addOption(
      new Option('--order <order>', "with -f: the service's order (asc) or reversed (desc)").choices(['asc', 'desc']).default('asc'),
    )
    .option('--csv-safe', "prefix text cells starting with = + - @ TAB CR with ' (spreadsheet formula guard)")
    .addHelpText(
      'after',
      '\nExamples:\n  $ gpumkt api /health\n  $ gpumkt api /api/otpi -q lab=openai -f csv\n  $ gpumkt api /api/gpu-types -f tsv --columns gpu_name\n  $ gpumkt api /api/daily-index/all --query "data[].gpu_name"\n  $ gpumkt api /api/memory/mem_ddr5_16gb/history -q startDate=2026-11-01 -q endDate=2026-11-20 --dry-run',
    )
    .action(async (path: string, flags: ApiFlags) => {
      const { runApi } = await import('../run/one-shot/api-call.js');
      await runApi(ctx, path, flags);
    });
}
