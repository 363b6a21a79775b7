/** Renders the bash completion script: one `complete -F` function driven by case tables. */
import { PROFILES_AWK } from './profiles.js';
import { allCommands, banner, flagsAt, groupBy, spellings, sq } from './shell-text.js';
import type { CommandSpec, ProgramSpec, ValueSource } from './spec.js';

/** The bash script for `program`. */
export function renderBash(p: ProgramSpec): string {
  const commands = allCommands(p);
  const lines = [
    ...banner('bash', [
      'Install one of:',
      `  system:   /usr/share/bash-completion/completions/${p.name}`,
      `  per user: \${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/${p.name}`,
      `  or add to ~/.bashrc:  source <(${p.name} completion bash)`,
    ]),
    '',
    '# The typed word without its quoting: sets _gpumkt_word, and _gpumkt_quote to an opening quote.',
    '_gpumkt_dequote() {',
    "  _gpumkt_quote=''",
    '  case $1 in',
    `    \\"*) _gpumkt_quote='"'; _gpumkt_word=\${1#\\"} ;;`,
    `    \\'*) _gpumkt_quote="'"; _gpumkt_word=\${1#\\'} ;;`,
    "    *) _gpumkt_word=${1//\\\\\\\\/$'\\001'}; _gpumkt_word=${_gpumkt_word//\\\\/}; _gpumkt_word=${_gpumkt_word//$'\\001'/\\\\} ;;",
    '  esac',
    '}',
    '',
    '# Offers the arguments that start with the typed word, quoted so each stays one shell word.',
    '_gpumkt_add() {',
    '  local v e',
    '  for v in "$@"; do',
    '    [[ $v == "$_gpumkt_word"* ]] || continue',
    '    if [[ -n $_gpumkt_quote ]]; then',
    '      COMPREPLY+=("$v")',
    '    else',
    '      printf -v e \'%q\' "$v"',
    '      COMPREPLY+=("$e")',
    '    fi',
    '  done',
    '  return 0',
    '}',
    '',
    '# Comma-separated lists: completes the item after the last comma, leaving out items already given.',
    '_gpumkt_add_list() {',
    "  local head='' last=$_gpumkt_word v",
    '  case $last in *,*) head=${last%,*},; last=${last##*,} ;; esac',
    '  for v in "$@"; do',
    '    [[ $v == "$last"* && ,$head != *",$v,"* ]] && COMPREPLY+=("$head$v")',
    '  done',
    '  [[ ${#COMPREPLY[@]} -eq 0 ]] || compopt -o nospace 2>/dev/null',
    '  return 0',
    '}',
    '',
    '# Profile names from the config file: --config on the line, GPUMKT_CONFIG, XDG_CONFIG_HOME, ~/.config.',
    '_gpumkt_add_profiles() {',
    '  local file=$_gpumkt_cfg line',
    '  local -a names=()',
    '  if [[ -n $file ]]; then',
    '    _gpumkt_dequote "$file"',
    '    file=$_gpumkt_word',
    '    [[ $file == \\~/* ]] && file=${HOME-}/${file#\\~/}',
    '    _gpumkt_dequote "$cur"',
    '  elif [[ -n ${GPUMKT_CONFIG-} ]]; then',
    '    file=$GPUMKT_CONFIG',
    '  elif [[ ${XDG_CONFIG_HOME-} == /* ]]; then',
    '    file=$XDG_CONFIG_HOME/gpumkt/config.json',
    '  else',
    '    file=${HOME-}/.config/gpumkt/config.json',
    '  fi',
    '  [[ -f $file && -r $file ]] || return 0',
    '  while IFS= read -r line; do names+=("$line"); done < <(awk ' + sq(PROFILES_AWK) + ' "$file" 2>/dev/null)',
    '  _gpumkt_add ${names[@]+"${names[@]}"}',
    '}',
    '',
    "# Names learned from the service besides the built-in ones (gpumkt's cache; $1 the catalogue).",
    '_gpumkt_add_learned() {',
    '  local file line v seen',
    '  if [[ ${XDG_CACHE_HOME-} == /* ]]; then file=$XDG_CACHE_HOME/gpumkt; else file=${HOME-}/.cache/gpumkt; fi',
    '  file=$file/catalogues/$1.words',
    '  shift',
    '  local -a names=("$@")',
    '  if [[ -f $file && -r $file ]]; then',
    '    while IFS= read -r line; do',
    "      seen=''",
    '      for v in "${names[@]}"; do [[ $v == "$line" ]] && seen=1 && break; done',
    '      [[ -n $seen || -z $line ]] || names+=("$line")',
    '    done < "$file"',
    '  fi',
    '  _gpumkt_add "${names[@]}"',
    '}',
    '',
    '_gpumkt_add_files() {',
    '  local f',
    '  compopt -o filenames 2>/dev/null',
    '  while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -f -- "$_gpumkt_word")',
    '}',
    '',
    '# Sets `subs` to the subcommands of the command path $1.',
    '_gpumkt_cmds() {',
    '  case $1 in',
    ...commands
      .filter((c) => c.commands.length > 0)
      .map((c) => `    ${sq(c.path.join(' '))}) subs=${sq(c.commands.map((s) => s.name).join(' '))} ;;`),
    "    *) subs='' ;;",
    '  esac',
    '}',
    '',
    '# Sets `opts` to the flags valid at the command path $1.',
    '_gpumkt_opts() {',
    '  case $1 in',
    ...groupBy(commands.map((c) => [sq(c.path.join(' ')), sq(flagsAt(p, c).flatMap(spellings).join(' '))] as const)).map(
      ([keys, body]) => `    ${keys.join('|')}) opts=${body} ;;`,
    ),
    "    *) opts='' ;;",
    '  esac',
    '}',
    '',
    '# Succeeds when flag $2 takes a value at path $1; with a third argument, also offers its values.',
    '_gpumkt_val() {',
    '  case "$1|$2" in',
    ...valueArms(p, commands),
    '    *) return 1 ;;',
    '  esac',
    '}',
    '',
    '# Offers values for positional argument number $2 (from 0) of the command path $1.',
    '_gpumkt_arg() {',
    '  case $1 in',
    ...groupBy(commands.filter((c) => c.args.length > 0).map((c) => [sq(c.path.join(' ')), argBody(c)] as const)).map(
      ([keys, body]) => `    ${keys.join('|')}) ${body} ;;`,
    ),
    '  esac',
    '  return 0',
    '}',
    '',
    ...mainFunction(),
    '',
    `complete -F _gpumkt ${p.name}`,
    '',
  ];
  return lines.join('\n');
}

