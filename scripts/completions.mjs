// Regenerates the committed completion scripts in completions/ from the built program (main() of
// dist/cli.js, as `gpumkt completion <shell>` runs it), so they always match its commands, flags and
// choices. Not through bin/gpumkt.js: that prints the committed files themselves (its fast path).
// Run through `npm run completions`, which builds first.
import { renameSync, writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const { main } = await import(new URL('dist/cli.js', root).href);
const files = { bash: 'gpumkt.bash', zsh: '_gpumkt', fish: 'gpumkt.fish' };
for (const [shell, name] of Object.entries(files)) {
  const chunks = [];
  const stdout = new Writable({ write: (c, _e, cb) => { chunks.push(String(c)); cb(); } });
  const io = { stdout, stderr: process.stderr, stdin: Readable.from([]), stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80 };
  const code = await main(['completion', shell], { io, env: {} });
  if (code !== 0) throw new Error(`completions: gpumkt completion ${shell} exited ${code}`);
  const text = chunks.join('');
  const target = fileURLToPath(new URL(`completions/${name}`, root));
  // Written beside the target and renamed, so an interrupted run never leaves half a script.
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
  console.log(`completions/${name}: ${text.split('\n').length - 1} lines`);
}
