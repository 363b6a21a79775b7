/**
 * Every field a dataset prints has a meaning in the manual (docs/datasets.md, generated from the
 * descriptors' glossaries), and every glossary entry names a field that exists: a renamed or removed
 * column cannot leave a stale meaning behind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../../src/datasets/index.js';
import type { Dataset } from '../../../src/datasets/types.js';
import { ROOT } from '../../helpers/docs.js';

/** Does a glossary name (`a`, or a pattern `a_*` / `*_a`) cover `field`? */
const covers = (name: string, field: string): boolean =>
  name.startsWith('*') ? field.endsWith(name.slice(1)) : name.endsWith('*') ? field.startsWith(name.slice(0, -1)) : name === field;

describe('field meanings', () => {
  it('docs/datasets.md gives every field of every dataset a meaning', () => {
    const doc = readFileSync(join(ROOT, 'docs/datasets.md'), 'utf8');
    const blank = doc.split('\n').filter((line) => /^\| `[^`]+` \| [^|]+ \| — \|$/.test(line));
    expect(blank).toEqual([]);
  });

  it('every glossary entry names a field of its dataset', () => {
    const stale: string[] = [];
    const all: Dataset[] = DATASETS.flatMap((ds) => [ds, ...(ds.variants ?? []).map((v) => v.dataset)]) as Dataset[];
    for (const ds of all) {
      for (const [names] of ds.glossary ?? []) {
        for (const name of names.split(', ')) {
          if (!ds.endpoint.columns.some((f) => covers(name, f))) stale.push(`${ds.name} (${ds.endpoint.id}): ${name}`);
        }
      }
    }
    expect(stale).toEqual([]);
  });
});
