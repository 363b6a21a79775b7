// Runs the servers of a bench run in their own process, so serving costs never land in the process
// being measured or in the bench's timer: the sandbox (no delay), the sandbox with a 100 ms reply
// delay (fan-out), the sandbox of the next day (a next-day sync), and static history-range servers of the row counts given on argv.
// Prints one JSON line with their URLs, then serves until stdin closes.
import { startSandbox } from '../dist/sandbox.js';
import { startStaticServer } from './static-server.mjs';

const key = process.env.BENCH_KEY ?? 'bench-key';
const today = process.env.BENCH_TODAY ?? '2026-11-20';
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const keys = { valid: [key] };
const sandbox = await startSandbox({ today, keys, record: false });
const slow = await startSandbox({ today, keys, record: false, latencyMs: 100 });
// The day after, for a next-day sync.
const next = await startSandbox({ today: new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10), keys, record: false });
const statics = {};
for (const n of sizes) statics[n] = await startStaticServer({ rows: n, key, to: today });
process.stdout.write(
  JSON.stringify({
    sandbox: sandbox.url,
    slow: slow.url,
    next: next.url,
    statics: Object.fromEntries(Object.entries(statics).map(([n, s]) => [n, { url: s.url, bytes: s.bytes }])),
  }) + '\n',
);
const stop = async () => {
  await Promise.all([sandbox.close(), slow.close(), next.close(), ...Object.values(statics).map((s) => s.close())]);
  process.exit(0);
};
process.stdin.on('end', stop).on('close', stop).resume();
process.on('SIGTERM', stop);
