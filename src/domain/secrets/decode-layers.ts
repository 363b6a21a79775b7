/**
 * Text as a reader would decode it, layer after layer (percent-escapes, HTML character references, JSON
 * escapes), each decoded character remembering which span of the original text it came from: a secret
 * found in the decoded text can then be masked where it stands in the original.
 */

/** One decoded layer: `text[i]` came from `original.slice(from[i], to[i])`. */
export interface Layer {
  readonly text: string;
  readonly from: readonly number[];
  readonly to: readonly number[];
}

/** Named references a server may use for the characters of a key or of another escape. */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lowbar: '_',
  UnderBar: '_',
  period: '.',
  hyphen: '-',
  dash: '-',
  minus: '-',
  plus: '+',
  sol: '/',
  equals: '=',
  colon: ':',
  num: '#',
  percnt: '%',
  quest: '?',
  excl: '!',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  tilde: '~',
  commat: '@',
};

// One escape of any kind; a reference's closing `;` is optional, as browsers read it.
const ESCAPE = /%([0-9a-f]{2})|&#(\d{1,7});?|&#x([0-9a-f]{1,6});?|&([a-z]+);|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|\\(["\\/])/gi;

function decodeOne(m: RegExpExecArray): string | undefined {
  const [, pct, dec, hex, named, u, x, slash] = m;
  const code = pct ?? x ?? u ?? hex;
  if (code !== undefined) return String.fromCodePoint(parseInt(code, 16));
  if (dec !== undefined) return Number(dec) <= 0x10ffff ? String.fromCodePoint(Number(dec)) : undefined;
  if (named !== undefined) return NAMED[named] ?? NAMED[named.toLowerCase()];
  return slash;
}

/** Decodes one layer of escapes in `layer`; returns undefined when nothing changed. */
function decodeLayer(layer: Layer): Layer | undefined {
  const text: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  let changed = false;
  const copy = (end: number): void => {
    for (let i = last; i < end; i++) {
      text.push(layer.text[i] as string);
      from.push(layer.from[i] as number);
      to.push(layer.to[i] as number);
    }
  };
  for (const m of layer.text.matchAll(ESCAPE)) {
    const decoded = decodeOne(m);
    if (decoded === undefined) continue;
    copy(m.index);
    // A character outside the BMP is two code units: both stand for the whole escape.
    for (const unit of decoded.split('')) {
      text.push(unit);
      from.push(layer.from[m.index] as number);
      to.push(layer.to[m.index + m[0].length - 1] as number);
    }
    last = m.index + m[0].length;
    changed = true;
  }
  if (!changed) return undefined;
  copy(layer.text.length);
  return { text: text.join(''), from, to };
}

/** The text itself, then each further decoding of it, until nothing changes (at most `max` layers). */
export function decodeLayers(s: string, max = 8): Layer[] {
  const from = Array.from({ length: s.length }, (_, i) => i);
  const layers: Layer[] = [{ text: s, from, to: from.map((i) => i + 1) }];
  for (let i = 1; i < max; i++) {
    const next = decodeLayer(layers[layers.length - 1] as Layer);
    if (next === undefined) break;
    layers.push(next);
  }
  return layers;
}
