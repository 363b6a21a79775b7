/**
 * The documentation's examples are real: every ```console block of README.md, CONTRIBUTING.md and
 * docs/**.md is run line by line in a shell (pipes and quotes as a user types them), with `gpumkt` on
 * PATH, and its stdout must match the page exactly. README stays a front page: at most 20,000
 * characters, a table of contents, one example per family and the generated table of every command.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, isolatedHome, TODAY, declaredProgram } from '../helpers/cli.js';
import { DATASETS } from '../../src/datasets/index.js';
import { makeTempDir } from '../helpers/temp.js';
import { docPages, readDoc } from '../helpers/docs.js';

interface Example {
  readonly page: string;
  readonly command: string;
  readonly output: string;
}

/** The `$ command` lines of a page's console blocks, each with the lines that follow it. */
function examples(page: string, markdown: string): Example[] {
  const out: Example[] = [];
  for (const block of markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
    let current: { command: string; lines: string[] } | undefined;
    const push = () => current && out.push({ page, command: current.command, output: current.lines.join('\n') });
    for (const line of (block[1] ?? '').split('\n').slice(0, -1)) {
      if (line.startsWith('$ ')) {
        push();
        current = { command: line.slice(2), lines: [] };
      } else current?.lines.push(line);
    }
    push();
  }
  return out;
}

const readme = readDoc('README.md');
const inReadme = examples('README.md', readme);
const all = docPages().flatMap((page) => examples(page, readDoc(page)));
const program = declaredProgram();

describe('README as a front page', () => {
  it('is at most 20,000 characters', () => {
    expect(readme.length).toBeLessThanOrEqual(20_000);
  });

  it('opens with a table of contents linking every section', () => {
    const contents = readme.slice(readme.indexOf('**Contents:**'), readme.indexOf('\n## '));
    for (const [, heading] of readme.matchAll(/^## (.+)$/gm)) {
      if (heading === 'License') continue;
      const anchor = (heading as string)
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-');
      expect(contents, `the contents lack ${heading}`).toContain(`(#${anchor})`);
    }
  });

  it('has one example for every data family and every other command that prints data', () => {
    for (const cmd of [...DATASETS.map((d) => d.name), 'gpus', 'memory-types', 'status', 'api']) {
      expect(
        inReadme.some((e) => e.command.startsWith(`gpumkt ${cmd} `)),
        cmd,
      ).toBe(true);
    }
  });

  it('lists every command of the program in its command table, linked to its reference, each dataset with its endpoint', () => {
    const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('<!-- end of generated command table -->'));
    const rows = [...table.matchAll(/^\| \[`([a-z-]+)[^`]*`\]\(docs\/commands\/([a-z-]+)\.md\) \|.*\| (.*) \| (.*) \|$/gm)];
    for (const cmd of program.commands.map((c) => c.name()).filter((n) => n !== 'help')) {
      const row = rows.find((r) => r[1] === cmd);
      expect(row, `README command table lacks ${cmd}`).toBeDefined();
      expect(row?.[2], cmd).toBe(cmd);
    }
    for (const ds of DATASETS) {
      const path = decodeURIComponent(ds.endpoint.path({ gpu: '{gpu}' }));
      expect(rows.find((r) => r[1] === ds.name)?.[3], ds.name).toContain(`GET ${path}`);
    }
  });
});

describe('documentation examples', () => {
  it('cover the variants and live catalogues: memory history, latest --current, --live', () => {
    for (const re of [/^gpumkt memory .*--from/, /^gpumkt latest .*--current/, /^gpumkt gpus .*--live/, /^gpumkt memory-types .*--live/]) {
      expect(
        all.some((e) => re.test(e.command)),
        String(re),
      ).toBe(true);
    }
  });

  let shim = '';
  beforeAll(() => {
    shim = makeTempDir('shim');
    writeFileSync(join(shim, 'gpumkt'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(shim, 'gpumkt'), 0o755);
  });

  it.each(all.map((e) => [e.page, e.command, e] as const))('%s: $ %s', (_p, _c, example) => {
    const r = spawnSync('sh', ['-c', example.command], {
      encoding: 'utf8',
      // Its own TMPDIR: an example's `mktemp -d` lands in a folder removed with the others.
      env: {
        PATH: `${shim}:${process.env.PATH ?? ''}`,
        HOME: isolatedHome(),
        TMPDIR: makeTempDir('readme'),
        GPUMKT_TODAY: TODAY,
        GPUMKT_CONFIG: '/nonexistent/gpumkt.json',
      },
      timeout: 20_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd()).toBe(example.output.trimEnd());
  });
});
