// What the ES module build loads before running any command: the static import closure of dist/cli.js,
// read from the built files (`node bench/chunk-graph.mjs` prints it). bin/ runs dist/gpumkt.cjs instead.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Dependencies recognisable in a minified chunk by text only they contain.
const MARKERS = { zod: /\$ZodType/, undici: /UND_ERR/, chalk: /bgBlackBright/, commander: /helpInformation/ };
const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.[^"']+)["']/g;

/** The files dist/cli.js loads statically, their total size, and which dependencies they contain. */
export function staticClosure(entry) {
  const seen = new Map();
  const walk = (file) => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const m of text.matchAll(STATIC)) walk(resolve(dirname(file), m[1]));
  };
  walk(entry);
  const packages = Object.entries(MARKERS)
    .filter(([, re]) => [...seen.values()].some((t) => re.test(t)))
    .map(([name]) => name);
  return { files: [...seen.keys()], bytes: [...seen.values()].reduce((a, t) => a + Buffer.byteLength(t), 0), packages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const c = staticClosure(fileURLToPath(new URL('../dist/cli.js', import.meta.url)));
  for (const f of c.files) console.log(`${String(readFileSync(f).length).padStart(8)}  ${f}`);
  console.log(`${String(c.bytes).padStart(8)}  total; dependencies: ${c.packages.join(', ') || 'none'}`);
}
