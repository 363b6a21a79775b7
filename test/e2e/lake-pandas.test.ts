/**
 * docs/point-in-time.md's pandas example, run: a CSV lake synced through the sandbox at several
 * knowledge times (coding's merge rates restated between them, so rows have several versions), then
 * the documented pandas block (pointed at that lake and at a time T) prints the same rows as
 * `gpumkt lake read <lake> coding --as-of T`. pandas is Debian's python3-pandas: it reads CSV without
 * pyarrow, which is why the runnable example is a CSV lake.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../helpers/cli.js';
import { runMain } from '../helpers/main.js';
import { pythonWith } from '../helpers/programs.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir, tempEnv } from '../helpers/temp.js';
import { syncAt } from './sync-helpers.js';

const FROM = '2026-11-01';
/** Sync instants a day or more apart: each restates the merge rates of the days before it. */
const INSTANTS = ['2026-11-10T09:00:00.000Z', '2026-11-11T10:00:00.000Z', '2026-11-13T08:00:00.000Z', '2026-11-14T23:00:00.000Z'];

/** The pandas block of docs/point-in-time.md that reads a CSV lake, pointed at `lake` and at the time `t`. */
function documentedPandas(lake: string, t: string): string {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/point-in-time.md'), 'utf8');
  const blocks = [...doc.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] as string).filter((b) => b.includes('read_csv'));
  expect(blocks, 'one ```python block of docs/point-in-time.md reads a CSV lake').toHaveLength(1);
  const block = blocks[0] as string;
  expect(block).toContain('"lake/coding/');
  expect(block).toMatch(/pd\.Timestamp\("[^"]+"\)/);
  return block.replaceAll('"lake/', `"${lake}/`).replace(/pd\.Timestamp\("[^"]+"\)/, `pd.Timestamp("${t}")`);
}

/** The rows of a CSV text as sorted (date, product, value, value2) tuples, numbers in one form. */
function tuples(csv: string): string[] {
  const [header, ...rows] = parseCsv(csv);
  const col = (name: string) => (header as string[]).indexOf(name);
  const [date, product, value, value2] = ['date', 'product', 'value', 'value2'].map(col) as [number, number, number, number];
  expect([date, product, value]).not.toContain(-1);
  // pandas writes a column that has empty cells as floats (40.0), gpumkt as the service does (40).
  const num = (s: string | undefined) => (s === undefined || s === '' ? '' : String(Number(s)));
  return rows.map((r) => JSON.stringify([r[date], r[product], num(r[value]), value2 === -1 ? '' : num(r[value2])])).sort();
}

describe("docs/point-in-time.md's pandas example over a CSV lake", () => {
  it('prints the rows lake read --as-of prints, at each sync time and between them', { ...needs('pandas'), timeout: 300_000 }, async () => {
    const python = pythonWith('pandas') as string;
    const lake = join(makeTempDir('lake-pandas'), 'lake');
    for (const now of INSTANTS) {
      const r = await syncAt(now, ['sync', lake, '--datasets', 'coding', '--from', FROM, '--format', 'csv'], {
        env: { GPUMKT_KNOWLEDGE_TIME: now },
      });
      expect(r.code, `${now}: ${r.stderr}`).toBe(0);
    }
    // Versions exist: a restated merge rate was closed and replaced.
    const log = await runMain(['lake', 'log', lake, 'coding', '--revised', '-f', 'csv']);
    expect(log.code, log.stderr).toBe(0);
    expect(parseCsv(log.stdout).length).toBeGreaterThan(2);
    const times = [...INSTANTS, '2026-11-12T12:00:00.000Z', '2026-11-20T23:59:59.999Z'];
    const answers = new Set<string>();
    for (const t of times) {
      const cli = await runMain(['lake', 'read', lake, 'coding', '--as-of', t, '-f', 'csv']);
      expect(cli.code, cli.stderr).toBe(0);
      const script = `${documentedPandas(lake, t)}\nimport sys\nas_of.to_csv(sys.stdout, index=False)\n`;
      const py = spawnSync(python, ['-c', script], { encoding: 'utf8', env: { ...process.env, ...tempEnv() }, timeout: 120_000 });
      expect(py.status, `${t}: ${py.stderr}`).toBe(0);
      const want = tuples(cli.stdout);
      expect(want.length, t).toBeGreaterThan(0);
      expect(tuples(py.stdout), `pandas as of ${t}`).toEqual(want);
      answers.add(JSON.stringify(want));
    }
    // The times ask different questions: the lake's answer moved between them.
    expect(answers.size).toBeGreaterThan(3);
  });
});
