import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InterruptedError, UsageError } from '../../../src/errors.js';
import { readSecret } from '../../../src/config/prompt.js';

/** A writable that records what was written. */
function sink(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) });
  return Object.assign(w, { text: () => chunks.join('') });
}

/** A fake terminal stdin: a PassThrough with setRawMode that records the mode changes. */
function fakeTty(): PassThrough & { setRawMode(m: boolean): void; modes: boolean[] } {
  const s = new PassThrough() as PassThrough & { setRawMode(m: boolean): void; modes: boolean[] };
  s.modes = [];
  s.setRawMode = (m) => void s.modes.push(m);
  return s;
}

describe('readSecret from a pipe', () => {
  it.each([
    ['first line, trimmed', ['  canary-KEY-9f3b2c  \nsecond line\n'], 'canary-KEY-9f3b2c'],
    ['CRLF', ['k1\r\n'], 'k1'],
    ['no newline, then end', ['k2'], 'k2'],
    ['split across chunks', ['ab', 'cd\nef'], 'abcd'],
  ])('%s', async (_n, chunks, expected) => {
    const stdin = new PassThrough();
    const p = readSecret({ stdin, stderr: sink(), stdinIsTTY: false }, 'API key: ');
    for (const c of chunks) stdin.write(c);
    stdin.end();
    expect(await p).toBe(expected);
  });

  it('does not wait for end of input once a line has arrived', async () => {
    const stdin = new PassThrough();
    const p = readSecret({ stdin, stderr: sink(), stdinIsTTY: false }, 'API key: ');
    stdin.write('k3\n'); // never ended
    expect(await p).toBe('k3');
  });

  it('writes no prompt when piped', async () => {
    const stdin = new PassThrough();
    const err = sink();
    const p = readSecret({ stdin, stderr: err, stdinIsTTY: false }, 'API key: ');
    stdin.end('k\n');
    await p;
    expect(err.text()).toBe('');
  });

  it.each([[''], ['\n'], ['   \nkey\n']])('an empty first line is a usage error: %j', async (input) => {
    const stdin = new PassThrough();
    const p = readSecret({ stdin, stderr: sink(), stdinIsTTY: false }, 'API key: ');
    stdin.end(input);
    await expect(p).rejects.toBeInstanceOf(UsageError);
  });
});

describe('readSecret at a terminal', () => {
  async function typed(
    keys: string[],
  ): Promise<{ result: Promise<string>; stdin: ReturnType<typeof fakeTty>; err: ReturnType<typeof sink> }> {
    const stdin = fakeTty();
    const err = sink();
    const result = readSecret({ stdin, stderr: err, stdinIsTTY: true }, 'API key: ');
    for (const k of keys) stdin.write(k);
    return { result, stdin, err };
  }

  it('prompts on stderr, echoes nothing, leaves raw mode', async () => {
    const { result, stdin, err } = await typed(['canary-KEY-9f3b2c', '\r']);
    expect(await result).toBe('canary-KEY-9f3b2c');
    expect(err.text()).toBe('API key: \n');
    expect(stdin.modes).toEqual([true, false]);
  });

  it('handles backspace (DEL and BS), Ctrl-U and arrow keys', async () => {
    const { result } = await typed(['abx\u007f', 'c', 'zz\b\b', 'd\u001b[D', 'e\r']);
    expect(await result).toBe('abcde');
    const r2 = await typed(['wrong\u0015', 'right\n']);
    expect(await r2.result).toBe('right');
  });

  it('keys typed one character at a time, multibyte included', async () => {
    const { result } = await typed([...'k€y', '\r']);
    expect(await result).toBe('k€y');
  });

  it('Ctrl-C aborts as SIGINT (exit 130) and restores the terminal', async () => {
    const { result, stdin } = await typed(['abc\u0003']);
    const err = await result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as InterruptedError).exitCode).toBe(130);
    expect(stdin.modes).toEqual([true, false]);
  });

  it('Enter on nothing is a usage error', async () => {
    const { result } = await typed(['\r']);
    await expect(result).rejects.toThrow('empty API key');
  });

  it('an aborted run stops the prompt', async () => {
    const stdin = fakeTty();
    const ac = new AbortController();
    const p = readSecret({ stdin, stderr: sink(), stdinIsTTY: true, signal: ac.signal }, 'API key: ');
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(InterruptedError);
    expect(stdin.modes).toEqual([true, false]);
  });
});
