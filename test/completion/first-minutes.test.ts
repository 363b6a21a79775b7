/**
 * Completion in the first minutes, in real bash, zsh and fish: `sync --datasets` completes the lake's
 * dataset names (a comma list), and `sandbox` is not offered `--sandbox` (it is the sandbox already).
 */
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../src/datasets/index.js';
import { needs } from '../helpers/requires.js';
import { runCli } from '../helpers/cli.js';
import { bashComplete, fishComplete, zshList } from './shells.js';
import { sorted } from './expected.js';

const LAKE = DATASETS.filter((d) => d.sync?.skip !== true).map((d) => d.name);
const texts = (words: string[]) => bashComplete(words).map((r) => r.text);

describe('sync --datasets and sandbox flags', () => {
  it('bash', needs('bash'), () => {
    expect(sorted(texts(['sync', 'lake', '--datasets', '']))).toEqual(sorted(LAKE));
    // A comma list: the next name after the ones typed.
    const vol = LAKE.filter((n) => n.startsWith('vol'));
    expect(vol.length).toBeGreaterThan(0);
    expect(texts(['sync', 'lake', '--datasets', 'history,vol'])).toEqual(vol.map((n) => `history,${n}`));
    const sandbox = texts(['sandbox', '--']);
    expect(sandbox).toEqual(expect.arrayContaining(['--port', '--host', '--help']));
    expect(sandbox).not.toContain('--sandbox');
    expect(texts(['history', 'h100', '--sa'])).toEqual(['--sandbox']);
  });

  it('zsh', needs('zsh'), () => {
    expect(sorted(zshList('gpumkt sync lake --datasets '))).toEqual(sorted(LAKE));
    const sandbox = zshList('gpumkt sandbox --');
    expect(sandbox).toEqual(expect.arrayContaining(['--port', '--host']));
    expect(sandbox).not.toContain('--sandbox');
    expect(zshList('gpumkt history h100 --sa')).toEqual(['--sandbox']);
  });

  it('fish', needs('fish'), () => {
    expect(sorted(fishComplete('gpumkt sync lake --datasets '))).toEqual(sorted(LAKE));
    const sandbox = fishComplete('gpumkt sandbox --');
    expect(sandbox).toEqual(expect.arrayContaining(['--port', '--host']));
    expect(sandbox).not.toContain('--sandbox');
    expect(fishComplete('gpumkt history h100 --sa')).toEqual(['--sandbox']);
  });
});

describe('gpumkt completion without a shell', () => {
  it('exits 2 with one line naming bash, zsh and fish', async () => {
    const r = await runCli(['completion']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe('gpumkt: error: completion needs a shell: bash, zsh or fish (e.g. gpumkt completion bash)\n');
  });
});
