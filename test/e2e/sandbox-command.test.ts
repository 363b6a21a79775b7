/** `gpumkt sandbox` serves in the foreground, answers curl with the printed key, and stops on Ctrl-C. */
import { spawn, spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { BIN, isolatedHome } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';
import { tempEnv } from '../helpers/temp.js';

it('prints its URL and a key, answers curl with them, and exits 130 on SIGINT with the port closed', needs('curl'), async () => {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', ...tempEnv(), HOME: isolatedHome(), GPUMKT_TODAY: '2026-11-20' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (/Bearer \S+/.test(out) && /http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve();
    });
  });
  await ready;
  const url = out.match(/http:\/\/127\.0\.0\.1:\d+/)![0];
  const key = out.match(/Bearer ([^\s'"]+)/)![1]!;
  const curl = spawnSync('curl', ['-sS', '-H', `Authorization: Bearer ${key}`, `${url}/api/memory-index?type=mem_ddr4_8gb`], {
    encoding: 'utf8',
  });
  expect(curl.status).toBe(0);
  const body = JSON.parse(curl.stdout) as { success: boolean; data: { id: string } };
  expect(body.success).toBe(true);
  expect(body.data.id).toBe('mem_ddr4_8gb');
  const noKey = spawnSync('curl', ['-sS', `${url}/api/memory-index`], { encoding: 'utf8' });
  expect(JSON.parse(noKey.stdout)).toEqual({ error: 'Unauthorized', message: 'API key required. Use Authorization: Bearer YOUR_API_KEY' });

  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(err).not.toMatch(/\n\s+at /);
  const after = spawnSync('curl', ['-sS', '--max-time', '2', `${url}/api/memory-index`], { encoding: 'utf8' });
  expect(after.status).not.toBe(0);
});
