/**
 * Edges a new user hits first: help for a mistyped command, a partitioned folder named like a file,
 * a spreadsheet format, a command with no model, a chart column typed wrong, a dry run without a key,
 * `latest` without a key. Each fails with one clear line (exit 2) before any request, or says what
 * the run leaves out.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { makeTempDir } from '../helpers/temp.js';
import { GPU_MODELS } from '../../src/domain/catalogues/gpus.js';

const sb = useSandbox();

describe('a new user at the edges', () => {
  it('gpumkt help histroy: unknown command, did you mean history, exit 2', async () => {
    const r = await runCli(['help', 'histroy']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("gpumkt: error: unknown command 'histroy' (Did you mean history?)\n");
    const known = await runCli(['help', 'history']);
    expect(known.code).toBe(0);
    expect(known.stdout).toMatch(/^Usage: gpumkt history/);
  });

  it('--partition-by with -o hp.csv: a folder of Parquet under a .csv name is refused (exit 2), nothing written', async () => {
    const dir = makeTempDir('partition-ext');
    const before = sb.current.requests.length;
    const r = await runCli(['volume', 'h100', '-o', join(dir, 'hp.csv'), '--partition-by', 'gpu'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gpumkt: error: --partition-by writes a folder of Parquet files; .*hp\.csv names a \.csv \(csv\) file/);
    expect(existsSync(join(dir, 'hp.csv'))).toBe(false);
    expect(sb.current.requests.length).toBe(before);
  });

  it('-f xlsx suggests --csv-dialect excel', async () => {
    const r = await runCli(['memory', '-f', 'xlsx'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-f csv --csv-dialect excel');
  });

  it('history with no GPU lists the models (exit 2)', async () => {
    const r = await runCli(['history'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
    for (const m of GPU_MODELS) expect(r.stderr).toContain(m);
    expect(r.stderr).toMatch(/^gpumkt: error: history needs a GPU model/);
  });

  it('chart --y bogus names bogus', async () => {
    const r = await runCli(['history', 'h100', '-f', 'chart', '--y', 'bogus'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/'bogus'/);
  });

  it('--dry-run without a key prints no Authorization header', async () => {
    const r = await runCli(['--dry-run', 'history', 'h100', '--base-url', 'http://127.0.0.1:9'], { env: { GPUMKT_API_KEY: undefined } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl -sS 'http:\/\/127\.0\.0\.1:9\/api\/gpu\//);
    expect(r.stdout).not.toContain('Authorization');
    const keyed = await runCli(['--dry-run', 'history', 'h100', '--base-url', 'http://127.0.0.1:9'], {
      env: { GPUMKT_API_KEY: 'sk_live_x' },
    });
    expect(keyed.stdout).toContain('-H "Authorization: Bearer $GPUMKT_API_KEY"');
  });

  it('latest without a key says the sixth model needs one', async () => {
    const r = await runCli(['latest', '-f', 'csv'], { env: { GPUMKT_BASE_URL: sb.current.url, GPUMKT_API_KEY: undefined } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('RTX PRO 6000 WS');
    expect(r.stderr).toMatch(/RTX PRO 6000 WS needs an API key/);
    const keyed = await runCli(['latest', '-f', 'csv'], { env: sandboxEnv(sb.current) });
    expect(keyed.stderr).not.toMatch(/needs an API key/);
  });
});
