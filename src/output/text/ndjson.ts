/** NDJSON (JSON Lines): one compact JSON object per row, per line; ideal for jq and streaming readers. */
import type { Formatter } from '../format-types.js';
import { JSON_CHUNK_ROWS, projectRow } from './json.js';

/** The ndjson format: every line, the last included, ends in LF; no rows gives no output. */
export const formatter: Formatter = {
  name: 'ndjson',
  description: 'one JSON object per line (JSON Lines), every field as received',
  streaming: true,
  *format(rows, opts) {
    let out = '';
    let count = 0;
    for (const row of rows) {
      out += JSON.stringify(projectRow(row, opts)) + '\n';
      if (++count === JSON_CHUNK_ROWS) {
        yield out;
        out = '';
        count = 0;
      }
    }
    if (out !== '') yield out;
  },
};
