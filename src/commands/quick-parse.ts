/**
 * A data command's line read without commander, from the same flag declarations (flags.ts), for the
 * plain lines that nearly every run has: `gpumkt [global flags] <data command> [models] [flags]`, each
 * flag spelled whole (`-f csv`, `--from 2026-01-01`, `--to=2026-02-01`, `--no-header`). Declaring a
 * command and its ~40 options with commander and parsing with it cost a 30-row query about a fortieth
 * of its instructions (docs/performance.md).
 *
 * The reading follows commander's (14.0) step for step: the root program takes its own flags wherever
 * they stand, the rest goes to the command, whose flags take the next word as their value whatever it
 * is; values go through the same parsers; defaults are filled in as commander fills them. Anything
 * else — help, the version, `--`, grouped short flags (`-qv`), a flag or value a parser refuses, an
 * unknown flag, a missing value or model, an argument a command does not take, a word starting with
 * `-` where a model goes — is answered `undefined`, and commander reads the line (and words any
 * error). A test holds the two readings equal over thousands of generated lines
 * (test/unit/commands/quick-parse.test.ts).
 */
import type { AnyDataset } from '../datasets/types.js';
import { loadDataset } from '../datasets/loaders.js';
import { optionKey } from '../datasets/flags.js';
import { commandIndex } from './command-word.js';
import { hasPositional } from './data-run.js';
import { datasetFlags, GLOBAL_FLAGS, type FlagDecl } from './flags.js';

/** A line as commander would hand it to the data command's action. */
export interface QuickLine {
  /** The command's positional arguments (models, names). */
  readonly args: string[];
  /** The command's flags, defaults filled in (commander's `opts()`). */
  readonly opts: Record<string, unknown>;
  /** The root program's flags (commander's `program.opts()`). */
  readonly globals: Record<string, unknown>;
}

/** One declared flag as the reading needs it. */
interface Flag {
  readonly decl: FlagDecl;
  /** The key of its value: `--base-url` → baseUrl, `--no-header` → header. */
  readonly key: string;
  /** Takes a value (`<value>`); else a switch. */
  readonly valued: boolean;
  readonly negate: boolean;
}

/** The flags of one command by spelling (`-f`, `--format`), with their defaults; undefined for a spelling this reading does not know. */
interface FlagTable {
  readonly bySpelling: ReadonlyMap<string, Flag>;
  readonly defaults: Readonly<Record<string, unknown>>;
}

/** True when `s` is one or more of a–z, 0–9 and `-`, starting with a letter: a long flag's name as gpumkt spells them. */
function plainName(s: string): boolean {
  if (!(s.charCodeAt(0) >= 97 && s.charCodeAt(0) <= 122)) return false;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
  }
  return true;
}

/** A declaration's spelling (`-f, --format <format>`, `--no-header`): its short flag, long name and whether it takes a value; undefined for any other form. */
function spelling(flags: string): { short?: string; long: string; valued: boolean } | undefined {
  const words = flags.split(' ');
  let short: string | undefined;
  const first = words[0] as string;
  if (
    first.length === 3 &&
    first[0] === '-' &&
    first[2] === ',' &&
    /* a letter */ (first[1] as string).toLowerCase() !== (first[1] as string).toUpperCase()
  ) {
    short = first.slice(0, 2);
    words.shift();
  }
  const [long, value, ...rest] = words;
  if (long === undefined || !long.startsWith('--') || !plainName(long.slice(2)) || rest.length > 0) return undefined;
  // `<value>` only: an optional `[value]` or a list `<values...>` is left to commander.
  if (value !== undefined && !(value.startsWith('<') && value.endsWith('>') && plainName(value.slice(1, -1)))) return undefined;
  return { short, long: long.slice(2), valued: value !== undefined };
}

/** The table of `decls`; undefined when one is spelled in a way this reading leaves to commander (`[value]`, `<values...>`). */
function table(decls: readonly FlagDecl[]): FlagTable | undefined {
  const bySpelling = new Map<string, Flag>();
  const defaults: Record<string, unknown> = {};
  for (const decl of decls) {
    const spelt = spelling(decl.flags);
    if (spelt === undefined) return undefined;
    const { short, long, valued } = spelt;
    const negate = long.startsWith('no-');
    // A switch with a parser gets the parser's answer for no value: left to commander.
    if (!valued && (decl.parse !== undefined || decl.choices !== undefined)) return undefined;
    const flag: Flag = { decl, key: optionKey(decl.flags), valued, negate };
    // As commander does: a --no-x without an --x declared before it defaults x to true.
    if (negate) {
      if (!bySpelling.has(`--${long.slice(3)}`)) defaults[flag.key] = decl.default === undefined ? true : decl.default;
    } else if (decl.default !== undefined) defaults[flag.key] = decl.default;
    if (short !== undefined) bySpelling.set(short, flag);
    bySpelling.set(`--${long}`, flag);
  }
  return { bySpelling, defaults };
}

