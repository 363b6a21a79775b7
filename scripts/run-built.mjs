// Runs the built program (dist/cli.js) in-process and captures its stdout: how the generators
// (scripts/generate.mjs, scripts/reference.mjs) and the help renderer (scripts/render-help.mjs)
// capture what the program prints.
import { Writable } from 'node:stream';

/** Runs `cli.main(argv)` with a terminal `columns` wide; resolves to its stdout, throws when it exits non-zero. */
export async function runBuilt(cli, argv, columns) {
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
    columns,
  };
  const code = await cli.main(argv, { io, env: {} });
  if (code !== 0) throw new Error(`gpumkt ${argv.join(' ')} exited ${code} (run in-process from dist/cli.js)`);
  return chunks.join('');
}
