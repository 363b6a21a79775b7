/**
 * Lets undici open connections only on behalf of a request attempt of ours. undici reconnects at
 * once, without limit, when a connection closes before the request on it was sent (a proxy that
 * answers CONNECT with 200 plus a body and hangs up does this every time): thousands of connections
 * a second, outside every retry count, budget and rate limit. Here each attempt in flight allows
 * one new connection; a further one fails the request with an early-close error, which the client's
 * retry loop counts as an attempt like any other fault.
 */
import type { Socket } from 'node:net';

/** undici's connector: opens a socket for an origin and calls back. */
export type Connector = (options: Record<string, unknown>, callback: (err: Error | null, socket: Socket | null) => void) => void;

/** The error of a refused reconnect (a transient network fault for the retry logic). */
export class EarlyCloseError extends Error {
  /** Marks the failure for the retry logic and messages (src/api/transport/network-errors.ts). */
  readonly code = 'GPUMKT_EARLY_CLOSE';
  constructor() {
    super('the connection closed before the request could be sent');
    this.name = 'EarlyCloseError';
  }
}

/** Connection credits shared by one dispatcher. */
export class ConnectGate {
  private inFlight = 0;
  private credits = 0;

  /** Opens an attempt: one more connection may be made; call the returned function when it ends. */
  begin(): () => void {
    this.inFlight += 1;
    this.credits += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
      // An attempt that reused a kept-alive socket leaves its credit unused: it lapses with the attempt.
      this.credits = Math.min(this.credits, this.inFlight);
    };
  }

  /** Wraps a connector so that each connection spends a credit, and none is opened without one. */
  wrap(connector: Connector): Connector {
    return (options, callback) => {
      if (this.credits <= 0) {
        // Not from inside undici's own connect call: it expects the callback later.
        queueMicrotask(() => callback(new EarlyCloseError(), null));
        return;
      }
      this.credits -= 1;
      connector(options, callback);
    };
  }
}