let rootTable: FlagTable | undefined;

/** Commander's test for a word that may be a flag. */
const maybeFlag = (arg: string): boolean => arg.length > 1 && arg[0] === '-';

/** Sets `flag` in `values` from `raw` (undefined for a switch) as commander does; false when its parser refuses the value. */
function assign(values: Record<string, unknown>, flag: Flag, raw: string | undefined): boolean {
  if (raw === undefined) {
    values[flag.key] = !flag.negate;
    return true;
  }
  const { parse, choices } = flag.decl;
  if (parse !== undefined) {
    let value: unknown;
    try {
      value = parse(raw, values[flag.key]);
    } catch {
      return false;
    }
    // Commander's stand-in for a value a parser did not give.
    values[flag.key] = value ?? '';
    return true;
  }
  if (choices !== undefined && !choices.includes(raw)) return false;
  values[flag.key] = raw;
  return true;
}

/**
 * One command's pass over `args` (commander's parseOptions): its flags are taken (a valued one takes
 * the next word, or the text after `=`), other words go to `operands` until the first word that looks
 * like a flag, and from there on to `unknown`. False when the line is to be left to commander.
 */
function pass(args: readonly string[], flags: FlagTable, values: Record<string, unknown>, operands: string[], unknown: string[]): boolean {
  let dest = operands;
  for (let i = 0; i < args.length;) {
    const arg = args[i++] as string;
    if (arg === '--' || arg === '-h' || arg === '--help' || arg === '-V' || arg === '--version') return false;
    if (maybeFlag(arg)) {
      const flag = flags.bySpelling.get(arg);
      if (flag !== undefined) {
        if (!flag.valued) assign(values, flag, undefined);
        else if (i >= args.length || !assign(values, flag, args[i++])) return false;
        continue;
      }
      // -abc: grouped switches, or a short flag with its value attached.
      if (arg.length > 2 && arg[1] !== '-' && (flags.bySpelling.has(`-${arg[1]}`) || arg[1] === 'V' || arg[1] === 'h')) return false;
      const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
      if (eq > 2) {
        const named = flags.bySpelling.get(arg.slice(0, eq));
        if (named?.valued === true) {
          if (!assign(values, named, arg.slice(eq + 1))) return false;
          continue;
        }
        if (arg.slice(0, eq) === '--help' || arg.slice(0, eq) === '--version') return false;
      }
      dest = unknown;
    }
    dest.push(arg);
  }
  return true;
}

/** `argv` read as commander would read it for the data command `ds`; undefined when commander is to read it. */
export function quickParse(argv: readonly string[], ds: AnyDataset): QuickLine | undefined {
  rootTable ??= table(GLOBAL_FLAGS);
  const own = table(datasetFlags(ds));
  if (rootTable === undefined || own === undefined) return undefined;
  // The root program: its flags wherever they stand; the first other word names the command.
  const globals: Record<string, unknown> = { ...rootTable.defaults };
  const words: string[] = [];
  const rest: string[] = [];
  if (!pass(argv, rootTable, globals, words, rest) || words[0] !== ds.name) return undefined;
  // The command: the words before the first unknown flag are its arguments; it reads the rest.
  const opts: Record<string, unknown> = { ...own.defaults };
  const operands: string[] = [];
  const unknown: string[] = [];
  if (!pass(rest, own, opts, operands, unknown) || unknown.length > 0) return undefined;
  const args = [...words.slice(1), ...operands];
  // Arguments a command does not take, a missing model, a word like a flag where a model goes (a
  // negative number): commander's to say.
  if (hasPositional(ds) ? (ds.subject === 'gpus' && args.length === 0) || args.some(maybeFlag) : args.length > 0) return undefined;
  return { args, opts, globals };
}

/**
 * The line of a run of one data command read without commander (quick-parse.ts), with its dataset;
 * undefined when commander is to read it (help, errors, anything but a plain line, other commands).
 */
export async function quickLine(argv: readonly string[]): Promise<(QuickLine & { readonly dataset: AnyDataset }) | undefined> {
  const ds = await loadDataset(argv[commandIndex(argv)]);
  const line = ds === undefined ? undefined : quickParse(argv, ds);
  return line === undefined || ds === undefined ? undefined : { ...line, dataset: ds };
}
