// Renders every help text of the built program into dist/help.json, so bin/gpumkt.js answers --help
// without loading the CLI. The text is what main() prints, at HELP_WIDTH (src/commands/help/help-width.ts);
// test/unit/prebuilt-help.test.ts checks it still is. Run by scripts/build.mjs after bundling.
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';

const dist = new URL('../dist/', import.meta.url);
const { main, buildProgram, HELP_WIDTH } = await import(new URL('cli.js', dist).href);

/** An io whose stdout is collected; nothing is a terminal, as in a pipe. */
function captureIo() {
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
    columns: HELP_WIDTH,
  };
  return { io, text: () => chunks.join('') };
}

/** Every command path of the program: [] for the root, ['history'], ['config', 'set'], … */
export function commandPaths(program, prefix = []) {
  return [prefix, ...program.commands.flatMap((c) => commandPaths(c, [...prefix, c.name()]))];
}

const program = buildProgram({ io: captureIo().io, env: {}, argv: [], globals: () => ({}), log: {}, onCleanup: () => undefined });
const texts = {};
for (const path of commandPaths(program)) {
  const { io, text } = captureIo();
  const code = await main([...path, '--help'], { io, env: {} });
  if (code !== 0) throw new Error(`render-help: gpumkt ${path.join(' ')} --help exited ${code}`);
  texts[path.join(' ')] = text();
}
writeFileSync(new URL('help.json', dist), JSON.stringify({ width: HELP_WIDTH, texts }));
