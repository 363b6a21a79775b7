/**
 * Redaction of secrets in any text the CLI prints or writes: the API key, however a server encoded it
 * (matched on decoded text, not on a list of encoder outputs), and URL credentials.
 */
import { decodeLayers, type Layer } from './decode-layers.js';

/** Hides credentials in a URL-looking string: everything up to the last `@` of the authority, as WHATWG URL splits it. */
export function redactUrl(s: string): string {
  return s.replace(/(\/\/)[^/?#\s]*@/g, '$1***@');
}

type Span = readonly [number, number];

/**
 * Lower case, one code unit for one (so positions stay): a server may echo the key in another case
 * (a lower-cased percent-encoding lower-cases its letters too), and masking more is harmless.
 */
function fold(s: string): string {
  let out = '';
  for (const c of s) {
    const l = c.toLowerCase();
    out += l.length === c.length ? l : c;
  }
  return out;
}

/** Where `needle` (folded) occurs in a layer, as spans of the original text. */
function spansOf(layer: Layer, needle: string): Span[] {
  const out: Span[] = [];
  const text = fold(layer.text);
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    out.push([layer.from[i] as number, layer.to[i + needle.length - 1] as number]);
  }
  return out;
}

/** True when `s`, decoded as far as it goes, holds one of `needles`. */
function holds(s: string, needles: readonly string[]): boolean {
  return decodeLayers(s).some((l) => {
    const text = fold(l.text);
    return needles.some((n) => text.includes(n));
  });
}

// A run of base64 or base64url characters long enough to carry a 4-character secret.
const BASE64_RUN = /[A-Za-z0-9+/_-]{6,}={0,2}/g;

/** Spans of base64 runs that decode to text holding the secret (`Bearer <key>`, `user:<key>`, the key). */
function base64Spans(layer: Layer, needles: readonly string[]): Span[] {
  const out: Span[] = [];
  for (const m of layer.text.matchAll(BASE64_RUN)) {
    // The run may start with characters that are not part of the encoding: try each alignment.
    for (let skip = 0; skip < 4 && m[0].length - skip >= 6; skip++) {
      const bytes = Buffer.from(m[0].slice(skip), 'base64');
      if (holds(bytes.toString('utf8'), needles) || holds(bytes.toString('latin1'), needles)) {
        out.push([layer.from[m.index] as number, layer.to[m.index + m[0].length - 1] as number]);
        break;
      }
    }
  }
  return out;
}

/** Replaces each span (merged where they overlap) with ***. */
function mask(s: string, spans: Span[]): string {
  if (spans.length === 0) return s;
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    // An overlapping span extends the one already masked rather than adding a second ***.
    if (start >= at) out += `${s.slice(at, start)}***`;
    at = Math.max(at, end);
  }
  return out + s.slice(at);
}

/** Replaces every occurrence of `secret` (the API key), however encoded, with ***: a server may echo what it was sent. */
export function redactSecret(s: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4 || s.length === 0) return s;
  // A non-ASCII key percent-encoded decodes byte by byte: look for its UTF-8 bytes as well.
  const needles = [...new Set([secret, Buffer.from(secret, 'utf8').toString('latin1')].map(fold))];
  const spans: Span[] = [];
  for (const layer of decodeLayers(s)) {
    for (const n of needles) spans.push(...spansOf(layer, n));
    spans.push(...base64Spans(layer, needles));
  }
  return mask(s, spans);
}

/** redactSecret for each of `secrets`. */
export function redactSecrets(s: string, secrets: Iterable<string> | undefined): string {
  let out = s;
  for (const secret of secrets ?? []) out = redactSecret(out, secret);
  return out;
}

/** redactSecret for each of `secrets`, and URL credentials hidden: for every line the CLI prints. */
export function redactAll(s: string, secrets: Iterable<string> | undefined): string {
  return redactUrl(redactSecrets(s, secrets));
}
