/**
 * `gpumkt status`, the `gh auth status` of gpumkt: is the service up (GET /health, no key needed),
 * is a key configured, where does it come from, which plan its prefix names, and does the service
 * accept it. Never prints the key. Exit codes (README "status"): 0 healthy with an accepted key;
 * 3 no key, or the key refused; 5 /health unreachable or unhealthy; 6 /health answered with no JSON.
 */
import type { Context } from '../../context.js';
import { AuthError, ExitCode, GpumktError, InvalidResponseError, NoDataError, UnreachableError } from '../../errors.js';
import { KEY_HINT, planOfKey, type KeyPlan } from '../../domain/service/plans.js';
import { redactUrl } from '../../domain/secrets/redact.js';
import { wrapReport } from '../../output/wrap.js';
import { loadSettings, openSession, type RunSettings } from '../session.js';
import { emitDryRun } from '../emit.js';
import { jsonEndpoint } from './json-endpoint.js';
import { familyAccess, planLines, type FamilyAccess } from './plan-table.js';

/** The flags of `status`. */
export interface StatusFlags {
  format?: 'text' | 'json';
}

/** What `status` found, as `-f json` prints it. */
export interface StatusReport {
  exitCode: number;
  service: { baseUrl: string; from: string; healthy: boolean; message: string | null };
  key: {
    configured: boolean;
    from: 'env' | 'profile' | 'sandbox' | null;
    profile: string | null;
    configPath: string | null;
    plan: KeyPlan['plan'];
    prefix: string | null;
    /** true: the service took it; false: refused; null: not checked (no key, or the service is down). */
    accepted: boolean | null;
    message: string | null;
  };
  /** Every dataset family and whether the key's plan reads it (by prefix; no request each). */
  families: FamilyAccess[];
}

// A model only a key unlocks: the route answers a valid key and refuses a bad one (docs/api-contract.md).
const KEY_CHECK = jsonEndpoint('key-check', '/api/daily-index', { gpuType: 'RTX PRO 6000 WS' });
const HEALTH = jsonEndpoint('health', '/health');

/** Where the values of the text report start (`service  `, `key      `, `reads    `). */
const VALUE_COLUMN = 9;

const BASE_FROM: Record<RunSettings['sources']['baseUrl'], string> = {
  flag: '--base-url',
  env: 'GPUMKT_BASE_URL',
  profile: 'config profile',
  default: 'default',
};

/** Runs `status`: prints the report, then fails with the documented code when something is wrong. */
export async function runStatus(ctx: Context, flags: StatusFlags): Promise<void> {
  const g = ctx.globals();
  const settings = await loadSettings(ctx);
  const { sources } = settings;
  const key = g.sandbox ? (await import('../../sandbox/keys.js')).SANDBOX_DEMO_KEY : settings.apiKey;
  const from = g.sandbox ? 'sandbox' : (sources.apiKey ?? null);
  const plan = planOfKey(key);
  // A status check reports the moment: no retries unless asked for.
  const session = await openSession(ctx, { ...settings, retries: g.retries ?? 0 }, { keyOptional: true });
  if (session.dryRun) return emitDryRun(ctx, [session.curl(HEALTH, undefined), ...(key ? [session.curl(KEY_CHECK, undefined)] : [])]);
  const report: StatusReport = {
    exitCode: ExitCode.ok,
    service: {
      baseUrl: g.sandbox ? 'sandbox' : redactUrl(settings.baseUrl),
      from: g.sandbox ? '--sandbox' : BASE_FROM[sources.baseUrl],
      healthy: false,
      message: null,
    },
    key: {
      configured: key !== undefined,
      from,
      profile: from === 'profile' ? sources.profile : null,
      configPath: from === 'profile' ? sources.configPath : null,
      plan: plan.plan,
      prefix: plan.prefix ?? null,
      accepted: null,
      message: null,
    },
    families: familyAccess(plan.plan),
  };
  let failure: GpumktError | undefined;
  try {
    await session.get(HEALTH, undefined);
    report.service.healthy = true;
  } catch (err) {
    if (!(err instanceof GpumktError)) throw err;
    report.service.message = err.message;
    failure = err instanceof InvalidResponseError ? err : new UnreachableError(`the service is not healthy: ${err.message}`);
  }
  if (!failure && key === undefined) {
    failure = new AuthError(`no API key (public routes work without one): ${KEY_HINT}`);
  } else if (!failure) {
    try {
      await session.get(KEY_CHECK, undefined);
      report.key.accepted = true;
    } catch (err) {
      if (err instanceof NoDataError) report.key.accepted = true;
      else if (!(err instanceof GpumktError)) throw err;
      else {
        report.key.message = err.message;
        if (err instanceof AuthError) report.key.accepted = false;
        failure = err instanceof AuthError ? new AuthError(`the key is refused: ${err.message}`, err.hint) : err;
      }
    }
  }
  report.exitCode = failure?.exitCode ?? ExitCode.ok;
  // At a terminal a long line wraps under its value column rather than at the screen's edge.
  const human = ctx.io.stdoutIsTTY ? wrapReport(text(report), ctx.io.columns, VALUE_COLUMN) : text(report);
  ctx.io.stdout.write(flags.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : human);
  if (failure) throw failure;
}

/** The human report: one line for the service, one for the key. */
function text(r: StatusReport): string {
  const s = r.service;
  const service = s.from === '--sandbox' ? 'built-in sandbox (--sandbox)' : `${s.baseUrl} (${s.from})`;
  const health = s.healthy ? 'healthy' : `not healthy: ${s.message ?? 'no answer'}`;
  const k = r.key;
  const where =
    k.from === 'sandbox'
      ? 'built-in sandbox demo key'
      : k.from === 'env'
        ? 'GPUMKT_API_KEY (environment)'
        : k.from === 'profile'
          ? `config profile "${k.profile}" (${k.configPath})`
          : undefined;
  let key: string;
  if (!where) key = "none: set GPUMKT_API_KEY or run 'gpumkt config set api-key'; without one, public routes only";
  else {
    const plan = k.prefix ? `plan ${k.plan} (${k.prefix} prefix)` : `plan ${k.plan} (prefix not sk_live_ or sk_prem_: treated as full)`;
    const verdict =
      k.accepted === true
        ? 'accepted'
        : k.accepted === false
          ? `refused: ${k.message}`
          : k.message
            ? `not checked: ${k.message}`
            : 'not checked';
    key = `${where}: ${plan}, ${verdict}`;
  }
  return `service  ${service}: ${health}\nkey      ${key}\n${planLines(k.plan, r.families)}`;
}
