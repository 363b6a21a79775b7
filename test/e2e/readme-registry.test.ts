/**
 * The hand-written tables of the docs agree with the program: the completion table of
 * docs/completions.md lists every command in its first word and every command that takes models in
 * its model row, and the --append line of docs/cron.md lists every dataset that appends (and none that
 * does not). All derived from the registry, so commands added later are checked.
 */
import { describe, expect, it } from 'vitest';
import { ALL_DATASETS, DATASETS } from '../../src/datasets/index.js';
import { declaredProgram } from '../helpers/cli.js';
import { readDoc } from '../helpers/docs.js';

const completions = readDoc('docs/completions.md');
const cron = readDoc('docs/cron.md');
const guide = readDoc('docs/guide.md');
const program = declaredProgram();

/** The backquoted words of the completion table row whose first cell matches `first`. */
function rowWords(first: RegExp): string[] {
  const row = completions.split('\n').find((l) => l.startsWith('| ') && first.test(l.split('|')[1] ?? ''));
  expect(row, String(first)).toBeDefined();
  return [...(row as string).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
}

describe("docs/completions.md's completion table", () => {
  it('the first word completes to every command', () => {
    const words = rowWords(/first word/);
    for (const name of program.commands.map((c) => c.name())) expect(words, `completion table lacks ${name}`).toContain(name);
  });

  it('the model row names every command that takes models', () => {
    const cell =
      (completions.split('\n').find((l) => l.startsWith('| ') && /arguments/.test(l.split('|')[1] ?? '')) ?? '').split('|')[1] ?? '';
    for (const ds of DATASETS.filter((d) => d.subject === 'gpus' || d.subject === 'some-gpus'))
      expect(cell, `model row lacks ${ds.name}`).toContain(`\`${ds.name}\``);
  });
});

describe("docs/cron.md's --append line", () => {
  const line = cron.split('\n').find((l) => l.startsWith('**`--append <file>`**')) ?? '';

  it('lists every dataset that appends, and none that does not', () => {
    expect(line).not.toBe('');
    const appends = new Set(ALL_DATASETS.filter((d) => d.noAppend === undefined).map((d) => d.name));
    for (const name of appends) expect(line, `--append line lacks ${name}`).toMatch(new RegExp(`\`${name}[\` ]`));
    for (const ds of DATASETS.filter((d) => !appends.has(d.name)))
      expect(line, `--append line lists ${ds.name}`).not.toContain(`\`${ds.name}\``);
  });
});

describe('docs/guide.md on names typed wrong', () => {
  it('says memory types typed wrong are refused, as the program does', () => {
    const section = guide.slice(guide.indexOf('## Names typed wrong'), guide.indexOf('## Names typed wrong') + 1200);
    expect(section).not.toMatch(/sent as typed/);
    expect(section).toMatch(/--type mem_ddr5_16g/);
  });
});
