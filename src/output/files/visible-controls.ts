/**
 * Control characters made visible, for machine formats printed at a terminal: a hostile string's escape
 * sequences, carriage returns and bidi overrides would otherwise act on the terminal (retitle it, clear
 * it, hide text). Into a pipe or a file nothing here applies: every byte goes out as served.
 */
import type { Sink } from './sink.js';

// Line feeds and tabs are the formats' own structure and harmless; a CR only as part of CRLF.
const CONTROL = /[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  // Caret notation, as `cat -v` and less show C0 controls; U+ for the rest.
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** `s` with every control character (but LF, TAB and the CR of CRLF) shown as visible text. */
export function showControls(s: string): string {
  return s.replace(CONTROL, visible);
}

/** A sink that shows control characters in text chunks before `inner` gets them (bytes pass as they are). */
export function visibleControlsSink(inner: Sink): Sink {
  return {
    get closed() {
      return inner.closed;
    },
    write: (chunk) => inner.write(typeof chunk === 'string' ? showControls(chunk) : chunk),
    end: () => inner.end(),
    abort: () => inner.abort(),
  };
}
