/** Foreground serving for `gpumkt sandbox`: start, tell the user how to use it, stop on abort. */
import type { Writable } from 'node:stream';
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';
import { SANDBOX_DEMO_KEY, SANDBOX_INACTIVE_KEY, SANDBOX_PREMIUM_KEY } from './keys.js';
import { startSandbox, type SandboxOptions } from './server.js';

/** Options of the foreground sandbox. */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** Pins the clock to the end of this day (YYYY-MM-DD); default the real time at each request. */
  readonly today?: string;
  /** Pins the clock to an instant instead (see SandboxOptions.now). */
  readonly now?: SandboxOptions['now'];
  /** A per-address rate limit (see SandboxOptions.rateLimit); default none. */
  readonly rateLimit?: SandboxOptions['rateLimit'];
}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return /^::ffff:127\./.test(h);
}

/**
 * Serves the sandbox until `signal` aborts, printing its URL, the demo key and a curl example on
 * stdout; resolves once the server and all its connections are closed.
 */
export async function serveSandbox(opts: ServeOptions, io: { stdout: Writable; stderr: Writable }, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  if (!isLoopback(opts.host)) {
    io.stderr.write(`warning: the sandbox is listening on ${opts.host}, not loopback: other machines may reach it\n`);
  }
  let sandbox;
  try {
    // No request log: a server that runs for hours must not grow without bound.
    sandbox = await startSandbox({
      port: opts.port,
      host: opts.host,
      today: opts.today,
      now: opts.now,
      rateLimit: opts.rateLimit,
      record: false,
    });
  } catch (e) {
    // A bad option is a programming error, not a port problem.
    if (e instanceof TypeError) throw e;
    const code = (e as { code?: string }).code ?? (e as Error).message;
    throw new UsageError(`cannot listen on ${opts.host}:${opts.port}: ${code}`, 'choose another --port or --host');
  }
  const example = `${sandbox.url}/api/utilization-index/history?gpuType=H100%20SXM`;
  io.stdout.write(
    [
      `gpumkt sandbox: synthetic market data (not real prices) at ${sandbox.url}`,
      `API key: ${SANDBOX_DEMO_KEY}`,
      `  (full plan; also: premium key ${SANDBOX_PREMIUM_KEY}, daily data only; revoked key ${SANDBOX_INACTIVE_KEY})`,
      'Try:',
      `  curl -H 'Authorization: Bearer ${SANDBOX_DEMO_KEY}' '${example}'`,
      `  GPUMKT_API_KEY=${SANDBOX_DEMO_KEY} gpumkt --base-url ${sandbox.url} util-index --gpu h100`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
}
