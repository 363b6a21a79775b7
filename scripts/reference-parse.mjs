// Reads one command for the reference: its commander parts (usage, arguments, options, subcommands,
// through commander's own Help, as --help prints them) and the sections its --help text adds after
// them (Examples, Fields, Exit codes, notes). Used by the Markdown and man page renderers.

const CORE = new Set(['Arguments:', 'Options:', 'Commands:']);

/** The blocks of the help text after commander's own (prose paragraphs and titled sections). */
export function afterSections(help) {
  const blocks = help
    .replace(/\n+$/, '')
    .split(/\n\s*\n/)
    .map((b) => b.split('\n'));
  let last = 0;
  blocks.forEach((b, i) => {
    if (CORE.has(b[0]) || i < 2) last = i;
  });
  // The pointer to the global flags is a link in the reference itself.
  return blocks
    .slice(last + 1)
    .filter((lines) => !lines[0].startsWith('Global flags'))
    .map((lines) => {
      const title = /^[A-Z][A-Za-z ]*:$/.test(lines[0]) ? lines[0].slice(0, -1) : undefined;
      return title === undefined ? { prose: lines.map((l) => l.trim()).join(' ') } : { title, lines: lines.slice(1) };
    });
}

/** The example command lines of a help text (`  $ gpumkt …`), without the prompt. */
export function examplesOf(sections) {
  return sections.filter((s) => s.title === 'Examples').flatMap((s) => s.lines.map((l) => l.replace(/^\s*\$ /, '')));
}

/** The exit codes a help text lists, as [code, meaning]. */
export function exitCodesOf(sections) {
  const items = sections.filter((s) => s.title === 'Exit codes').flatMap((s) => s.lines.flatMap((l) => l.trim().split(/\s{3,}/)));
  return items
    .map((i) => /^(\S+) (.*)$/.exec(i))
    .filter(Boolean)
    .map((m) => [m[1], m[2]]);
}

/** The parts of a command as commander's Help shows them. */
export function partsOf(cmd) {
  const help = cmd.createHelp();
  return {
    name: cmd.name(),
    usage: help.commandUsage(cmd),
    description: cmd.description(),
    summary: cmd.summary() || cmd.description(),
    arguments: help.visibleArguments(cmd).map((a) => [help.argumentTerm(a), help.argumentDescription(a)]),
    options: help.visibleOptions(cmd).map((o) => [help.optionTerm(o), help.optionDescription(o)]),
    commands: help.visibleCommands(cmd).map((c) => [help.subcommandTerm(c), help.subcommandDescription(c)]),
  };
}

/** A path like `/api/gpu/{gpu}/history-simple` for a dataset: each parameter shown as `{name}`. */
export function endpointPath(ds, withQuery = true) {
  const named = new Proxy({}, { get: (_t, k) => (typeof k === 'string' ? `{${k}}` : undefined) });
  const paths = [decodeURIComponent(ds.endpoint.path(named))];
  try {
    const bare = ds.endpoint.path({});
    if (!bare.includes('undefined') && !paths.includes(bare)) paths.unshift(bare);
  } catch {
    // A path that needs its parameters has one form only.
  }
  let query = [];
  try {
    if (withQuery) query = Object.keys(ds.endpoint.query(named) ?? {});
  } catch {
    // A query built from parsed values has no general form: the path alone.
  }
  return paths.map((p) => `GET ${p}${query.length > 0 ? `?${query.map((q) => `${q}=`).join('&')}` : ''}`);
}

/** Every dataset a command runs: the descriptor and its variants, each with the flags that select it. */
export function variantsOf(ds) {
  return [{ ds, label: '' }, ...(ds.variants ?? []).map((v) => ({ ds: v.dataset, label: v.label }))];
}

/** The plan a dataset needs, in words. */
export function planOf(ds) {
  const plan = ds.plan ?? 'premium';
  return plan === 'free' ? 'free (no key needed)' : plan === 'premium' ? 'premium (a premium or full key)' : `${plan} (a full key)`;
}

/**
 * A field's meaning from a glossary: an entry names one field, several (`a, b`), or the fields that
 * start alike (`provenance_*`, `*_mw` for those that end alike); a named field wins over a pattern.
 */
export function meaningOf(entries) {
  const named = new Map(entries.flatMap(([f, text]) => f.split(', ').map((n) => [n, text])));
  const patterns = [...named].filter(([n]) => n.includes('*'));
  return (field) => {
    if (named.has(field) && !field.includes('*')) return named.get(field);
    const hit = patterns.find(([n]) => (n.startsWith('*') ? field.endsWith(n.slice(1)) : field.startsWith(n.slice(0, -1))));
    return hit?.[1];
  };
}
