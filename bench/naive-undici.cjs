// The floor of a request-making run that keeps undici: bench/naive-http.cjs's 30-row query (GET,
// JSON.parse, template-string CSV, one write) made with undici as gpumkt bundles it — the slim entry,
// node:http left unloaded, Node's rare modules behind stand-ins (scripts/undici-build.mjs) — a Pool and
// request(), nothing else. bench/run.mjs bundles it and runs it through bench/code-cached.cjs, so it
// starts the way bin/gpumkt.cjs starts dist/gpumkt.cjs: one CommonJS file from a V8 code cache, llhttp
// compiled by the baseline compiler only. No validation, retries, timeouts, proxies, arguments or settings.
// usage (bundled): BENCH_KEY=… node bench/code-cached.cjs <bundle> <url>
'use strict';
const { Pool, request } = require('undici');

const url = new URL(process.argv[2]);
// Node's default header limit, given as gpumkt gives it, so undici does not load node:http to read it.
const pool = new Pool(url.origin, { maxHeaderSize: 16 * 1024 });
request(url, { dispatcher: pool, headers: { authorization: `Bearer ${process.env.BENCH_KEY}` } }).then(async (res) => {
  const rows = JSON.parse(await res.body.text()).data.sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1));
  let out = 'timestamp,index_value\n';
  for (const r of rows) out += `${r.timestamp},${r.index_value}\n`;
  process.stdout.write(out);
  await pool.close();
});
