/** Small text helpers shared by the three script renderers. */
import type { CommandSpec, OptionSpec, ProgramSpec } from './spec.js';

/** `s` as one single-quoted POSIX shell word (bash and zsh read it back unchanged). */
export function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Every command of the program, depth first, root included. */
export function allCommands(p: ProgramSpec): CommandSpec[] {
  const out: CommandSpec[] = [];
  const walk = (c: CommandSpec): void => {
    out.push(c);
    c.commands.forEach(walk);
  };
  walk(p.root);
  return out;
}

/** The flags valid at a command: its own, then the root's (commander accepts them after a subcommand too). */
export function flagsAt(p: ProgramSpec, c: CommandSpec): OptionSpec[] {
  if (c === p.root) return [...c.options];
  const own = new Set(c.options.flatMap(spellings));
  const skip = GLOBALS_NOT_AT[c.path.join(' ')] ?? [];
  return [...c.options, ...p.root.options.filter((o) => !spellings(o).some((s) => own.has(s) || skip.includes(s)))];
}

/** Global flags not offered at a command, where they make no sense (`gpumkt sandbox` is the sandbox already). */
export const GLOBALS_NOT_AT: Readonly<Record<string, readonly string[]>> = { sandbox: ['--sandbox'] };

/** `-f` and `--format`, whichever the flag has. */
export function spellings(o: OptionSpec): string[] {
  return [o.short, o.long].filter((s): s is string => s !== undefined);
}

/** Groups keys by an identical rendered body, keeping first-seen order (one case arm per body). */
export function groupBy(entries: ReadonlyArray<readonly [string, string]>): Array<[string[], string]> {
  const groups = new Map<string, string[]>();
  for (const [key, body] of entries) groups.set(body, [...(groups.get(body) ?? []), key]);
  return [...groups].map(([body, keys]) => [keys, body]);
}

/** The comment block every generated script starts with. */
export function banner(shell: string, install: readonly string[]): string[] {
  return [
    `${shell} completion for gpumkt. Generated from the program definition by \`gpumkt completion ${shell}\`;`,
    'do not edit (run `npm run generate` in the source tree to regenerate).',
    'Completing never starts gpumkt or touches the network: every list is embedded below, and profile',
    'names are read from the config file with awk.',
    '',
    ...install,
  ].map((l) => (l ? `# ${l}` : '#'));
}
