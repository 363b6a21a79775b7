// Bundles src/ into dist/ with esbuild: one small entry (cli.js) plus lazily imported chunks,
// so `gpumkt --version` loads almost nothing. Type checking is `tsc --noEmit` (npm test runs it).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `import … from 'undici'` gets only the pieces the client uses (undici-slim.cjs), without HTTP/2
// (undici-no-h2.cjs).
const undiciSlim = {
  name: 'undici-slim',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer.endsWith('undici-slim.cjs') ? undefined : { path: fileURLToPath(new URL('./undici-slim.cjs', import.meta.url)) });
    b.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.includes('undici') ? { path: fileURLToPath(new URL('./undici-no-h2.cjs', import.meta.url)) } : undefined);
  },
};

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', version: 'src/version.ts', sandbox: 'src/sandbox/index.ts' },
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
  // cli-table3 and its helpers are CommonJS: give the ESM bundle a real `require` for them.
  banner: { js: "import{createRequire as __gpumktCR}from'node:module';const require=__gpumktCR(import.meta.url);" },
  plugins: [undiciSlim],
  logLevel: 'warning',
});
