/** Renders the fish completion script: `complete` lines whose conditions read a cached parse of the line. */
import { PROFILES_AWK } from './profiles.js';
import { allCommands, banner, GLOBALS_NOT_AT, spellings } from './shell-text.js';
import type { OptionSpec, ProgramSpec, ValueSource } from './spec.js';

/** `s` as one single-quoted fish word (fish single quotes honour \\ and \'). */
function fq(s: string): string {
  return `'${s.replace(/[\\']/g, '\\$&')}'`;
}

/** The fish script for `program`. */
export function renderFish(p: ProgramSpec): string {
  const commands = allCommands(p);
  const values = new Map<string, string>();
  const valueFn = (v: ValueSource): string => {
    const lines = v.kind === 'words' ? v.words.map((w) => `    printf '%s\\t%s\\n' ${fq(w.value)} ${fq(w.description ?? v.name)}`) : [];
    if (v.kind === 'words' && v.learned) lines.push(`    __gpumkt_learned ${fq(v.learned)} ${v.words.map((w) => fq(w.value)).join(' ')}`);
    const body = lines.join('\n');
    const known = values.get(body);
    if (known) return known;
    const name = `__gpumkt_v_${v.name.replace(/[^A-Za-z0-9]/g, '_')}_${values.size + 1}`;
    values.set(body, name);
    return name;
  };
  const rootFlags = new Set(p.root.options.flatMap(spellings));
  const valued = commands.flatMap((c) =>
    c.options.filter((o) => o.value).flatMap((o) => spellings(o).map((s) => fq(`${c === p.root ? '*' : c.path.join(' ')}|${s}`))),
  );
  const completeLines: string[] = [];
  for (const c of commands) {
    const at = c === p.root ? '' : `-n ${fq(`__gpumkt_at ${fq(c.path.join(' '))}`)} `;
    for (const o of c.options) {
      if (c !== p.root && spellings(o).every((s) => rootFlags.has(s))) continue;
      // A global flag some command has no use for (`sandbox --sandbox`) is offered everywhere else.
      const not = Object.entries(GLOBALS_NOT_AT).filter(([, flags]) => c === p.root && spellings(o).some((s) => flags.includes(s)));
      const where = not.length === 0 ? at : `-n ${fq(not.map(([path]) => `not __gpumkt_at ${fq(path)}`).join('; and '))} `;
      completeLines.push(`complete -c ${p.name} ${where}${optionFlags(o)}${valueFlags(o.value, valueFn)}-d ${fq(o.description)}`);
    }
    const pos = (n: string) => `-n ${fq(`__gpumkt_pos ${fq(c.path.join(' '))} ${n}`)}`;
    for (const s of c.commands) completeLines.push(`complete -c ${p.name} ${pos('0')} -a ${fq(s.name)} -d ${fq(s.description)}`);
    c.args.forEach((a, i) => {
      const n = c.variadic && i === c.args.length - 1 ? `'>=${i}'` : String(i);
      const flags = valueFlags(a, valueFn);
      if (a.kind !== 'none') completeLines.push(`complete -c ${p.name} ${pos(n)} ${flags.trimEnd()}`);
    });
  }
  return [
    ...banner('fish', [
      'Install one of:',
      `  system:   /usr/share/fish/vendor_completions.d/${p.name}.fish`,
      `  per user: ~/.config/fish/completions/${p.name}.fish`,
    ]),
    '',
    '# Which command path the words before the cursor name, how many arguments follow it, and --config.',
    '# Cached per command line: fish evaluates every condition below for one Tab.',
    `set -g __gpumkt_commands ${commands
      .filter((c) => c !== p.root)
      .map((c) => fq(c.path.join(' ')))
      .join(' ')}`,
    `set -g __gpumkt_valued ${valued.join(' ')}`,
    'function __gpumkt_state',
    '    set -l line (commandline -pc)',
    '    test "$line" = "$__gpumkt_line"; and return',
    '    set -g __gpumkt_line $line',
    "    set -g __gpumkt_path ''",
    '    set -g __gpumkt_nargs 0',
    "    set -g __gpumkt_cfg ''",
    "    set -l expect ''",
    '    set -l ended 0',
    '    for t in (commandline -opc)[2..-1]',
    '        if test -n "$expect"',
    '            test "$expect" = --config; and set -g __gpumkt_cfg $t',
    "            set expect ''",
    '        else if test $ended = 0; and string match -q -- "-?*" $t',
    '            if test "$t" = --',
    '                set ended 1',
    '            else if string match -q -- "--config=*" $t',
    '                set -g __gpumkt_cfg (string replace -- --config= "" $t)',
    '            else if contains -- "$__gpumkt_path|$t" $__gpumkt_valued; or contains -- "*|$t" $__gpumkt_valued',
    '                set expect $t',
    '            end',
    '        else if test $__gpumkt_nargs = 0; and contains -- (string trim -- "$__gpumkt_path $t") $__gpumkt_commands',
    '            set -g __gpumkt_path (string trim -- "$__gpumkt_path $t")',
    '        else',
    '            set -g __gpumkt_nargs (math $__gpumkt_nargs + 1)',
    '        end',
    '    end',
    'end',
    '',
    '# True at command path $argv[1] (flags of that command).',
    'function __gpumkt_at',
    '    __gpumkt_state',
    '    test "$__gpumkt_path" = "$argv[1]"',
    'end',
    '',
    "# True at command path $argv[1] when the next argument is number $argv[2] (from 0; '>=N' for N or more).",
    'function __gpumkt_pos',
    '    __gpumkt_state',
    '    test "$__gpumkt_path" = "$argv[1]"; or return 1',
    '    switch $argv[2]',
    "        case '>=*'",
    '            test $__gpumkt_nargs -ge (string sub -s 3 -- $argv[2])',
    "        case '*'",
    '            test $__gpumkt_nargs = $argv[2]',
    '    end',
    'end',
    '',
    '# Comma-separated lists: completes the item after the last comma, leaving out items already given.',
    'function __gpumkt_list',
    '    set -l token (string replace -r -- "^--[^=]*=" "" (commandline -ct))',
    '    set -l head (string match -r -- "^.*," $token)',
    '    set -l given (string split -- , "$head")',
    '    for v in $argv',
    '        contains -- $v $given; or printf "%s%s\\n" "$head" $v',
    '    end',
    'end',
    '',
    '# Profile names from the config file: --config on the line, GPUMKT_CONFIG, XDG_CONFIG_HOME, ~/.config.',
    'function __gpumkt_profiles',
    '    __gpumkt_state',
    '    set -l file $__gpumkt_cfg',
    '    if test -z "$file"',
    '        if set -q GPUMKT_CONFIG; and test -n "$GPUMKT_CONFIG"',
    '            set file $GPUMKT_CONFIG',
    '        else if set -q XDG_CONFIG_HOME; and string match -q -- "/*" $XDG_CONFIG_HOME',
    '            set file $XDG_CONFIG_HOME/gpumkt/config.json',
    '        else',
    '            set file ~/.config/gpumkt/config.json',
    '        end',
    '    end',
    '    test -f "$file" -a -r "$file"; or return',
    `    awk ${fq(PROFILES_AWK)} $file 2>/dev/null`,
    'end',
    '',
    "# Names learned from the service besides the built-in ones (gpumkt's cache): those of catalogue",
    '# $argv[1] not among $argv[2..].',
    'function __gpumkt_learned',
    '    set -l dir $HOME/.cache/gpumkt',
    '    if set -q XDG_CACHE_HOME; and string match -q -- "/*" $XDG_CACHE_HOME',
    '        set dir $XDG_CACHE_HOME/gpumkt',
    '    end',
    '    set -l file $dir/catalogues/$argv[1].words',
    '    test -f "$file" -a -r "$file"; or return',
    '    while read -l line',
    "        test -n \"$line\"; and not contains -- $line $argv[2..-1]; and printf '%s\\t%s\\n' $line 'learned from the service'",
    '    end <$file',
    'end',
    '',
    ...[...values].flatMap(([body, name]) => [`function ${name}`, body, 'end', '']),
    `complete -c ${p.name} -f`,
    ...completeLines,
    '',
  ].join('\n');
}

/** `-s f -l format ` for a flag. */
function optionFlags(o: OptionSpec): string {
  return `${o.short ? `-s ${o.short.slice(1)} ` : ''}${o.long ? `-l ${o.long.slice(2)} ` : ''}`;
}

/** The complete flags that say what a value may be. */
function valueFlags(v: ValueSource | undefined, valueFn: (v: ValueSource) => string): string {
  if (!v) return '';
  switch (v.kind) {
    case 'words':
      return `-x -a ${fq(`(${valueFn(v)})`)} `;
    case 'list':
      return `-x -a ${fq(`(__gpumkt_list ${v.words.map((w) => w.value).join(' ')})`)} `;
    case 'profiles':
      return `-x -a '(__gpumkt_profiles)' `;
    case 'file':
      return '-r -F ';
    case 'none':
      return '-x ';
  }
}
