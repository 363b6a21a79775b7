// The loopback S3 server of the tests (test/helpers/s3-server.ts), for the bench: bench/run.mjs bundles
// this file with esbuild (TypeScript in, one plain ES module out) and runs it in its own process, so
// serving costs never land in the process measured. Prints one JSON line (its URL and key pair), then
// answers each `stats` line on stdin with one JSON line: the requests seen since the last `stats`, by
// dataset (the key's first segment under the prefix) and method (a GET with list-type=2 counts as LIST),
// and the bytes uploaded (request bodies of PUT and POST); then forgets them. Serves until stdin closes.
import { createInterface } from 'node:readline';
import { startS3Server } from '../test/helpers/s3-server.ts';

const BUCKET = 'bench';
const PREFIX = 'ornn';
const s3 = await startS3Server({ buckets: [BUCKET] });

function stats() {
  const byDataset = {};
  for (const r of s3.requests) {
    const rest = r.key.startsWith(`${PREFIX}/`) ? r.key.slice(PREFIX.length + 1) : r.key;
    const listed = r.method === 'GET' && r.query.get('list-type') === '2';
    // A listing names its dataset in its prefix; a key directly under the lake's prefix is the lake's own.
    const path = listed ? (r.query.get('prefix') ?? '').replace(new RegExp(`^${PREFIX}/?`), '') : rest;
    const dataset = path.includes('/') ? path.slice(0, path.indexOf('/')) : '(lake)';
    const method = listed ? 'LIST' : r.method;
    const d = (byDataset[dataset] ??= { requests: 0, bytesUp: 0, methods: {} });
    d.requests++;
    d.methods[method] = (d.methods[method] ?? 0) + 1;
    if (r.method === 'PUT' || r.method === 'POST') d.bytesUp += Number(r.headers['content-length'] ?? 0);
  }
  s3.requests.length = 0;
  return byDataset;
}

process.stdout.write(`${JSON.stringify({ url: s3.url, bucket: BUCKET, prefix: PREFIX, ...s3.credentials })}\n`);
const lines = createInterface({ input: process.stdin });
lines.on('line', (l) => l.trim() === 'stats' && process.stdout.write(`${JSON.stringify(stats())}\n`));
lines.on('close', async () => {
  await s3.close();
  process.exit(0);
});
