/**
 * Where a command line's command word is: the first word after the global flags and their values
 * (`gpumkt -q --profile ci history h100`: `history`). Used to declare only the command a run needs
 * (src/commands/index.ts) and to find `api`'s own flags (src/commands/api.ts).
 */

/** The global flags that take a value (src/commands/program.ts; a test holds the two together). */
export const VALUED_GLOBALS: ReadonlySet<string> = new Set(['--base-url', '--profile', '--config', '--timeout', '--retries']);

/** The index of the command word in `argv` (argv.length when there is none; a `--` there when it ends the flags). */
export function commandIndex(argv: readonly string[]): number {
  let i = 0;
  while (i < argv.length && (argv[i] as string).startsWith('-') && argv[i] !== '--') i += VALUED_GLOBALS.has(argv[i] as string) ? 2 : 1;
  return i;
}
