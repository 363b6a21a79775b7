// The naive floor: what a short hand-written Node script does to export history-range as CSV —
// fetch, JSON.parse, template-string CSV, one write. Same rows, same order, same bytes as
// `gpumkt range … -f csv` (the bench checks), but no validation, no quoting, no streaming.
// usage: BENCH_KEY=… node bench/floor.mjs <url>
const res = await fetch(process.argv[2], { headers: { authorization: `Bearer ${process.env.BENCH_KEY}` } });
const body = JSON.parse(await res.text());
const rows = body.data.sort((a, b) => (a.recorded_at < b.recorded_at ? -1 : a.recorded_at > b.recorded_at ? 1 : 0));
let out = 'recorded_at,exact_timestamp,index_value,data_type\n';
for (const r of rows) out += `${r.recorded_at},${r.exact_timestamp},${r.index_value},${r.data_type}\n`;
process.stdout.write(out);
