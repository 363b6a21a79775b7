/** One command surface: every --help has examples, only the flags that apply, every exit code. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { DATASETS } from '../../src/datasets/index.js';

const COMMANDS = [...DATASETS.map((d) => d.name), 'gpus', 'memory-types'];

describe('--help', () => {
  it('the root lists every exit code and the global flags, --debug and --no-pager among them', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '130/143'])
      expect(r.stdout).toMatch(new RegExp(`(^|\\s)${code} [a-z(]`, 'm'));
    expect(r.stdout).toContain('--debug');
    expect(r.stdout).toContain('--no-pager');
  });

  it.each(COMMANDS)('%s: examples, exit codes, 80 columns wide at most', async (name) => {
    const r = await runCli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nExamples:\n {2}\$ gpumkt /);
    if (DATASETS.some((d) => d.name === name)) expect(r.stdout).toContain('Exit codes:\n  0 ok');
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('lists only the flags that apply: utilization (a snapshot) has no --append, --order or --strict', async () => {
    const utilization = (await runCli(['utilization', '--help'])).stdout;
    for (const flag of ['--append', '--replace-restated', '--order', '--strict'])
      expect(utilization).not.toMatch(new RegExp(`^ +${flag} `, 'm'));
    const history = (await runCli(['history', '--help'])).stdout;
    for (const flag of ['--append', '--order', '--strict']) expect(history).toMatch(new RegExp(`^ +${flag} `, 'm'));
    // A snapshot whose history (--from/--to) appends lists the flags its history takes.
    for (const cmd of ['memory', 'rolling']) {
      const text = (await runCli([cmd, '--help'])).stdout;
      for (const flag of ['--append', '--order']) expect(text, `${cmd} ${flag}`).toMatch(new RegExp(`^ +${flag} `, 'm'));
    }
    // Still explained when typed anyway.
    const r = await runCli(['memory', '--append', 'm.csv', '--sandbox']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--append does not apply/);
  });

  it('util-index --help explains its fields', async () => {
    const r = await runCli(['util-index', '--help']);
    for (const field of ['eur', 'revPag', 'coverage', 'priceCoverage', 'demandEffect', 'decompositionBasis', 'readings']) {
      expect(r.stdout).toMatch(new RegExp(`\\n  ${field} +\\S`));
    }
  });
});

describe('gpus and memory-types take -f', () => {
  it('csv and tsv with a header, --no-header without', async () => {
    const csv = await runCli(['gpus', '--aliases', '-f', 'csv']);
    expect(csv.stdout.split('\n').slice(0, 2)).toEqual(['model,aliases', 'H100 SXM,"h100,h100sxm"']);
    const tsv = await runCli(['memory-types', '--category', 'flash', '-f', 'tsv', '--no-header']);
    expect(tsv.stdout.split('\n')[0]).toBe('mem_mlc_32gb\tMLC 32Gb (4Gx8)\tflash');
    const json = JSON.parse((await runCli(['memory-types', '-f', 'json'])).stdout);
    expect(json).toHaveLength(14);
    expect(json[0]).toEqual({ id: expect.any(String), name: expect.any(String), category: expect.any(String) });
  });

  it('plain lines without -f, as before', async () => {
    expect((await runCli(['gpus'])).stdout.split('\n')[0]).toBe('H100 SXM');
  });
});
