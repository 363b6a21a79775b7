/** Renders the zsh completion function (`_gpumkt`): `_arguments` per command, value lists as functions. */
import { PROFILES_AWK } from './profiles.js';
import { allCommands, banner, flagsAt, GLOBALS_NOT_AT, spellings, sq } from './shell-text.js';
import type { Candidate, CommandSpec, OptionSpec, ProgramSpec, ValueSource } from './spec.js';

/** The zsh script for `program`: an autoloadable `#compdef` file that also works when sourced. */
export function renderZsh(p: ProgramSpec): string {
  const values = new ValueFunctions();
  const commandFunctions = allCommands(p).flatMap((c) => commandFunction(p, c, values));
  return [
    `#compdef ${p.name}`,
    ...banner('zsh', [
      'Install: save as _gpumkt in a folder of $fpath, before compinit runs; e.g.',
      '  system:   /usr/local/share/zsh/site-functions/_gpumkt',
      '  per user: ~/.zfunc/_gpumkt, with  fpath=(~/.zfunc $fpath)  before  compinit  in ~/.zshrc',
      `  or add to ~/.zshrc (after compinit):  source <(${p.name} completion zsh)`,
    ]),
    '',
    '# Profile names from the config file: --config on the line, GPUMKT_CONFIG, XDG_CONFIG_HOME, ~/.config.',
    '_gpumkt_profiles() {',
    '  local file=$_gpumkt_cfg',
    '  local -a names',
    '  if [[ -z $file ]]; then',
    '    if [[ -n ${GPUMKT_CONFIG-} ]]; then file=$GPUMKT_CONFIG',
    '    elif [[ ${XDG_CONFIG_HOME-} == /* ]]; then file=$XDG_CONFIG_HOME/gpumkt/config.json',
    '    else file=${HOME-}/.config/gpumkt/config.json',
    '    fi',
    '  fi',
    '  [[ -f $file && -r $file ]] || return 1',
    `  names=(\${(f)"$(awk ${sq(PROFILES_AWK)} "$file" 2>/dev/null)"})`,
    "  _wanted profiles expl 'profile' compadd -a names",
    '}',
    '',
    "# Names learned from the service besides the built-in ones (gpumkt's cache): adds those of catalogue",
    '# $1 missing from the array `vals` (entries `value:description`) to it.',
    '_gpumkt_learned() {',
    '  local file line e',
    '  if [[ ${XDG_CACHE_HOME-} == /* ]]; then file=$XDG_CACHE_HOME/gpumkt; else file=${HOME-}/.cache/gpumkt; fi',
    '  file=$file/catalogues/$1.words',
    '  [[ -f $file && -r $file ]] || return 0',
    '  for line in ${(f)"$(<$file)"}; do',
    '    e=${line//:/\\\\:}',
    '    (( ${vals[(Ie)$e]} || ${vals[(I)${(b)e}:*]} )) || vals+=("${e}:learned from the service")',
    '  done',
    '}',
    '',
    '# The global flags, accepted before and after any command.',
    'typeset -ga _gpumkt_globals=(',
    ...globalOptions(p)
      .flatMap((o) => optionSpecs(o, values))
      .map((s) => `  ${sq(s)}`),
    ')',
    '',
    ...values.render(),
    ...commandFunctions,
    '_gpumkt() {',
    "  local _gpumkt_cfg='' i",
    '  # --config given earlier on the line decides where profile names come from.',
    '  for (( i = 2; i < CURRENT; i++ )); do',
    '    case $words[i] in',
    '      --config) _gpumkt_cfg=${(Q)words[i+1]} ;;',
    '      --config=*) _gpumkt_cfg=${(Q)words[i]#--config=} ;;',
    '    esac',
    '  done',
    '  _gpumkt_cfg=${_gpumkt_cfg/#\\~/$HOME}',
    `  ${functionName(p.root)} "$@"`,
    '}',
    '',
    '# Loaded by compinit (autoload) the call completes; sourced, it registers itself.',
    'if [[ $zsh_eval_context[-1] == loadautofunc ]]; then',
    '  _gpumkt "$@"',
    'else',
    `  compdef _gpumkt ${p.name}`,
    'fi',
    '',
  ].join('\n');
}

/** The zsh function that completes at command `c`. */
function functionName(c: CommandSpec): string {
  return ['_gpumkt_c', ...c.path.map((s) => s.replace(/[^A-Za-z0-9]/g, '_'))].join('_');
}

