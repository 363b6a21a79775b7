// Section 6 of the bench: the syncs of section 5 (a new lake, again within the hour, the next day) to an
// S3 bucket on the loopback S3 server of the tests (bench/s3-server.mjs, bundled here with esbuild and
// run in its own process), each against the same sync to a local folder: wall time, gpumkt's CPU time,
// and what the store saw per dataset (requests by method, bytes uploaded). Measured, no target.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { syncOnce, syncRuns } from './lake-sections.mjs';

/** Bundles and starts the S3 server; resolves to { info, stats(), close() }. */
async function startS3(b) {
  const bundle = await build({
    entryPoints: [join(b.root, 'bench/s3-server.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  const file = join(b.home, 's3-server.mjs');
  writeFileSync(file, bundle.outputFiles[0].text);
  const child = spawn(b.node, [file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const next = () => new Promise((resolve) => lines.once('line', (l) => resolve(JSON.parse(l))));
  const info = await next();
  return {
    info,
    stats: () => {
      const answer = next();
      child.stdin.write('stats\n');
      return answer;
    },
    close: () => new Promise((resolve) => child.once('exit', resolve).stdin.end()),
  };
}

const METHODS = ['GET', 'HEAD', 'LIST', 'PUT', 'POST', 'DELETE'];
const kib = (n) => (n >= 1024 * 1024 ? `${(n / 2 ** 20).toFixed(1)} MiB` : `${(n / 1024).toFixed(0)} KiB`);

/** Prints what the store saw during one sync, a line per dataset and the total. */
function storeTable(b, byDataset) {
  const rows = Object.entries(byDataset).sort(([a], [c]) => a.localeCompare(c));
  const total = { requests: 0, bytesUp: 0, methods: {} };
  for (const [, d] of rows) {
    total.requests += d.requests;
    total.bytesUp += d.bytesUp;
    for (const [m, n] of Object.entries(d.methods)) total.methods[m] = (total.methods[m] ?? 0) + n;
  }
  const cells = (d) =>
    `${String(d.requests).padStart(9)}${METHODS.map((m) => String(d.methods[m] ?? 0).padStart(7)).join('')}${kib(d.bytesUp).padStart(11)}`;
  b.log(
    `      ${'store requests by dataset'.padEnd(28)}${'requests'.padStart(9)}${METHODS.map((m) => m.padStart(7)).join('')}${'uploaded'.padStart(11)}`,
  );
  for (const [name, d] of rows) b.log(`      ${name.padEnd(28)}${cells(d)}`);
  b.log(`      ${'total'.padEnd(28)}${cells(total)}`);
  return total;
}

/** Section 6; `local` is section 5's result (the same syncs to a folder), run here when section 5 was not. */
export async function s3Section(b, local) {
  b.log(
    "\n6. gpumkt sync s3://… to the loopback S3 server (the tests' server, in its own process), against the same sync to a local folder (1 round each)",
  );
  const s3 = await startS3(b);
  const lakeUrl = `s3://${s3.info.bucket}/${s3.info.prefix}`;
  const s3Opt = {
    args: ['--endpoint-url', s3.info.url],
    env: { AWS_ACCESS_KEY_ID: s3.info.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.info.secretAccessKey, AWS_REGION: 'us-east-1' },
  };
  const folder = join(b.home, 'lake-6');
  try {
    for (const [label, url, now] of syncRuns(b)) {
      const there = local?.[label] ?? (await syncOnce(b, folder, url, now));
      await s3.stats();
      const { run, summary } = await syncOnce(b, lakeUrl, url, now, s3Opt);
      const byDataset = await s3.stats();
      const paced = summary.pacedSeconds * 1000;
      const localPaced = there.summary.pacedSeconds * 1000;
      b.line(`sync to S3, ${label}: ${summary.requests} requests to the service`, run);
      b.line(`  the same sync to a local folder (${there.summary.requests} requests)`, there.run);
      b.log(
        `    ${"wall time less the rate limit's wait: S3 vs folder".padEnd(56)} ${b.ms(run.ms - paced).padStart(8)} vs ${b.ms(there.run.ms - localPaced)}`,
      );
      if (run.cpuMs !== undefined)
        b.log(
          `    ${"gpumkt's own CPU time (user + system): S3 vs folder".padEnd(56)} ${b.ms(run.cpuMs).padStart(8)} vs ${b.ms(there.run.cpuMs)}`,
        );
      const total = storeTable(b, byDataset);
      b.log(
        `    (${total.requests} requests to the store, ${kib(total.bytesUp)} uploaded; HEAD and GET of objects, LIST a ListObjectsV2 page, POST the multipart calls)`,
      );
    }
  } finally {
    await s3.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
