/**
 * A small SOCKS5 server on loopback for proxy tests: it counts connections and either relays (no
 * authentication, CONNECT to an IPv4 address or a host name it resolves itself), or misbehaves on
 * purpose: accepts and stalls, or accepts and resets.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** What the server does with each connection. */
export type SocksMode = 'relay' | 'stall' | 'reset' | 'reset-after-greeting';

/** A running SOCKS5 server. */
export interface SocksServer {
  readonly port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** The destinations asked for in CONNECT requests (`host:port`, the host as sent: a name or an address). */
  readonly targets: string[];
  close(): Promise<void>;
}

/** Reads the CONNECT request's destination from `buf` (after VER CMD RSV), or undefined if incomplete. */
function destination(buf: Buffer): { host: string; port: number; length: number } | undefined {
  const type = buf[3];
  if (type === 0x01 && buf.length >= 10) return { host: [...buf.subarray(4, 8)].join('.'), port: buf.readUInt16BE(8), length: 10 };
  if (type === 0x03 && buf.length >= 5) {
    const n = buf[4] as number;
    if (buf.length >= 7 + n) return { host: buf.subarray(5, 5 + n).toString('latin1'), port: buf.readUInt16BE(5 + n), length: 7 + n };
  }
  return undefined;
}

function relay(socket: Socket, targets: string[]): void {
  let buf = Buffer.alloc(0);
  let greeted = false;
  const onData = (chunk: Buffer): void => {
    buf = Buffer.concat([buf, chunk]);
    if (!greeted) {
      if (buf.length < 2 || buf.length < 2 + (buf[1] as number)) return;
      buf = buf.subarray(2 + (buf[1] as number));
      greeted = true;
      socket.write(Buffer.from([0x05, 0x00]));
    }
    const dest = destination(buf);
    if (dest === undefined) return;
    socket.off('data', onData);
    targets.push(`${dest.host}:${dest.port}`);
    const rest = buf.subarray(dest.length);
    const upstream = connect(dest.port, dest.host === 'localhost' ? '127.0.0.1' : dest.host, () => {
      socket.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0, 0]));
      if (rest.length > 0) upstream.write(rest);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  };
  socket.on('data', onData);
}

/** Starts a SOCKS5 server in `mode`. */
export async function startSocksServer(mode: SocksMode): Promise<SocksServer> {
  let count = 0;
  const targets: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'reset') return void socket.resetAndDestroy();
    if (mode === 'stall') return;
    if (mode === 'reset-after-greeting') {
      socket.once('data', () => {
        socket.write(Buffer.from([0x05, 0x00]));
        socket.once('data', () => socket.resetAndDestroy());
      });
      return;
    }
    relay(socket, targets);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    targets,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
