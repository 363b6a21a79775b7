// Regenerates the committed completion scripts in completions/ from the built program
// (`gpumkt completion <shell>`), so they always match its commands, flags and choices.
// Run through `npm run completions`, which builds first.
import { execFileSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const files = { bash: 'gpumkt.bash', zsh: '_gpumkt', fish: 'gpumkt.fish' };
for (const [shell, name] of Object.entries(files)) {
  // `--no-color` (a no-op here) keeps bin/ from answering with the committed script it is about to
  // replace: the script must come from the program as built.
  const text = execFileSync(process.execPath, [fileURLToPath(new URL('bin/gpumkt.js', root)), 'completion', shell, '--no-color'], { encoding: 'utf8' });
  const target = fileURLToPath(new URL(`completions/${name}`, root));
  // Written beside the target and renamed, so an interrupted run never leaves half a script.
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
  console.log(`completions/${name}: ${text.split('\n').length - 1} lines`);
}