/** The shell command that offers a value source. */
function offer(v: ValueSource): string {
  const words = (list: ReadonlyArray<{ value: string }>) => list.map((w) => sq(w.value)).join(' ');
  switch (v.kind) {
    case 'words':
      return v.learned ? `_gpumkt_add_learned ${sq(v.learned)} ${words(v.words)}` : `_gpumkt_add ${words(v.words)}`;
    case 'list':
      return `_gpumkt_add_list ${words(v.words)}`;
    case 'profiles':
      return '_gpumkt_add_profiles';
    case 'file':
      return '_gpumkt_add_files';
    case 'none':
      return ':';
  }
}

/** Case arms of _gpumkt_val: one per distinct value source, command flags before the globals. */
function valueArms(p: ProgramSpec, commands: readonly CommandSpec[]): string[] {
  const own: Array<readonly [string, string]> = [];
  for (const c of commands) {
    if (c === p.root) continue;
    for (const o of c.options) {
      if (o.value) for (const s of spellings(o)) own.push([sq(`${c.path.join(' ')}|${s}`), offer(o.value)]);
    }
  }
  const globals = p.root.options.flatMap((o) =>
    o.value ? spellings(o).map((s) => [`*${sq(`|${s}`)}`, offer(o.value as ValueSource)] as const) : [],
  );
  // A command's own flag wins over a global of the same name: its arms come first.
  return [...groupBy(own), ...groupBy(globals)].map(([keys, body]) => `    ${keys.join('|')}) [[ -z \${3-} ]] || ${body} ;;`);
}

/** The body of a _gpumkt_arg arm: by position, the last one repeating when variadic. */
function argBody(c: CommandSpec): string {
  const arms = c.args.map((a, i) => (c.variadic && i === c.args.length - 1 ? `*) ${offer(a)} ;;` : `${i}) ${offer(a)} ;;`));
  if (arms.length === 1 && c.variadic) return offer(c.args[0] as ValueSource);
  return `case $2 in ${arms.join(' ')} esac`;
}

/** The completion function: walks the words before the cursor, then offers what fits at the cursor. */
function mainFunction(): string[] {
  return [
    '_gpumkt() {',
    "  local cur=${COMP_WORDS[COMP_CWORD]} path='' expect='' ended='' word subs opts i=1 nargs=0",
    "  local _gpumkt_word='' _gpumkt_quote='' _gpumkt_cfg=''",
    '  COMPREPLY=()',
    '  while [[ $i -lt $COMP_CWORD ]]; do',
    '    word=${COMP_WORDS[i]}',
    '    i=$((i + 1))',
    '    if [[ -n $expect ]]; then',
    "      # `--flag=value` arrives as three words: bash splits at '=' (COMP_WORDBREAKS).",
    '      [[ $word == = ]] && continue',
    '      [[ $expect == --config ]] && _gpumkt_cfg=$word',
    "      expect=''",
    '    elif [[ -z $ended && $word == -?* ]]; then',
    '      if [[ $word == -- ]]; then ended=1; elif _gpumkt_val "$path" "$word"; then expect=$word; fi',
    '    else',
    '      _gpumkt_cmds "$path"',
    '      if [[ $nargs -eq 0 && " $subs " == *" $word "* ]]; then path=${path:+$path }$word; else nargs=$((nargs + 1)); fi',
    '    fi',
    '  done',
    '  if [[ -n $expect ]]; then',
    "    [[ $cur == = ]] && cur=''",
    '    _gpumkt_dequote "$cur"',
    '    _gpumkt_val "$path" "$expect" offer',
    '    return 0',
    '  fi',
    '  _gpumkt_dequote "$cur"',
    '  _gpumkt_opts "$path"',
    '  if [[ -z $ended && $cur == -* ]]; then',
    '    # shellcheck disable=SC2086 # the flag list is split on purpose',
    '    _gpumkt_add $opts',
    '    return 0',
    '  fi',
    '  _gpumkt_cmds "$path"',
    '  if [[ -n $subs && $nargs -eq 0 ]]; then',
    '    # shellcheck disable=SC2086',
    '    _gpumkt_add $subs',
    '  else',
    '    _gpumkt_arg "$path" "$nargs"',
    '  fi',
    '  # Nothing else fits an empty word: offer the flags rather than nothing.',
    '  if [[ ${#COMPREPLY[@]} -eq 0 && -z $cur && -z $ended ]]; then',
    '    # shellcheck disable=SC2086',
    '    _gpumkt_add $opts',
    '  fi',
    '  return 0',
    '}',
  ];
}
