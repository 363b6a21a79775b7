/**
 * `--query <JMESPath>` (the AWS CLI habit) on every JSON output and on `api`; a bad expression is exit 2
 * before any request. `api` pretty-prints at a terminal and stays compact in a pipe.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv, useSandbox } from '../helpers/sandbox.js';
import { runInTerminal } from '../helpers/terminal.js';
import { needs } from '../helpers/requires.js';

const sb = useSandbox();
const HISTORY = ['history', 'h100', 'h200', '--from', '2026-11-17', '--granularity', 'daily'];

describe('--query', () => {
  it('-f json: the expression applied to the rows -f json prints', async () => {
    const env = sandboxEnv(sb.current);
    const all = JSON.parse((await runCli([...HISTORY, '-f', 'json'], { env })).stdout) as {
      gpu: string;
      timestamp: string;
      index_value: number;
    }[];
    const r = await runCli([...HISTORY, '-f', 'json', '--query', "[?gpu=='H200'].index_value"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(all.filter((x) => x.gpu === 'H200').map((x) => x.index_value));
    const one = await runCli([...HISTORY, '-f', 'json', '--query', 'length(@)'], { env });
    expect(one.stdout).toBe(`${all.length}\n`);
  });

  it('-f ndjson: one line per element of the result', async () => {
    const env = sandboxEnv(sb.current);
    const r = await runCli([...HISTORY, '-f', 'ndjson', '--query', '[].{t: timestamp, v: index_value}'], { env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(8);
    expect(Object.keys(lines[0] as object)).toEqual(['t', 'v']);
  });

  it('a bad expression is exit 2 before any request; other formats are refused', async () => {
    const env = sandboxEnv(sb.current);
    const before = sb.current.requests.length;
    const bad = await runCli([...HISTORY, '-f', 'json', '--query', '[?index_value >'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^gpumkt: error: invalid --query '\[\?index_value >': .+\n$/);
    const csv = await runCli([...HISTORY, '-f', 'csv', '--query', '[].gpu'], { env });
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/--query filters JSON output: use -f json or -f ndjson/);
    const raw = await runCli([...HISTORY.slice(0, 2), '--raw', '--query', '[].gpu'], { env });
    expect(raw.code).toBe(2);
    expect(sb.current.requests.length).toBe(before);
  });

  it('on api: applied to the body; a bad expression sends nothing', async () => {
    const env = sandboxEnv(sb.current);
    const r = await runCli(['api', '/api/daily-index', '-q', 'gpuType=H200', '--query', 'data.gpu_name'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('"H200"\n');
    const before = sb.current.requests.length;
    const bad = await runCli(['api', '/health', '--query', 'a['], { env });
    expect(bad.code).toBe(2);
    expect(sb.current.requests.length).toBe(before);
  });

  it('api -q with no value names the missing name=value', async () => {
    const r = await runCli(['api', '/health', '-q'], { env: sandboxEnv(sb.current) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/-q needs name=value/);
  });

  it('is in the help of the data commands and of api, with an example', async () => {
    for (const cmd of ['history', 'api']) {
      const help = (await runCli([cmd, '--help'])).stdout;
      expect(help).toMatch(/--query <jmespath>/);
      expect(help).toMatch(/\$ gpumkt .*--query /);
    }
  });
});

describe('api output', needs('tmux'), () => {
  it('in a pipe: the body as received (compact)', async () => {
    const r = await runCli(['api', '/api/daily-index', '-q', 'gpuType=H200'], { env: sandboxEnv(sb.current) });
    expect(r.stdout).toBe('{"success":true,"data":{"gpu_name":"H200","region":"","index_value":2.9629,"date":"2026-11-19"}}\n');
  });

  it('at a terminal: indented, like gh api', async () => {
    const t = runInTerminal({
      width: 80,
      height: 24,
      args: ['api', '/api/daily-index', '-q', 'gpuType=H200'],
      env: { ...sandboxEnv(sb.current), NO_COLOR: '1' },
    });
    try {
      expect(await t.exit()).toBe(0);
      expect(t.screen()).toEqual([
        '{',
        '  "success": true,',
        '  "data": {',
        '    "gpu_name": "H200",',
        '    "region": "",',
        '    "index_value": 2.9629,',
        '    "date": "2026-11-19"',
        '  }',
        '}',
      ]);
    } finally {
      t.close();
    }
  });
});

describe('--query on the catalogues', () => {
  it('gpus --aliases --query: the rows as -f json prints them, filtered', async () => {
    const r = await runCli(['gpus', '--aliases', '--query', "[?model=='H200'].aliases"]);
    expect(r.code, r.stderr).toBe(0);
    const all = JSON.parse((await runCli(['gpus', '--aliases', '-f', 'json'])).stdout) as { model: string; aliases: unknown }[];
    expect(JSON.parse(r.stdout)).toEqual(all.filter((x) => x.model === 'H200').map((x) => x.aliases));
    const bad = await runCli(['memory-types', '--query', '[?']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid --query/);
  });
});
