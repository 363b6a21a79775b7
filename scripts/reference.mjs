// The command reference, generated from the built program (the same commander tree and dataset
// registry as --help): docs/commands/<command>.md and man/gpumkt-<command>.1 for every command,
// docs/datasets.md (every dataset's fields, plan, grain and ordering, from the descriptors) and
// README's command table (between its `generated: command table` markers).
//
// A generator of scripts/generate.mjs, which writes the files and checks them (`--check`, `--root`);
// `referenceFiles()` is its entry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuilt } from './run-built.mjs';
import { commandDoc, rootDoc } from './reference-markdown.mjs';
import { commandMan, rootMan } from './reference-man.mjs';
import { datasetsDoc, readmeTable } from './reference-datasets.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** README's generated region: the command table lies between these two lines. */
export const TABLE_BEGIN = '<!-- generated: command table (npm run generate); edit scripts/reference-datasets.mjs, not this table -->';
export const TABLE_END = '<!-- end of generated command table -->';

/** Runs the built program with `argv` and returns its stdout (help is printed at the width --help uses). */
const capture = (cli, argv) => runBuilt(cli, argv, cli.HELP_WIDTH);

/** What the renderers need to know about one command: its commander object, path and --help text. */
async function describe(cli, cmd, path) {
  const subcommands = [];
  for (const sub of cmd.commands.filter((c) => c.name() !== 'help')) subcommands.push(await describe(cli, sub, [...path, sub.name()]));
  return { cmd, path, help: await capture(cli, [...path, '--help']), subcommands };
}

/** Every generated reference file as [path relative to the repository, text]. */
export async function referenceFiles(cli = undefined, root = repo) {
  cli ??= await import(new URL('../dist/cli.js', import.meta.url).href);
  const version = readFileSync(new URL('../dist/version.cjs', import.meta.url), 'utf8').match(/"(.*)"/)[1];
  const { buildProgram, allCommands } = await cli.programParts();
  const program = buildProgram(
    {
      io: {},
      env: {},
      argv: [],
      globals: () => ({}),
      log: {},
      onCleanup: () => undefined,
      now: () => new Date(),
      today: () => '2026-01-01',
    },
    await allCommands(),
  );
  const { DATASETS } = await cli.datasetRegistry();
  const top = await describe(cli, program, []);
  const commands = top.subcommands;
  const datasetsOf = (name) => DATASETS.filter((d) => d.name === name);
  const files = [
    ['docs/commands/gpumkt.md', rootDoc(top, version)],
    ['man/gpumkt.1', rootMan(top, version)],
  ];
  for (const c of commands) {
    files.push([`docs/commands/${c.cmd.name()}.md`, commandDoc(c, datasetsOf(c.cmd.name()))]);
    files.push([`man/gpumkt-${c.cmd.name()}.1`, commandMan(c, datasetsOf(c.cmd.name()), version, commands)]);
  }
  files.push(['docs/datasets.md', datasetsDoc(DATASETS)]);
  // package.json's "man" lists every page, so `npm install -g` links each one (npm reads no folder).
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  pkg.man = files
    .filter(([p]) => p.startsWith('man/'))
    .map(([p]) => `./${p}`)
    .sort();
  files.push(['package.json', `${JSON.stringify(pkg, null, 2)}\n`]);
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const begin = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END);
  if (begin < 0 || end < begin) throw new Error(`reference: README.md lacks the lines ${TABLE_BEGIN} … ${TABLE_END}`);
  const table = readmeTable(commands, DATASETS);
  files.push(['README.md', `${readme.slice(0, begin + TABLE_BEGIN.length)}\n${table}${readme.slice(end)}`]);
  return files;
}
