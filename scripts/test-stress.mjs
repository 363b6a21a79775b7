#!/usr/bin/env node
/**
 * Runs the test suite N times in a row beside two CPU-bound processes, the way a loaded shared machine
 * runs it, and prints each run's time and result. Usage: npm run test:stress [-- N [test files...]]
 * (N defaults to 5; with files, only those run, through vitest). Exits 1 if any run failed.
 */
import { spawn } from 'node:child_process';

const [countArg, ...files] = process.argv.slice(2);
const runs = countArg === undefined ? 5 : Number(countArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`test:stress: N must be a whole number of runs, 1 or more (got ${countArg})`);
  process.exit(2);
}

// Two busy loops: each keeps one core at 100 % for as long as the runs last.
const hogs = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
let current;
const stopHogs = () => {
  for (const h of hogs) if (h.exitCode === null) h.kill('SIGKILL');
  // Interrupted mid-run: the suite goes too (its own children end with it).
  if (current !== undefined && current.exitCode === null) current.kill('SIGTERM');
};
process.on('exit', stopHogs);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** One run of the suite (or of the given files); resolves with its exit code. */
function once() {
  const [cmd, args] = files.length > 0 ? ['npx', ['vitest', 'run', ...files]] : ['npm', ['test', '--silent']];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let tail = '';
    const failures = new Set();
    let partial = '';
    const keep = (b) => {
      const text = (partial + b.toString()).replace(/\x1b\[[0-9;]*m/g, '');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) if (/^\s*FAIL\s/.test(l)) failures.add(l.trim());
      tail = (tail + b.toString()).slice(-1500);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code: code ?? 1, tail: [...failures].join('\n') + '\n' + tail }));
  });
}

let failed = 0;
for (let i = 1; i <= runs; i++) {
  const t0 = Date.now();
  const { code, tail } = await once();
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  const tests = /Tests\s+(.*)/.exec(tail.replace(/\x1b\[[0-9;]*m/g, ''))?.[1]?.trim() ?? '';
  console.log(`run ${i}/${runs}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${secs} s${tests ? ` — ${tests}` : ''}`);
  if (code !== 0) {
    failed += 1;
    console.log(tail.replace(/\x1b\[[0-9;]*m/g, ''));
  }
}
stopHogs();
console.log(`${runs - failed} of ${runs} runs passed beside two CPU hogs`);
process.exit(failed === 0 ? 0 : 1);
