/**
 * The completion model: the commander program walked into plain data (commands, options, positional
 * arguments, and what each value may be), so the three shell renderers share one source of truth.
 */
import type { Argument, Command, Option } from 'commander';
import { argumentValues, optionValues, REPEATABLE_OPTIONS, type Candidate, type ValueSource } from './values.js';

export type { Candidate, ValueSource } from './values.js';

/** One flag: its spellings, help text, and its value (undefined for a switch). */
export interface OptionSpec {
  readonly short?: string;
  readonly long?: string;
  readonly description: string;
  readonly value?: ValueSource;
  /** May be given more than once (e.g. `--gpu h100 --gpu b200`). */
  readonly repeatable: boolean;
}

/** One command: its path from the root, its own flags, positional arguments and subcommands. */
export interface CommandSpec {
  readonly path: readonly string[];
  readonly name: string;
  readonly description: string;
  readonly options: readonly OptionSpec[];
  /** Positional arguments in order; when `variadic`, the last one repeats. */
  readonly args: readonly ValueSource[];
  readonly variadic: boolean;
  readonly commands: readonly CommandSpec[];
}

/** The whole program: the root command, whose options (the globals) apply after any subcommand too. */
export interface ProgramSpec {
  readonly name: string;
  readonly root: CommandSpec;
}

/** Walks a commander program (as built by buildProgram) into the completion model. */
export function describeProgram(program: Command): ProgramSpec {
  return { name: program.name(), root: describeCommand(program, []) };
}

function describeCommand(cmd: Command, path: readonly string[], helpTargets?: readonly Candidate[]): CommandSpec {
  const help = cmd.createHelp();
  const children = help.visibleCommands(cmd);
  // commander's implicit `help [command]` completes the names of the commands beside it.
  const siblings = children
    .filter((c) => c.name() !== 'help')
    .map((c): Candidate => ({ value: c.name(), description: firstLine(c.description()) }));
  const registered: readonly Argument[] = cmd.registeredArguments;
  return {
    path,
    name: cmd.name(),
    description: firstLine(cmd.description()),
    options: help.visibleOptions(cmd).map((o) => describeOption(o, path)),
    args: registered.map((a, i) => (helpTargets ? { kind: 'words', name: a.name(), words: helpTargets } : describeArgument(a, i, path))),
    variadic: registered.at(-1)?.variadic === true,
    commands: children.map((c) => describeCommand(c, [...path, c.name()], c.name() === 'help' ? siblings : undefined)),
  };
}

function describeOption(o: Option, path: readonly string[]): OptionSpec {
  const takesValue = o.required || o.optional;
  const long = o.long;
  const spec: OptionSpec = {
    ...(o.short ? { short: o.short } : {}),
    ...(long ? { long } : {}),
    description: firstLine(o.description),
    repeatable: o.variadic || (long !== undefined && REPEATABLE_OPTIONS.includes(long)),
    ...(takesValue ? { value: optionValue(o, path) } : {}),
  };
  return spec;
}

function optionValue(o: Option, path: readonly string[]): ValueSource {
  const name = o.attributeName();
  if (o.argChoices) return { kind: 'words', name, words: o.argChoices.map((value) => ({ value })) };
  return (o.long && optionValues(path, o.long)) || { kind: 'none', name };
}

function describeArgument(a: Argument, index: number, path: readonly string[]): ValueSource {
  const name = a.name();
  if (a.argChoices) return { kind: 'words', name, words: a.argChoices.map((value) => ({ value })) };
  return argumentValues(path, index) ?? { kind: 'none', name };
}

/** The first sentence-ish line of a help text: shells show one short line per candidate. */
function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}
