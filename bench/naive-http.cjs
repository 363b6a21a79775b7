// The floor of a request-making run: what a short hand-written CommonJS script does for the 30-row
// query — node:http GET, JSON.parse, template-string CSV, one write. No validation, no retries, no
// timeouts, no proxies. usage: BENCH_KEY=… node bench/naive-http.cjs <url>
'use strict';
const http = require('node:http');

http.get(process.argv[2], { headers: { authorization: `Bearer ${process.env.BENCH_KEY}` } }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => {
    const rows = JSON.parse(text).data.sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1));
    let out = 'timestamp,index_value\n';
    for (const r of rows) out += `${r.timestamp},${r.index_value}\n`;
    process.stdout.write(out);
  });
});
