/** Redaction of secrets in any text the CLI prints or writes: the API key (in every encoding) and URL credentials. */

/** Hides credentials in a URL-looking string (proxy URLs may carry user:password). */
export function redactUrl(s: string): string {
  return s.replace(/(\/\/)[^/@\s]*@/g, '$1***@');
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every spelling of `secret` a server or a URL may echo: as is, percent-encoded (once or twice, either
 * hex case), form-encoded, base64 and base64url (with or without padding), JSON-escaped.
 */
export function secretForms(secret: string): string[] {
  const b64 = Buffer.from(secret, 'utf8').toString('base64');
  const b64url = Buffer.from(secret, 'utf8').toString('base64url');
  const once = encodeURIComponent(secret);
  return [...new Set([
    secret, once, encodeURI(secret), encodeURIComponent(once), new URLSearchParams({ k: secret }).toString().slice(2),
    b64, b64.replace(/=+$/, ''), b64url, JSON.stringify(secret).slice(1, -1),
  ])].filter((f) => f.length >= 4);
}

/** Replaces every occurrence of `secret` (the API key), in any of its encodings, with ***: a server may echo what it was sent. */
export function redactSecret(s: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return s;
  let out = s;
  for (const form of secretForms(secret)) {
    // Percent-encoding may use either hex case (%2b or %2B).
    out = form.includes('%') ? out.replace(new RegExp(escapeRegExp(form), 'gi'), '***') : out.split(form).join('***');
  }
  return out.includes('%') ? redactDecoded(out, secret) : out;
}

/** `s` with every run of percent-escapes decoded where it is valid UTF-8 (an invalid run stays as it is). */
function decodeEscapes(s: string): string {
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The key in a spelling no list foresees (`%5F` for `_`, every byte escaped, twice-encoded): each
 * word holding escapes is decoded (twice, for double encoding) and, when the key is in it, shown
 * decoded with the key masked. Words without the key are left exactly as they were.
 */
function redactDecoded(s: string, secret: string): string {
  return s.replace(/[^\s]*%[0-9A-Fa-f]{2}[^\s]*/g, (word) => {
    const decoded = decodeEscapes(decodeEscapes(word));
    return decoded.includes(secret) ? decoded.split(secret).join('***') : word;
  });
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
