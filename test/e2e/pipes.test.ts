/**
 * gpumkt in real shell pipelines: a reader that stops early (`| head -1`) ends the run quietly with
 * status 0, and large output through a pipe (even a slow one) is complete, byte for byte the same as
 * what -o writes.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertNoCanary, BIN, CANARY_KEY, isolatedHome, TODAY } from '../helpers/cli.js';
import { needs } from '../helpers/requires.js';
import { makeTempDir, tempEnv } from '../helpers/temp.js';

interface ShellResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a bash script where `$GPUMKT` is the built binary, in an isolated HOME with the canary key set. */
function shell(script: string, timeoutMs = 60_000): Promise<ShellResult> {
  const home = isolatedHome();
  const env = {
    PATH: process.env.PATH ?? '',
    ...tempEnv(),
    HOME: home,
    GPUMKT_CONFIG: join(home, 'none.json'),
    GPUMKT_TODAY: TODAY,
    GPUMKT_API_KEY: CANARY_KEY,
    GPUMKT: `${process.execPath} ${BIN}`,
  };
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const r = { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
      assertNoCanary(r.stdout, 'stdout');
      assertNoCanary(r.stderr, 'stderr');
      resolve(r);
    });
  });
}

describe('a reader that stops early', needs('bash'), () => {
  it('history h100 -f csv --sandbox | head -1: the header, nothing on stderr, gpumkt exits 0', async () => {
    const r = await shell('$GPUMKT history h100 -f csv --sandbox | head -1; echo "gpumkt=${PIPESTATUS[0]}"');
    expect(r.stdout).toBe('timestamp,index_value\ngpumkt=0\n');
    expect(r.stderr).toBe('');
  });

  it('megabytes of output into head -1: EPIPE ends the run quietly with 0', async () => {
    const r = await shell('$GPUMKT history all --granularity hourly --from 1y -f csv --sandbox | head -1; echo "gpumkt=${PIPESTATUS[0]}"');
    expect(r.stdout).toBe('gpu,timestamp,index_value\ngpumkt=0\n');
    expect(r.stderr).toBe('');
  });

  it('--help | head -1 and --dry-run | head -0 are quiet too', async () => {
    const r = await shell(
      '$GPUMKT --help | head -1; echo "a=${PIPESTATUS[0]}"; $GPUMKT history all --dry-run | head -c 0; echo "b=${PIPESTATUS[0]}"',
    );
    expect(r.stdout).toMatch(/^Usage: gpumkt .*\na=0\nb=0\n$/);
    expect(r.stderr).toBe('');
  });
});

describe('a reader that reads nothing', needs('bash'), () => {
  it('completion fish and zsh | true: more than a pipe holds, written to a reader that never reads, ends quietly with 0', async () => {
    // Each script is over 64 KiB, a pipe's capacity: the write must meet EPIPE once `true` has exited.
    expect(statSync(join(import.meta.dirname, '../../completions/gpumkt.fish')).size).toBeGreaterThan(65_536);
    expect(statSync(join(import.meta.dirname, '../../completions/_gpumkt')).size).toBeGreaterThan(65_536);
    const r = await shell(
      '$GPUMKT completion fish | true; echo "fish=${PIPESTATUS[0]}"; $GPUMKT completion zsh | true; echo "zsh=${PIPESTATUS[0]}"',
    );
    expect(r.stdout).toBe('fish=0\nzsh=0\n');
    expect(r.stderr).toBe('');
  });
});

describe('an output that cannot be written', needs('bash'), () => {
  it('> /dev/full: --version, a completion script, help and a command each say so in one line and exit 7', async () => {
    const r = await shell(
      [
        '$GPUMKT --version > /dev/full; echo "v=$?"',
        '$GPUMKT completion bash > /dev/full; echo "c=$?"',
        // Not the prebuilt text: with a global flag commander writes the help itself.
        '$GPUMKT history --help --sandbox > /dev/full; echo "p=$?"',
        '$GPUMKT history h100 -f csv --sandbox > /dev/full; echo "h=$?"',
      ].join('; '),
    );
    expect(r.stdout).toBe('v=7\nc=7\np=7\nh=7\n');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^gpumkt: error: cannot write to standard output: ENOSPC/);
  });
});

describe('large output through a pipe', needs('bash'), () => {
  it('10 MB piped (through a slow reader) to sha256sum matches the file written with -o', async () => {
    const dir = makeTempDir('pipe');
    const file = join(dir, 'h.json');
    const args = 'history all --granularity hourly --from 3y -f json --sandbox';
    const r = await shell(
      `set -o pipefail; $GPUMKT ${args} | (sleep 1; cat) | sha256sum | cut -d' ' -f1 && ` +
        `$GPUMKT ${args} -o ${file} && sha256sum ${file} | cut -d' ' -f1`,
      120_000,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(10 * 1024 * 1024);
    const [piped, written, ...rest] = r.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(piped).toMatch(/^[0-9a-f]{64}$/);
    expect(piped).toBe(written);
    // And the file is complete JSON, not a prefix of it.
    expect(Array.isArray(JSON.parse(readFileSync(file, 'utf8')))).toBe(true);
    expect(r.stderr).toBe(`gpumkt: wrote ${(JSON.parse(readFileSync(file, 'utf8')) as unknown[]).length} rows to ${file}\n`);
  });
});
