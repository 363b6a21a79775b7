/**
 * A SOCKS5 connector for undici pools (RFC 1928, with RFC 1929 user/password): it opens the tunnel itself,
 * so SOCKS connections pass the same one-connection-per-attempt gate as every other (connect-gate.ts),
 * and the whole handshake is bounded by the per-attempt timeout (a proxy that accepts and stalls fails
 * the attempt instead of hanging). The host name goes to the proxy, which resolves it (socks5h semantics).
 */
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Connector } from './connect-gate.js';

/** A SOCKS failure, with a code the retry logic knows (network-errors.ts). */
class SocksError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SocksError';
  }
}

// RFC 1928 replies: unreachable networks and hosts, refusals and expiries may pass; the rest will not.
const REPLIES: Record<number, [string, string]> = {
  1: ['general failure', 'GPUMKT_SOCKS_FAILED'],
  2: ['connection not allowed by its rules', 'GPUMKT_SOCKS_FAILED'],
  3: ['network unreachable', 'ENETUNREACH'],
  4: ['host unreachable', 'EHOSTUNREACH'],
  5: ['connection refused', 'ECONNREFUSED'],
  6: ['TTL expired', 'ETIMEDOUT'],
  7: ['command not supported', 'GPUMKT_SOCKS_FAILED'],
  8: ['address type not supported', 'GPUMKT_SOCKS_FAILED'],
};

/** Reads exact byte counts off a socket during the handshake. */
function reader(socket: Socket): (n: number) => Promise<Buffer> {
  let buf = Buffer.alloc(0);
  let want: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | undefined;
  let failure: Error | undefined;
  const pump = (): void => {
    if (want === undefined) return;
    if (failure !== undefined) return want.reject(failure);
    if (buf.length < want.n) return;
    const { n, resolve } = want;
    want = undefined;
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    resolve(out);
  };
  socket.on('data', (b: Buffer) => {
    buf = Buffer.concat([buf, b]);
    pump();
  });
  const fail = (e: Error): void => {
    failure ??= e;
    pump();
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new SocksError('the SOCKS5 proxy closed the connection during the handshake', 'ECONNRESET')));
  return (n) =>
    new Promise((resolve, reject) => {
      want = { n, resolve, reject };
      pump();
    });
}

/** The CONNECT request's address part for `host`. */
function address(host: string): Buffer {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return Buffer.from([0x01, ...bare.split('.').map(Number)]);
  if (isIP(bare) === 6) {
    const full = new URL(`http://[${bare}]`).hostname.slice(1, -1);
    const groups = full.includes('::') ? expand(full) : full.split(':');
    return Buffer.concat([Buffer.from([0x04]), ...groups.map((g) => Buffer.from(g.padStart(4, '0'), 'hex'))]);
  }
  const name = Buffer.from(host, 'utf8');
  if (name.length > 255) throw new SocksError('the host name is too long for SOCKS5', 'GPUMKT_SOCKS_FAILED');
  return Buffer.concat([Buffer.from([0x03, name.length]), name]);
}

function expand(v6: string): string[] {
  const [head, tail] = v6.split('::') as [string, string];
  const h = head === '' ? [] : head.split(':');
  const t = tail === '' ? [] : tail.split(':');
  return [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
}

/** Greets the proxy, authenticates when the URL has credentials, and asks for `host:port`. */
async function handshake(socket: Socket, proxy: URL, host: string, port: number): Promise<void> {
  const read = reader(socket);
  const user = decodeURIComponent(proxy.username);
  const pass = decodeURIComponent(proxy.password);
  socket.write(Buffer.from(user !== '' ? [5, 2, 0, 2] : [5, 1, 0]));
  const [ver, method] = await read(2);
  if (ver !== 5) throw new SocksError('the proxy does not speak SOCKS5', 'GPUMKT_SOCKS_FAILED');
  if (method === 2) {
    const u = Buffer.from(user);
    const p = Buffer.from(pass);
    socket.write(Buffer.concat([Buffer.from([1, u.length]), u, Buffer.from([p.length]), p]));
    if ((await read(2))[1] !== 0) throw new SocksError('the SOCKS5 proxy refused the user name and password', 'GPUMKT_SOCKS_FAILED');
  } else if (method !== 0) {
    throw new SocksError(
      user === ''
        ? 'the SOCKS5 proxy wants credentials (socks5://user:password@host:port)'
        : 'the SOCKS5 proxy accepts none of our authentication methods',
      'GPUMKT_SOCKS_FAILED',
    );
  }
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0]), address(host), portBytes]));
  const head = await read(4);
  const rep = head[1] as number;
  if (rep !== 0) {
    const [text, code] = REPLIES[rep] ?? [`reply ${rep}`, 'GPUMKT_SOCKS_FAILED'];
    throw new SocksError(`the SOCKS5 proxy could not connect: ${text}`, code);
  }
  const type = head[3];
  const rest = type === 1 ? 4 : type === 4 ? 16 : type === 3 ? ((await read(1))[0] as number) : 0;
  await read(rest + 2);
  socket.removeAllListeners('data');
  socket.removeAllListeners('close');
  socket.removeAllListeners('error');
}

/** A connector that reaches each origin through the SOCKS5 proxy `proxy`, within `timeoutMs`. */
export function socksConnector(proxy: URL, timeoutMs: number): Connector {
  return (options, callback) => {
    const named: unknown = options.hostname ?? options.host;
    const host = typeof named === 'string' ? named : '';
    const https = options.protocol === 'https:';
    const port = Number(options.port) || (https ? 443 : 80);
    const socket = netConnect(Number(proxy.port) || 1080, proxy.hostname.replace(/^\[|\]$/g, ''));
    let done = false;
    const finish = (err: Error | null, s: Socket | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) socket.destroy();
      callback(err, s);
    };
    const timer = setTimeout(
      () => finish(new SocksError('connect timed out (SOCKS5 handshake)', 'UND_ERR_CONNECT_TIMEOUT'), null),
      timeoutMs,
    );
    socket.once('connect', () => {
      handshake(socket, proxy, host, port).then(
        () => {
          if (!https) return finish(null, socket);
          const servername =
            typeof options.servername === 'string' && options.servername !== '' ? options.servername : isIP(host) === 0 ? host : undefined;
          // The TLS socket reports the tunnel's faults; the raw one must not throw with no listener left.
          socket.on('error', () => undefined);
          const secure = tlsConnect({ socket, servername });
          secure.once('secureConnect', () => finish(null, secure));
          secure.once('error', (e: Error) => finish(e, null));
        },
        (e: unknown) => finish(e instanceof Error ? e : new Error(String(e)), null),
      );
    });
    socket.once('error', (e) => finish(e, null));
  };
}
