/**
 * A key given only in the config file is masked in everything a run writes (the manifest, the Parquet
 * file's request metadata), with or without --sandbox: every writer masks the run's set of secrets,
 * so a key that reaches the command line or a URL (here: a base URL whose path holds it) never lands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_KEY, assertNoCanaryInFiles, runCli } from '../helpers/cli.js';
import { useParquetReader } from '../helpers/duckdb.js';
import { ok, startFaultServer, type FaultServer } from '../helpers/fault-server.js';
import { makeTempDir } from '../helpers/temp.js';

const reader = useParquetReader();

/** A config file whose profile holds CANARY_KEY (set as a user would), in a folder of its own. */
async function configWithKey(): Promise<string> {
  const file = join(makeTempDir('cfg'), 'config.json');
  const set = await runCli(['config', 'set', 'api-key'], { env: { GPUMKT_CONFIG: file }, input: `${CANARY_KEY}\n` });
  expect(set.code, set.stderr).toBe(0);
  return file;
}

/** What the run wrote: the manifest's command line and base URL, and the Parquet file's request record. */
async function written(file: string): Promise<{ command: string[]; baseUrl: string; urls: string[]; request: Record<string, unknown> }> {
  const manifest = JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as {
    command: string[];
    baseUrl: string;
    requests: { url: string }[];
  };
  const meta = await reader.kvMetadata(file);
  const request = JSON.parse(meta['gpumkt.request'] as string) as Record<string, unknown>;
  return { command: manifest.command, baseUrl: manifest.baseUrl, urls: manifest.requests.map((r) => r.url), request };
}

describe('a key from the config file, in the files a run writes', () => {
  let api: FaultServer;
  beforeAll(async () => {
    api = await startFaultServer([ok()]);
  });
  afterAll(() => api.close());

  it('is masked in the manifest and the Parquet metadata when it reaches the command line and the URLs', async () => {
    const config = await configWithKey();
    const dir = makeTempDir('out');
    const file = join(dir, 'memory.parquet');
    const base = `${api.url}/${CANARY_KEY}`;
    const r = await runCli(['--base-url', base, 'memory', '-o', file, '--manifest'], { env: { GPUMKT_CONFIG: config }, files: [dir] });
    expect(r.code, r.stderr).toBe(0);
    // The key was sent (from the profile) and was in the path the server saw: it did reach the URLs.
    expect(api.requests.at(-1)?.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(api.requests.at(-1)?.url).toBe(`/${CANARY_KEY}/api/memory-index`);
    const w = await written(file);
    expect(w.command).toEqual(['gpumkt', '--base-url', `${api.url}/***`, 'memory', '-o', file, '--manifest']);
    expect(w.baseUrl).toBe(`${api.url}/***`);
    expect(w.urls).toEqual([`${api.url}/***/api/memory-index`]);
    expect(w.request).toMatchObject({
      command: 'memory',
      argv: ['--base-url', `${api.url}/***`, 'memory', '-o', file, '--manifest'],
      baseUrl: `${api.url}/***`,
      urls: [`${api.url}/***/api/memory-index`],
    });
    // Without --manifest the Parquet file is written by the plain output path: masked there too.
    const plain = join(dir, 'plain.parquet');
    const p = await runCli(['--base-url', base, 'memory', '-o', plain], { env: { GPUMKT_CONFIG: config }, files: [dir] });
    expect(p.code, p.stderr).toBe(0);
    const meta = JSON.parse((await reader.kvMetadata(plain))['gpumkt.request'] as string) as Record<string, unknown>;
    expect(meta).toMatchObject({
      argv: ['--base-url', `${api.url}/***`, 'memory', '-o', plain],
      urls: [`${api.url}/***/api/memory-index`],
    });
    assertNoCanaryInFiles(dir);
  });

  it('is masked with --sandbox too, where the configured key is not the one sent', async () => {
    const config = await configWithKey();
    const dir = makeTempDir('out');
    const file = join(dir, 'memory.parquet');
    // --sandbox sends its own public key to its own server; the unused base URL still holds the configured one.
    const base = 'http://127.0.0.1:9/' + CANARY_KEY;
    const r = await runCli(['--base-url', base, '--sandbox', 'memory', '-o', file, '--manifest'], {
      env: { GPUMKT_CONFIG: config },
      files: [dir],
    });
    expect(r.code, r.stderr).toBe(0);
    const w = await written(file);
    const argv = ['--base-url', 'http://127.0.0.1:9/***', '--sandbox', 'memory', '-o', file, '--manifest'];
    expect(w.command).toEqual(['gpumkt', ...argv]);
    expect(w.request).toMatchObject({ command: 'memory', argv });
    expect(w.urls.length).toBeGreaterThan(0);
    assertNoCanaryInFiles(dir);
  });
});
