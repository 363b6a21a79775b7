/** A command line as a file may record it: secrets replaced by `***` (manifests, Parquet metadata). */
import { redactSecrets } from './redact.js';

// A flag whose value is secret by name, as `--api-key x` or `--token=x`.
const SECRET_FLAG = /^--?[\w-]*(key|token|secret|password|passwd|auth)[\w-]*$/i;
// A long opaque token: 24+ characters of key alphabet mixing letters and digits.
const TOKEN_LIKE = /^[A-Za-z0-9_\-.~+/]{24,}={0,2}$/;

function looksLikeSecret(arg: string): boolean {
  if (/bearer\s+\S+/i.test(arg)) return true;
  return TOKEN_LIKE.test(arg) && /[0-9]/.test(arg) && /[A-Za-z]/.test(arg) && !arg.includes('/') && !/^\d{4}-\d{2}-\d{2}/.test(arg);
}

/** The command line with secrets replaced by `***`: values of key-named flags, bearer headers, token-like words, and the run's `secrets` in any encoding. */
export function redactArgv(argv: readonly string[], secrets?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let redactNext = false;
  for (const arg of argv) {
    if (redactNext) {
      out.push('***');
      redactNext = false;
      continue;
    }
    const eq = arg.indexOf('=');
    if (arg.startsWith('-') && eq > 0 && SECRET_FLAG.test(arg.slice(0, eq))) {
      out.push(`${arg.slice(0, eq)}=***`);
      continue;
    }
    if (arg.startsWith('-') && SECRET_FLAG.test(arg)) {
      out.push(arg);
      redactNext = true;
      continue;
    }
    const masked = redactSecrets(arg, secrets);
    out.push(masked === arg && looksLikeSecret(arg) ? '***' : masked);
  }
  return out;
}
