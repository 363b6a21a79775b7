// The command reference, generated from the built program (the same commander tree and dataset
// registry as --help): docs/commands/<command>.md and man/gpumkt-<command>.1 for every command,
// docs/datasets.md (every dataset's fields, plan, grain and ordering, from the descriptors) and
// README's command table (between its `generated: command table` markers).
//
//   node scripts/reference.mjs           rewrite the files (build first: npm run build)
//   node scripts/reference.mjs --check   list stale files and exit 1 (nothing written)
//   node scripts/reference.mjs --root D  read README.md from D and write there instead (tests)
//
// `npm run generate` (scripts/generate.mjs) runs it with every other generator; `referenceFiles()` is its entry.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandDoc, rootDoc } from './reference-markdown.mjs';
import { commandMan, rootMan } from './reference-man.mjs';
import { datasetsDoc, readmeTable } from './reference-datasets.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** README's generated region: the command table lies between these two lines. */
export const TABLE_BEGIN = '<!-- generated: command table (npm run generate); edit scripts/reference-datasets.mjs, not this table -->';
export const TABLE_END = '<!-- end of generated command table -->';

/** Runs the built program with `argv` and returns its stdout (help is printed at the width --help uses). */
async function capture(cli, argv) {
  const chunks = [];
  const sink = (into) =>
    new Writable({
      write: (c, _e, cb) => {
        into?.push(String(c));
        cb();
      },
    });
  const io = {
    stdout: sink(chunks),
    stderr: sink(),
    stdin: process.stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    columns: cli.HELP_WIDTH,
  };
  const code = await cli.main(argv, { io, env: {} });
  if (code !== 0) throw new Error(`reference: gpumkt ${argv.join(' ')} exited ${code}`);
  return chunks.join('');
}

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
  const program = cli.buildProgram({
    io: {},
    env: {},
    argv: [],
    globals: () => ({}),
    log: {},
    onCleanup: () => undefined,
    now: () => new Date(),
    today: () => '2026-01-01',
  });
  const top = await describe(cli, program, []);
  const commands = top.subcommands;
  const datasetsOf = (name) => cli.DATASETS.filter((d) => d.name === name);
  const files = [
    ['docs/commands/gpumkt.md', rootDoc(top, version)],
    ['man/gpumkt.1', rootMan(top, version)],
  ];
  for (const c of commands) {
    files.push([`docs/commands/${c.cmd.name()}.md`, commandDoc(c, datasetsOf(c.cmd.name()))]);
    files.push([`man/gpumkt-${c.cmd.name()}.1`, commandMan(c, datasetsOf(c.cmd.name()), version, commands)]);
  }
  files.push(['docs/datasets.md', datasetsDoc(cli.DATASETS)]);
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
  const table = readmeTable(commands, cli.DATASETS);
  files.push(['README.md', `${readme.slice(0, begin + TABLE_BEGIN.length)}\n${table}${readme.slice(end)}`]);
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const rootAt = process.argv.indexOf('--root');
  const root = rootAt >= 0 ? process.argv[rootAt + 1] : repo;
  const stale = [];
  for (const [path, text] of await referenceFiles(undefined, root)) {
    const target = join(root, path);
    let old;
    try {
      old = readFileSync(target, 'utf8');
    } catch {
      old = undefined;
    }
    if (old === text) continue;
    stale.push(path);
    if (check) continue;
    mkdirSync(dirname(target), { recursive: true });
    // Written beside the target and renamed, so an interrupted run never leaves half a file.
    writeFileSync(`${target}.tmp`, text);
    renameSync(`${target}.tmp`, target);
    console.log(`${path}: rewritten`);
  }
  if (check && stale.length > 0) {
    console.error(`stale generated files: ${stale.join(', ')}; run npm run generate and commit the result`);
    process.exit(1);
  }
}
