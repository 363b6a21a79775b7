/**
 * `gpumkt api <path>`: one GET of any path of the service with the CLI's key handling, retries, rate
 * limit, redaction and --dry-run. The body is printed as received; with --format, its `data` rows go
 * through the formatter like any data command's. The path can never change the base URL's origin.
 */
import { formatForExtension, QUERY_DEFAULT } from '../../output/formats.js';
import type { Context } from '../../context.js';
import { InvalidResponseError, UsageError } from '../../errors.js';
import { requestUrl } from '../../api/client.js';
import type { Query } from '../../domain/row.js';
import { checkOutputTarget } from '../../store/file-sink.js';
import { loadSettings, openSession } from '../session.js';
import { planOutput } from '../output-plan.js';
import { emitDryRun, emitRaw, emitRows } from '../emit.js';
import { dataRows, discoverColumns, jsonEndpoint } from './json-endpoint.js';
import type { OutputFlags } from '../request.js';
import type { OutputPlan } from '../../output/plan.js';

/** The flags of `api`. */
export interface ApiFlags extends OutputFlags {
  /** `name=value` pairs from -q/--param. */
  param?: string[];
}

/** Percent-decodes until nothing changes (a server may decode more than once); undefined when it does not decode. */
function decodeFully(s: string): string | undefined {
  let out = s;
  for (let i = 0; i < 8; i++) {
    let next: string;
    try {
      next = decodeURIComponent(out);
    } catch {
      return undefined;
    }
    if (next === out) return out;
    out = next;
  }
  return out;
}

/**
 * True when the path's dot segments go above where they start (the base path). Judged on the decoded
 * path, with encoded slashes and backslashes as separators too: some servers and proxies decode them.
 */
function climbsAbove(path: string): boolean {
  const decoded = decodeFully(path.split('?')[0] as string);
  if (decoded === undefined) return /%2e|\.\./i.test(path);
  let depth = 0;
  for (const seg of decoded.split(/[/\\]/).slice(1)) {
    if (seg === '..') depth -= 1;
    else if (seg !== '.' && seg !== '') depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/** Without -f, flags that shape rows do not apply, and -o must name a JSON file: say so in the user's terms. */
function checkRawFlags(flags: { csvSafe?: boolean; output?: string }): void {
  if (flags.csvSafe)
    throw new UsageError(
      '--csv-safe guards the cells of -f csv or -f tsv; without -f, api prints the JSON body as received',
      'add -f csv (or tsv) to write the data rows',
    );
  const ext = /\.([A-Za-z0-9]+)$/.exec(flags.output?.replace(/^.*[\\/]/, '') ?? '')?.[1]?.toLowerCase();
  if (ext !== undefined && formatForExtension(ext)?.jsonQuery !== 'document') {
    throw new UsageError(
      `without -f, api writes the JSON body as received, and ${flags.output ?? ''} is named as a .${ext} file`,
      'give -f with the format for the data rows (e.g. -f csv), or name the file .json',
    );
  }
}

/** Checks a user-given path (exit 2): absolute, origin-relative, no scheme, no `//host`, no control characters or spaces. */
export function checkApiPath(path: string): string {
  if (!path.startsWith('/'))
    throw new UsageError(`the path must start with '/' (got '${path.slice(0, 80)}'); the base URL (--base-url) says where requests go`);
  if (path.startsWith('//') || path.startsWith('/\\'))
    throw new UsageError("the path must not start with '//': that would name another host");
  if (/[\s\u0000-\u001f\u007f\\#]/.test(path))
    throw new UsageError(
      'the path must not hold spaces, backslashes, # or control characters (percent-encode them, or pass values with -q name=value)',
    );
  if (climbsAbove(path))
    throw new UsageError(
      "the path must not climb above the base path ('..' segments, literal or percent-encoded)",
      'give the path as it sits under the base URL',
    );
  return path;
}

/** Parses the -q pairs (exit 2 on one without a name). */
export function parseQueryPairs(pairs: readonly string[]): Query {
  const query: Query = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (name.trim() === '') throw new UsageError(`-q needs name=value (got '${pair}')`);
    query[name] = eq === -1 ? '' : pair.slice(eq + 1);
  }
  return query;
}

/** Runs `api`. */
export async function runApi(ctx: Context, rawPath: string, flags: ApiFlags): Promise<void> {
  const path = checkApiPath(rawPath);
  const query = parseQueryPairs(flags.param ?? []);
  const settings = await loadSettings(ctx);
  // The URL this run would ask, checked against the base URL's origin before anything is sent.
  const probe = new URL(requestUrl(settings.baseUrl, path, query));
  if (probe.origin !== new URL(settings.baseUrl).origin)
    throw new UsageError(`the path would leave ${new URL(settings.baseUrl).origin}; give a path on the base URL`);
  const rows = flags.format !== undefined;
  if (!rows && flags.columns) throw new UsageError('--columns picks columns of the data rows: give a format too, e.g. -f csv');
  if (flags.append || flags.manifest) throw new UsageError('api prints one response: --append and --manifest do not apply');
  // Without -f the body goes out as JSON: flags about rows and a non-JSON -o file are refused first.
  if (!rows) checkRawFlags(flags);
  if (flags.output) await checkOutputTarget(flags.output);
  // The service decides whether the path needs a key: one that is configured is sent, none is not required.
  const session = await openSession(ctx, settings, { keyOptional: true });
  const endpoint = jsonEndpoint('api', path, query);
  // Planned before the request: a bad --query is exit 2 with nothing sent.
  const bodyPlan = rows ? undefined : await planOutput({ ...flags, format: QUERY_DEFAULT }, ctx, { valid: [], defaults: [] });
  if (session.dryRun) return emitDryRun(ctx, [session.curl(endpoint, undefined)]);
  const res = await session.get(endpoint, undefined);
  if (bodyPlan) return emitBody(ctx, bodyPlan, res.text, res.body);
  const data = dataRows(res.body);
  if (!data)
    throw new InvalidResponseError(
      `${path}: the response has no 'data' rows (an object or a list of objects) to print as ${flags.format}`,
      'leave out -f to print the JSON body',
    );
  const columns = discoverColumns(data);
  const plan = await planOutput(flags, ctx, { valid: columns, defaults: columns });
  if (plan.order === 'desc') data.reverse();
  await emitRows(ctx, plan, data, data.length);
}

/**
 * The body without -f: --query applied when given; at a terminal indented (coloured unless NO_COLOR or
 * --no-color), as `gh api` prints it; in a pipe or a file exactly as received, so nothing is lost.
 */
async function emitBody(ctx: Context, plan: OutputPlan, text: string, body: unknown): Promise<void> {
  const result = plan.query ? plan.query.search(body) : body;
  if (plan.output === undefined && ctx.io.stdoutIsTTY) {
    const { prettyJson } = await import('../../output/json-pretty.js');
    return emitRaw(ctx, plan, prettyJson(result, plan.color));
  }
  if (!plan.query) return emitRaw(ctx, plan, text);
  const { queryResultText } = await import('../../output/json-query.js');
  return emitRaw(ctx, plan, queryResultText(result, 'document'));
}
