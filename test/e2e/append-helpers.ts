/** Runs at a given instant (sandbox clock and CLI clock agree), and a sandbox hook that holds rows back (a day published late). */
import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { respond, startSandbox, type InterceptReply, type RecordedRequest, type SandboxOptions } from '../../src/sandbox/index.js';
import { CANARY_KEY, runCli, type RunResult } from '../helpers/cli.js';

/** The premium (daily-only) key of the sandbox's documented plans. */
export const PREMIUM_KEY = 'sk_prem_sandbox';

const KEYS = { valid: [CANARY_KEY, PREMIUM_KEY] };

/** What runAt may vary. */
export interface At {
  readonly sb?: Partial<SandboxOptions>;
  readonly key?: string;
  /** The file the run writes: when its bytes change, its modification time is set to `now`, as a run at that instant would leave it. */
  readonly file?: string;
}

/** Runs `gpumkt args…` at the instant `now` (ISO): the sandbox serves what exists then, the CLI's today is that day. */
export async function runAt(now: string, args: readonly string[], at: At = {}): Promise<RunResult & { requests: RecordedRequest[] }> {
  const sb = await startSandbox({ now, keys: KEYS, ...at.sb });
  const before = at.file !== undefined && existsSync(at.file) ? readFileSync(at.file) : undefined;
  try {
    const r = await runCli(args, {
      env: { GPUMKT_BASE_URL: sb.url, GPUMKT_API_KEY: at.key ?? CANARY_KEY, GPUMKT_TODAY: now.slice(0, 10) },
    });
    if (at.file !== undefined && existsSync(at.file) && (before === undefined || !readFileSync(at.file).equals(before))) {
      const t = Date.parse(now) / 1000;
      utimesSync(at.file, t, t);
    }
    return { ...r, requests: [...sb.requests] };
  } finally {
    await sb.close();
  }
}

/** A sandbox hook at `now` that leaves out the rows `drop` picks (with the counts in the envelope to match). */
export function holdingBack(
  now: string,
  drop: (row: Record<string, unknown>, req: RecordedRequest) => boolean,
  rebase?: SandboxOptions['rebase'],
): (req: RecordedRequest) => InterceptReply | undefined {
  return rewriting(now, (rows, req) => rows.filter((r) => !drop(r, req)), rebase);
}

/** A sandbox hook at `now` that passes each response's rows through `edit` (the envelope's counts follow). */
export function rewriting(
  now: string,
  edit: (rows: Array<Record<string, unknown>>, req: RecordedRequest) => Array<Record<string, unknown>>,
  rebase?: SandboxOptions['rebase'],
): (req: RecordedRequest) => InterceptReply | undefined {
  return (req) => {
    const auth = req.headers.authorization;
    const reply = respond(
      { method: req.method, url: req.url, authorization: typeof auth === 'string' ? auth : undefined },
      { keys: KEYS, today: now.slice(0, 10), now: Date.parse(now), rebase },
    );
    if (reply.status !== 200) return undefined;
    const body = JSON.parse(reply.body) as { data?: unknown; count?: number; query?: { records_found?: number } };
    if (!Array.isArray(body.data)) return undefined;
    const kept = edit(body.data as Array<Record<string, unknown>>, req);
    const dropped = body.data.length - kept.length;
    const out: Record<string, unknown> = { ...body, data: kept };
    if (typeof body.count === 'number') out.count = kept.length;
    if (body.query && typeof body.query.records_found === 'number')
      out.query = { ...body.query, records_found: body.query.records_found - dropped };
    return { status: 200, body: out };
  };
}