/** The `_arguments` function of one command, and (for command groups) the dispatch to its subcommands. */
function commandFunction(p: ProgramSpec, c: CommandSpec, values: ValueFunctions): string[] {
  const specs = flagSpecs(p, c, values);
  const args = c.args.map((a, i) => `${c.variadic && i === c.args.length - 1 ? '*' : String(i + 1)}:${a.name}:${values.action(a)}`);
  if (c.commands.length === 0) {
    return [
      `${functionName(c)}() {`,
      '  _arguments -s -S : \\',
      ...[...specs, ...args.map(sq)].map((s) => `    ${s} \\`),
      '    && return 0',
      '  return 1',
      '}',
      '',
    ];
  }
  const subs = c.commands.map((s) => sq(`${s.name.replace(/:/g, '\\:')}:${s.description}`));
  return [
    `${functionName(c)}() {`,
    '  local curcontext=$curcontext state state_descr line ret=1',
    '  local -a subs',
    '  typeset -A opt_args',
    '  _arguments -C -s -S : \\',
    ...specs.map((s) => `    ${s} \\`),
    "    '1: :->command' \\",
    "    '*:: :->rest' && ret=0",
    '  case $state in',
    '    command)',
    `      subs=(${subs.join(' ')})`,
    `      _describe -t commands ${sq(`${[p.name, ...c.path].join(' ')} command`)} subs && ret=0 ;;`,
    '    rest)',
    `      curcontext=\${curcontext%:*:*}:${[p.name, ...c.path].join('-')}-$words[1]:`,
    '      case $words[1] in',
    ...c.commands.map((s) => `        ${sq(s.name)}) ${functionName(s)} && ret=0 ;;`),
    '      esac ;;',
    '  esac',
    '  return ret',
    '}',
    '',
  ];
}

/**
 * The quoted `_arguments` specs of the flags valid at `c`. The globals are spelled once, in the array
 * _gpumkt_globals, unless the command has a flag of the same name (then everything is inline).
 */
function flagSpecs(p: ProgramSpec, c: CommandSpec, values: ValueFunctions): string[] {
  if (c === p.root) return c.options.flatMap((o) => optionSpecs(o, values)).map(sq);
  const own = new Set(c.options.flatMap(spellings));
  const clash = globalOptions(p).some((o) => spellings(o).some((s) => own.has(s))) || GLOBALS_NOT_AT[c.path.join(' ')] !== undefined;
  if (clash)
    return flagsAt(p, c)
      .flatMap((o) => optionSpecs(o, values))
      .map(sq);
  return [...c.options.flatMap((o) => optionSpecs(o, values)).map(sq), '"${_gpumkt_globals[@]}"'];
}

/** The root's flags that every subcommand accepts (its help flag is each command's own). */
function globalOptions(p: ProgramSpec): OptionSpec[] {
  const help = new Set(['-h', '--help']);
  return p.root.options.filter((o) => !spellings(o).some((s) => help.has(s)));
}

/** The `_arguments` specs of one flag: short and long spelling, mutually exclusive unless repeatable. */
function optionSpecs(o: OptionSpec, values: ValueFunctions): string[] {
  const names = [o.short, o.long].filter((s): s is string => s !== undefined);
  const exclude = o.repeatable ? '*' : names.length > 1 ? `(${names.join(' ')})` : '';
  const help = `[${o.description.replace(/[\\\]]/g, '\\$&')}]`;
  return names.map((n) => {
    if (!o.value) return `${exclude}${n}${help}`;
    // -f+ takes `-fcsv` or `-f csv`; --format= takes `--format=csv` or `--format csv`.
    const mark = n.startsWith('--') ? '=' : '+';
    return `${exclude}${n}${mark}${help}:${o.value.name}:${values.action(o.value)}`;
  });
}

/** One completion function per distinct value list, shared by every flag and argument that uses it. */
class ValueFunctions {
  private readonly bodies = new Map<string, string>();

  /** The `_arguments` action for a value source. */
  action(v: ValueSource): string {
    switch (v.kind) {
      case 'profiles':
        return '_gpumkt_profiles';
      case 'file':
        return '_files';
      case 'none':
        return ' ';
      case 'words':
        return this.define(
          v.name,
          `  local -a vals=(${v.words.map((w) => sq(describeEntry(w))).join(' ')})\n${v.learned ? `  _gpumkt_learned ${sq(v.learned)}\n` : ''}  _describe -t ${v.name} ${sq(v.name)} vals`,
        );
      case 'list':
        // _values -s , completes comma-separated lists and leaves out the items already given.
        return this.define(
          v.name,
          `  _values -s , ${sq(v.name)} ${v.words.map((w) => sq(w.value.replace(/[\\[\]:]/g, '\\$&'))).join(' ')}`,
        );
    }
  }

  /** The function definitions, in first-use order. */
  render(): string[] {
    return [...this.bodies].flatMap(([body, name]) => [`${name}() {`, body, '}', '']);
  }

  private define(base: string, body: string): string {
    const known = this.bodies.get(body);
    if (known) return known;
    const name = `_gpumkt_v_${base.replace(/[^A-Za-z0-9]/g, '_')}_${this.bodies.size + 1}`;
    this.bodies.set(body, name);
    return name;
  }
}

/** A `_describe` entry: `value:description`, colons in the value escaped. */
function describeEntry(c: Candidate): string {
  const value = c.value.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
  return c.description ? `${value}:${c.description}` : value;
}
