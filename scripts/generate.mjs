// One command rewrites every generated file from the registries: `npm run generate` (which builds
// first). Each generator renders its files from the built program (dist/cli.js), never from the bin,
// whose shortcuts print the committed files back, so a new command or flag reaches every file.
// dist/help.json is rendered by the build itself (scripts/render-help.mjs).
//
//   node scripts/generate.mjs             rewrite the files in this checkout
//   node scripts/generate.mjs --check     list stale files and exit 1 (nothing written)
//   node scripts/generate.mjs --root DIR  write under DIR instead (tests)
//
// To add generated files, add a generator to GENERATORS.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceFiles } from './reference.mjs';
import { runBuilt } from './run-built.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = await import(new URL('../dist/cli.js', import.meta.url).href);

/** Runs the built program with `argv`; resolves to what it printed on stdout. */
const run = (argv) => runBuilt(cli, argv, 80);

/** Each generator: what it is, and the files it renders (path relative to the repository, text). */
export const GENERATORS = [
  {
    name: 'shell completions',
    files: async () => [
      ['completions/gpumkt.bash', await run(['completion', 'bash'])],
      ['completions/_gpumkt', await run(['completion', 'zsh'])],
      ['completions/gpumkt.fish', await run(['completion', 'fish'])],
    ],
  },
  {
    // docs/commands/*.md, man/*.1, docs/datasets.md and README's command table (scripts/reference.mjs).
    name: 'command reference',
    files: () => referenceFiles(cli, root),
  },
];

const args = process.argv.slice(2);
const check = args.includes('--check');
const rootAt = args.indexOf('--root');
const root = rootAt >= 0 ? args[rootAt + 1] : repo;
const stale = [];
for (const g of GENERATORS) {
  for (const [path, text] of await g.files()) {
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
    console.log(`${path}: ${g.name}, rewritten`);
  }
}
if (check && stale.length > 0) {
  console.error(`stale generated files: ${stale.join(', ')}; run npm run generate and commit the result`);
  process.exit(1);
}
