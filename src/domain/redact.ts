/** Redaction of secrets in any text the CLI prints or writes: the API key and URL credentials. */

/** Hides credentials in a URL-looking string (proxy URLs may carry user:password). */
export function redactUrl(s: string): string {
  return s.replace(/(\/\/)[^/@\s]*@/g, '$1***@');
}

/** Replaces every occurrence of `secret` (the API key) with ***: a server may echo what it was sent. */
export function redactSecret(s: string, secret: string | undefined): string {
  return secret !== undefined && secret.length >= 4 ? s.split(secret).join('***') : s;
}
