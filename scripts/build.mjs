// Bundles src/ into dist/ with esbuild: one small entry (cli.js) plus lazily imported chunks,
// so `gpumkt --version` loads almost nothing. Type checking is `tsc --noEmit` (npm test runs it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { undiciSlim } from './undici-build.mjs';

// A fresh clone has no node_modules: `npm install -g .` or `npm link` there runs this build (the
// prepare script) before any dependency is installed. One line says what to do, not a stack trace.
const esbuild = await import('esbuild').catch(() => undefined);
if (esbuild === undefined) {
  process.stderr.write(
    "gpumkt: building needs the development dependencies, which are not installed: run 'npm install' in the clone first, then 'npm install -g .' or 'npm link'\n",
  );
  process.exit(1);
}
const { build } = esbuild;
const { buildCjs } = await import('./build-cjs.mjs');

// commander loads node:child_process (and with it net, dgram and friends) at start-up, for executable
// subcommands gpumkt does not have; its one use, spawn(), is made to load it on first call instead.
const CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(CHILD_PROCESS)) throw new Error('build: commander changed; revisit the lazy child_process patch');
      return {
        contents: text.replace(CHILD_PROCESS, "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };"),
        loader: 'js',
      };
    });
  },
};

// Every value src/ imports from 'undici' must exist in the slim entry, or the bundle breaks at run time.
function checkUndiciImports() {
  const slim = createRequire(import.meta.url)('./undici-slim.cjs');
  const src = fileURLToPath(new URL('../src', import.meta.url));
  for (const file of readdirSync(src, { recursive: true })) {
    if (!String(file).endsWith('.ts')) continue;
    const text = readFileSync(join(src, String(file)), 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'undici'/g)) {
      for (const name of (m[1] ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))) {
        if (!(name in slim)) throw new Error(`build: src/${file} imports ${name} from undici; add it to scripts/undici-slim.cjs`);
      }
    }
  }
}
checkUndiciImports();

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minify: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __GPUMKT_VERSION__: JSON.stringify(pkg.version) },
  plugins: [undiciSlim, lazyChildProcess],
  write: false,
  logLevel: 'warning',
});

// The CommonJS dependencies (commander, undici) call require() for Node's modules through
// esbuild's one shared __require helper, which uses the `require` in scope of the chunk defining it.
// Only that chunk gets a real `require`: a createRequire() in every chunk costs start-up for nothing.
const REQUIRE = "import{createRequire as __gpumktCR}from'node:module';const require=__gpumktCR(import.meta.url);\n";
const needsRequire = (text) => text.includes('Dynamic require of');
const helpers = result.outputFiles.filter((f) => needsRequire(f.text));
if (helpers.length !== 1) throw new Error(`build: expected one chunk with the require helper, found ${helpers.length}`);
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, needsRequire(file.text) ? REQUIRE + file.text : file.contents);
}
// What bin/gpumkt.cjs runs: the same program as one CommonJS file with a code cache (scripts/build-cjs.mjs).
await buildCjs({ define: { __GPUMKT_VERSION__: JSON.stringify(pkg.version) }, plugins: [undiciSlim, lazyChildProcess] });
// `gpumkt --version` (bin/gpumkt.cjs, CommonJS) loads this one file and nothing else.
writeFileSync(new URL('../dist/version.cjs', import.meta.url), `module.exports = ${JSON.stringify(pkg.version)};\n`);
// `gpumkt --help` (bin/gpumkt.cjs) reads its text from dist/help.json, rendered by the program just built.
execFileSync(process.execPath, [fileURLToPath(new URL('./render-help.mjs', import.meta.url))], { stdio: 'inherit' });
