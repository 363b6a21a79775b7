/** Help text shared by the root and the data commands, so every --help tells the same exit codes. */

/** Every exit code (README: Exit codes), for the end of --help. */
export const EXIT_CODES_HELP = [
  'Exit codes:',
  '  0 ok (also when a reader such as head or the pager quits early)',
  '  1 internal error, a bug (--debug shows the stack)    2 usage or invalid input',
  '  3 auth: no key, 401, 403    4 no data (404)',
  '  5 unreachable (network, timeout, 429/5xx after retries)    6 invalid response',
  '  7 output cannot be written    8 another run holds the lock',
  '  9 nothing new and --fail-empty    130/143 interrupted (SIGINT/SIGTERM)',
].join('\n');

// Commands whose help states their own exit codes (status): the shared block is left out of theirs.
const OWN_EXIT_CODES = new WeakSet<object>();

/** Marks `cmd` as listing its own exit codes in its help text. */
export function hasOwnExitCodes<T extends object>(cmd: T): T {
  OWN_EXIT_CODES.add(cmd);
  return cmd;
}

/** The exit-code block at the end of `cmd`'s help: the shared one, unless the command states its own. */
export function exitCodesFor(cmd: object): string {
  return OWN_EXIT_CODES.has(cmd) ? '' : `\n${EXIT_CODES_HELP}`;
}
