/** Terminal-safe strings: a hostile server string must not move the cursor, set the title or hide text. */

// Whole escape sequences go first, so their parameters do not survive as visible junk:
//  - CSI (ESC [ or 8-bit 0x9B): parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final 0x40–0x7E;
//  - strings (OSC ESC ], DCS ESC P, SOS ESC X, PM ESC ^, APC ESC _): up to BEL, ST (ESC \ or 0x9C) or, when
//    unterminated, the end (a terminal would swallow that text anyway);
//  - any other ESC pair: ESC, intermediates, one final byte 0x30–0x7E (e.g. ESC c, which resets the screen).
// Then single characters: TAB/CR/LF become a space (a cell is one line); other C0, DEL and C1 controls
// are dropped; bidi embedding/override/isolate controls (U+202A–202E, U+2066–2069) are dropped too,
// because they can reorder what is shown and so hide text ("Trojan Source").
// Because every control character is removed in the end, no escape sequence can survive or be formed.
const UNSAFE =
  /\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x9b[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|\x9c|$)|\x1b[\x20-\x2f]*[\x30-\x7e]|[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
// Cheap pre-test: most cells are plain, and then no replacement work is done at all.
const ANY_UNSAFE = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

function replaceUnsafe(m: string): string {
  return m === '\t' || m === '\n' || m === '\r' ? ' ' : '';
}

/** Make a server string safe to print on a terminal, on one line; plain printable text is unchanged. */
export function sanitizeForTerminal(s: string): string {
  return ANY_UNSAFE.test(s) ? s.replace(UNSAFE, replaceUnsafe) : s;
}
