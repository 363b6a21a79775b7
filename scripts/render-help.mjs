// Renders every help text of the built program into dist/help.json, so bin/gpumkt.cjs answers --help
// without loading the CLI. The text is what main() prints, at HELP_WIDTH (src/commands/help/help-width.ts);
// test/unit/prebuilt-help.test.ts checks it still is. Run by scripts/build.mjs after bundling.
import { writeFileSync } from 'node:fs';
import { runBuilt } from './run-built.mjs';

const dist = new URL('../dist/', import.meta.url);
const cli = await import(new URL('cli.js', dist).href);
const { HELP_WIDTH } = cli;
const { buildProgram, allCommands } = await cli.programParts();

/** Every command path of the program: [] for the root, ['history'], ['config', 'set'], … */
export function commandPaths(program, prefix = []) {
  return [prefix, ...program.commands.flatMap((c) => commandPaths(c, [...prefix, c.name()]))];
}

// Building the program reads nothing of its io: the texts are what main() prints, captured.
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  stdoutIsTTY: false,
  stderrIsTTY: false,
  stdinIsTTY: false,
  columns: HELP_WIDTH,
};
const program = buildProgram({ io, env: {}, argv: [], globals: () => ({}), log: {}, onCleanup: () => undefined }, await allCommands());
const texts = {};
for (const path of commandPaths(program)) texts[path.join(' ')] = await runBuilt(cli, [...path, '--help'], HELP_WIDTH);
writeFileSync(new URL('help.json', dist), JSON.stringify({ width: HELP_WIDTH, texts }));
