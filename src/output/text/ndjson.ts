/** NDJSON (JSON Lines): one compact JSON object per row, per line; ideal for jq and streaming readers; and its reader for --append. */
import type { Formatter, LineCodec } from '../format-types.js';
import { JSON_CHUNK_ROWS, projectRow } from './json.js';

const object = (record: string): Record<string, unknown> => JSON.parse(record) as Record<string, unknown>;

/** How --append reads an ndjson file back: no header, every record an object naming its own fields. */
const lines: LineCodec = {
  quoted: false,
  names: (record) => Object.keys(JSON.parse(record) as object),
  fields: (_columns, wanted) => (record) => {
    const o = object(record);
    return wanted.map((k) => o[k]);
  },
  field: (_columns, name) => (record) => {
    const v = object(record)[name];
    return v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
  },
};

/** The ndjson format: every line, the last included, ends in LF; no rows gives no output. */
export const formatter: Formatter = {
  name: 'ndjson',
  description: 'one JSON object per line (JSON Lines), every field as received',
  streaming: true,
  lines,
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
