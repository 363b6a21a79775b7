// Instructions executed by one command (valgrind's callgrind): a count that does not move with the
// machine's load or clock speed as wall time does. Only user-space instructions of every thread; the
// kernel's work (exec, page faults) is not counted. The median run's profile is kept, so where its
// instructions went can be told apart (callgrind_annotate, inclusive counts of V8's and Node's own steps).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOnce } from './measure.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'gpumkt-bench-ir-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let serial = 0;

/** Runs `argv` `reps` times under callgrind; resolves to { count (the median), file (that run's profile) }. */
export async function instructions(argv, env, reps) {
  const runs = [];
  for (let i = 0; i < reps; i++) {
    const file = join(scratch, `callgrind.${++serial}`);
    const r = await runOnce(['valgrind', '--tool=callgrind', `--callgrind-out-file=${file}`, ...argv], { env });
    const m = /Collected : (\d+)/.exec(r.stderr);
    if (m) runs.push({ count: Number(m[1]), file });
  }
  runs.sort((a, b) => a.count - b.count);
  return runs[runs.length >> 1] ?? { count: undefined, file: undefined };
}

// The steps told apart, by the V8 or Node function that does each (inclusive counts; a collection
// made while compiling counts in both, a small overlap).
export const STEPS = [
  ['V8 start-up snapshot', /^v8::internal::Snapshot::Initialize\(v8::internal::Isolate\*\)$/],
  ["Node's built-in modules compiled", /^node::builtins::BuiltinLoader::CompileFunction\(v8::FunctionCallbackInfo/],
  ['CommonJS files compiled (bin/, the script)', /^node::contextify::CompileFunctionForCJSLoader\(v8::FunctionCallbackInfo/],
  ['code cache read into V8 (the bundle)', /^v8::internal::CodeSerializer::Deserialize\(/],
  ['functions compiled on first call', /^v8::internal::Runtime_CompileLazy\(/],
  ['regular expressions compiled', /^v8::internal::RegExpImpl::CompileIrregexp\(/],
  ['WebAssembly compiled (llhttp)', /^v8::internal::wasm::WasmEngine::SyncCompile\(/],
  ['garbage collection', /^v8::internal::Heap::CollectGarbage\(/],
];

/** Inclusive instructions of each of STEPS in a callgrind profile, and the total; undefined without callgrind_annotate. */
export function breakdown(file) {
  if (file === undefined) return undefined;
  const r = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], { maxBuffer: 256 * 2 ** 20 });
  if (r.status !== 0) return undefined;
  const out = { total: 0, steps: Object.fromEntries(STEPS.map(([name]) => [name, 0])) };
  for (const text of r.stdout.toString('utf8').split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(.*?)\s+\[[^\]]*\]$/.exec(text);
    if (!m) continue;
    const count = Number(m[1].replaceAll(',', ''));
    if (m[2] === 'PROGRAM TOTALS') continue;
    const symbol = m[2].replace(/^\?\?\?:/, '');
    // A recursive entry ('2) counts its frames again.
    if (/'\d+$/.test(symbol)) continue;
    for (const [name, re] of STEPS) if (re.test(symbol) && out.steps[name] < count) out.steps[name] = count;
  }
  const total = /PROGRAM TOTALS/.test(r.stdout.toString('utf8'))
    ? /([\d,]+) \([^)]*\)\s+PROGRAM TOTALS/.exec(r.stdout.toString('utf8'))
    : null;
  out.total = total ? Number(total[1].replaceAll(',', '')) : 0;
  return out;
}
