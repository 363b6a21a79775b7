/**
 * The few S3 XML answers gpumkt reads (ListBucketResult, Error, InitiateMultipartUploadResult),
 * picked apart by element name: S3's documents are flat and regular, and a parser would be one more
 * dependency in the start-up path of every s3:// run.
 */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with XML's entities and character references decoded. */
export function xmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    return ENTITIES[e] ?? whole;
  });
}

/** `s` escaped for XML text. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&${Object.keys(ENTITIES).find((k) => ENTITIES[k] === c)};`);
}

/** The decoded text of every `<name>…</name>` in `xml`, in order. */
export function xmlAll(xml: string, name: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>|<${name}(?:\\s[^>]*)?/>`, 'g');
  for (const m of xml.matchAll(re)) out.push(m[1] ?? '');
  return out;
}

/** The decoded text of the first `<name>` in `xml`, or undefined. */
export function xmlOne(xml: string, name: string): string | undefined {
  const v = xmlAll(xml, name)[0];
  return v === undefined ? undefined : xmlText(v);
}
