import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeForTerminal } from '../../../src/domain/text/sanitize.js';

// Pieces a hostile server might put into a string: whole and broken escape sequences, raw controls.
const hostile = fc.constantFrom(
  '\x1b',
  '\x1b[',
  '\x1b[2J',
  '\x1b[31m',
  '\x1b[?25l',
  '\x1b]0;pwned\x07',
  '\x1b]8;;http://x\x1b\\',
  '\x1bP',
  '\x1bc',
  '\x9b',
  '\x9b31m',
  '\x9d',
  '\x9c',
  '\x07',
  '\x00',
  '\b',
  '\r',
  '\n',
  '\t',
  '\x7f',
  '\x85',
  '\u202e',
  '\u2066',
  '[',
  'm',
);
const mixed = fc.array(fc.oneof(fc.string({ unit: 'binary' }), hostile)).map((parts) => parts.join(''));
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
// Printable: no C0/C1/DEL and none of the bidi controls that sanitize drops on purpose.
const printable = fc.string({ unit: 'binary' }).filter((s) => !/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/.test(s));

describe('sanitizeForTerminal', () => {
  it('removes whole escape sequences, not just the ESC byte', () => {
    expect(sanitizeForTerminal('a\x1b[31mred\x1b[0m b')).toBe('ared b');
    expect(sanitizeForTerminal('x\x1b]0;evil title\x07y')).toBe('xy');
    expect(sanitizeForTerminal('x\x1b]8;;http://e.vil\x1b\\link\x1b]8;;\x1b\\y')).toBe('xlinky');
    expect(sanitizeForTerminal('\x1b[2J\x1b[Hclear')).toBe('clear');
    expect(sanitizeForTerminal('8bit\x9b1;31mcsi')).toBe('8bitcsi');
    expect(sanitizeForTerminal('reset\x1bc!')).toBe('reset!');
    expect(sanitizeForTerminal('unterminated \x1b]0;title')).toBe('unterminated ');
  });

  it('turns TAB, CR and LF into spaces and drops other controls', () => {
    expect(sanitizeForTerminal('a\tb\r\nc')).toBe('a b  c');
    expect(sanitizeForTerminal('a\x00b\x08c\x7fd\x85e\u202ef')).toBe('abcdef');
  });

  it('never lets a control character through, whatever the input', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        expect(sanitizeForTerminal(s)).not.toMatch(CONTROL);
      }),
      { numRuns: 2000 },
    );
  });

  it('passes plain printable text through unchanged', () => {
    fc.assert(
      fc.property(printable, (s) => sanitizeForTerminal(s) === s),
      { numRuns: 1000 },
    );
  });
});
