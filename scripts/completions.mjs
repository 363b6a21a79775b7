// Regenerates the committed completion scripts in completions/ from the built program
// (`gpumkt completion <shell>`), so they always match its commands, flags and choices.
// Run through `npm run completions`, which builds first.
import { execFileSync } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const files = { bash: 'gpumkt.bash', zsh: '_gpumkt', fish: 'gpumkt.fish' };
for (const [shell, name] of Object.entries(files)) {
  // A global flag first: bin/ answers a bare `completion <shell>` with the committed script itself,
  // so only the program (this build) can say what the script must now be.
  const text = execFileSync(process.execPath, [fileURLToPath(new URL('bin/gpumkt.js', root)), '--no-color', 'completion', shell], { encoding: 'utf8' });
  const target = fileURLToPath(new URL(`completions/${name}`, root));
  // Written beside the target and renamed, so an interrupted run never leaves half a script.
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
  console.log(`completions/${name}: ${text.split('\n').length - 1} lines`);
}
