/**
 * A scripted HTTP server for fault tests (node:http on loopback, port 0): each request gets the next
 * behaviour of its script (the last one repeats), and every request is recorded with whether it
 * carried an Authorization header. Faults are real: sockets reset, bodies cut, responses stalled.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

/** What one request looked like to the server. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly proxyAuthorization: string | undefined;
  readonly at: number;
}

/** How the server answers one request. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

/** A running fault server. */
export interface FaultServer {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return async () => {
    // Stalled responses hold their sockets open: end them, or close() would wait forever.
    for (const s of sockets) s.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** Starts a server that answers the n-th request with `script[n]` (the last entry repeats). */
export async function startFaultServer(script: readonly Behaviour[]): Promise<FaultServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      proxyAuthorization: req.headers['proxy-authorization'],
      at: Date.now(),
    });
    const behaviour = script[Math.min(requests.length - 1, script.length - 1)];
    behaviour?.(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, requests, close: closer(server, sockets) };
}

/** A valid memory-index body with `n` rows; rows are numbered so a cut table would show. */
export function memoryBody(n = 60): string {
  const data = Array.from({ length: n }, (_, i) => ({
    id: `mem_${i}`,
    memoryType: `Type ${i}`,
    category: 'dram',
    price: 1 + i / 8,
    changePct: -1.25,
    weeklyHigh: 2 + i,
    weeklyLow: 0.5,
    sourceUpdatedAt: '2026-11-20T00:00:00Z',
  }));
  return JSON.stringify({ success: true, date: '2026-11-20T00:00:00Z', data, count: n });
}

/** 200 with `body` (a memory body by default) and an exact Content-Length. */
export const ok =
  (body: string | Buffer = memoryBody(), headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };

/** Any status with a body. */
export const status =
  (code: number, body = '', headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };

/** Headers and the first half of the body, then a TCP reset. */
export const resetMidBody = (): Behaviour => (_req, res) => {
  const body = memoryBody();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.write(body.slice(0, body.length >> 1), () => setTimeout(() => res.socket?.resetAndDestroy(), 20));
};

/** Headers and half of the body, chunked, then a reset (no Content-Length to check against). */
export const resetMidChunkedBody = (): Behaviour => (_req, res) => {
  const body = memoryBody();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(body.slice(0, body.length >> 1), () => setTimeout(() => res.socket?.resetAndDestroy(), 20));
};

/** Content-Length promises the whole body, half arrives, then the server closes the connection cleanly. */
export const shortContentLength = (): Behaviour => (_req, res) => {
  const body = memoryBody();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.write(body.slice(0, body.length >> 1), () => setTimeout(() => res.socket?.end(), 20));
};

/** Never answers. */
export const stallBeforeHeaders = (): Behaviour => () => undefined;

/** Headers and part of the body, then silence. */
export const stallMidBody = (): Behaviour => (_req, res) => {
  const body = memoryBody();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.write(body.slice(0, 100));
};

/** One byte every `everyMs`, forever: never idle long enough to trip a per-read timeout. */
export const trickle =
  (everyMs = 300): Behaviour =>
  (_req, res) => {
    const body = memoryBody();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed || i >= body.length - 1) return clearInterval(timer);
      res.write(body[i++]);
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };

/** A proxy's HTML error page. */
export const html502 = (): Behaviour => (_req, res) => {
  const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>${'<p>upstream error</p>'.repeat(50)}</body></html>`;
  res.writeHead(502, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
  res.end(page);
};

/** A 200 that declares an enormous body and sends a few bytes of it. */
export const hugeDeclared =
  (bytes = 2 ** 31): Behaviour =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes) });
    res.write('{"success":true,"data":[');
  };

/** A redirect to `location`. */
export const redirect =
  (location: string, code = 302): Behaviour =>
  (_req, res) => {
    res.writeHead(code, { location, 'content-length': 0 });
    res.end();
  };

/** A tiny CONNECT proxy that records each tunnel request; `auth` makes it demand Proxy-Authorization. */
export async function startConnectProxy(auth?: string): Promise<FaultServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const proxyAuthorization = req.headers['proxy-authorization'];
    requests.push({ method: 'CONNECT', url: req.url ?? '', authorization: req.headers.authorization, proxyAuthorization, at: Date.now() });
    if (auth !== undefined && proxyAuthorization !== `Basic ${Buffer.from(auth).toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const done = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', done);
    client.on('error', done);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, requests, close: closer(server, sockets) };
}

/**
 * Promises `declared` bytes and sends one every `everyMs`, never finishing: no read is ever idle long
 * enough for a per-attempt timeout, so only the overall time budget can end the request.
 */
export const dripForever =
  (everyMs = 1000, declared = 3999): Behaviour =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(declared) });
    res.write('{');
    const timer = setInterval(() => {
      if (!res.destroyed) res.write(' ');
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };

/** A proxy that accepts every connection, answers CONNECT with 200 plus a body, and hangs up. */
export interface BadProxy {
  readonly url: string;
  readonly port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a proxy that answers each CONNECT with `200` and a 5-byte body, then closes the connection. */
export async function startBodyTunnelProxy(): Promise<BadProxy> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    count += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    client.once('data', () => client.end('HTTP/1.1 200 Connection Established\r\nContent-Length: 5\r\n\r\nhello'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => count,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening on it (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
