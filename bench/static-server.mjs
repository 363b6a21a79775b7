// A loopback HTTP server that answers history-range (spec 4.4) with a pre-generated body of N hourly
// rows, envelope 2.5 with query.records_found = N, newest first. It requires the bearer key, so the
// CLI, the floor script and curl all pay for the same request. The sandbox cannot serve this: its
// history starts on 2024-01-01, far short of 200,000 hourly rows for one model.
import { createServer } from 'node:http';

const HOUR = 3_600_000;

/** The first day of a window of `rows` hourly rows ending on `to` (YYYY-MM-DD). */
export function windowStart(rows, to) {
  const days = Math.ceil(rows / 24);
  return new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** The JSON body of `rows` hourly history-range rows ending on `to`, most recent first, as a Buffer. */
export function makeBody(rows, gpu, to, limit = rows) {
  const end = Date.parse(`${to}T23:00:00Z`);
  const from = windowStart(rows, to);
  const sent = Math.min(rows, limit);
  const parts = [];
  const head = {
    success: true,
    query: {
      gpu_name: gpu,
      region: '',
      start_date: `${from}T00:00:00.000Z`,
      end_date: `${to}T23:59:59.999Z`,
      records_found: rows,
      limit_applied: limit,
      data_granularity: 'hourly',
    },
  };
  parts.push(JSON.stringify(head).slice(0, -1) + ',"data":[');
  let chunk = '';
  for (let i = 0; i < sent; i++) {
    const t = end - i * HOUR;
    // A deterministic walk with 4-decimal values, like the service's index.
    const v = Math.round((2.4 + 0.3 * Math.sin(i / 500) + 0.05 * Math.sin(i / 7)) * 10_000) / 10_000;
    const at = new Date(t).toISOString();
    const exact = new Date(t + ((i * 7919) % 3_540) * 1000).toISOString();
    chunk += `${i === 0 ? '' : ','}{"recorded_at":"${at}","exact_timestamp":"${exact}","index_value":${v},"data_type":"hourly"}`;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk, ']}');
  return Buffer.from(parts.join(''), 'utf8');
}

/** Starts the server; resolves to { url, close }. `rows` = rows in the window; `key` = the accepted bearer key. */
export async function startStaticServer({ rows, key, gpu = 'H100 SXM', to = '2026-11-20' }) {
  const full = makeBody(rows, gpu, to);
  const server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${key}`) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"success":false,"error":"Unauthorized","message":"Invalid API key"}');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.endsWith('/history-range')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"error":"Not Found"}');
      return;
    }
    const limit = Number(url.searchParams.get('limit') ?? rows);
    const body = limit >= rows ? full : makeBody(rows, gpu, to, limit);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: full.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
