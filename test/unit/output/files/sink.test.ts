import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../../../helpers/temp.js';
import { ExitCode, OutputError } from '../../../../src/errors.js';
import { stdoutSink, writeAll } from '../../../../src/output/files/sink.js';
import { fileSink } from '../../../../src/store/file-sink.js';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('sink');
});
afterEach(() => removeTempDir(dir));

// Deterministic text of about `bytes` UTF-8 bytes in chunks of varying size, multi-byte characters included.
function* text(bytes: number): Generator<string> {
  let made = 0;
  for (let i = 0; made < bytes; i++) {
    const chunk = `${i},é東🚀,${'x'.repeat(i % 97)}\n`.repeat(1 + (i % 50));
    made += Buffer.byteLength(chunk);
    yield chunk;
  }
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e,
  );
}

describe('fileSink', () => {
  it('writes 10 MB through writeAll with backpressure, byte for byte, leaving no temp file', async () => {
    const target = path.join(dir, 'out.csv');
    await writeAll(text(10 * 1024 * 1024), await fileSink(target));
    expect(readFileSync(target, 'utf8')).toBe([...text(10 * 1024 * 1024)].join(''));
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('replaces an existing file and keeps its mode (0600 stays 0600, and the umask does not apply)', async () => {
    // 0646: a usual umask (022, 002) would strip the last bit from a freshly created file.
    for (const mode of [0o600, 0o646]) {
      const target = path.join(dir, `mode-${mode.toString(8)}.csv`);
      writeFileSync(target, 'old');
      chmodSync(target, mode);
      await writeAll(['new'], await fileSink(target));
      expect(readFileSync(target, 'utf8')).toBe('new');
      expect(statSync(target).mode & 0o777).toBe(mode);
    }
  });

  it('gives a new file the default mode, as any other new file in that folder', async () => {
    const target = path.join(dir, 'fresh.csv');
    const reference = path.join(dir, 'reference');
    writeFileSync(reference, '');
    await writeAll(['a'], await fileSink(target));
    expect(statSync(target).mode & 0o777).toBe(statSync(reference).mode & 0o777);
  });

  it('abort leaves the old file byte-identical and no temp file, and can be called twice', async () => {
    const target = path.join(dir, 'keep.bin');
    const old = Buffer.from([0, 1, 2, 255, 13, 10, 0xef, 0xbb, 0xbf]);
    writeFileSync(target, old);
    const sink = await fileSink(target);
    expect(readdirSync(dir)).toHaveLength(2); // the target and the temp file beside it
    await sink.write('partial new content');
    await sink.abort();
    await sink.abort();
    expect(readFileSync(target).equals(old)).toBe(true);
    expect(readdirSync(dir)).toEqual(['keep.bin']);
  });

  it('a formatter failing mid-way aborts: old file kept, error rethrown', async () => {
    const target = path.join(dir, 'out.csv');
    writeFileSync(target, 'old');
    function* failing(): Generator<string> {
      yield 'x'.repeat(200_000);
      throw new Error('boom');
    }
    await expect(writeAll(failing(), await fileSink(target))).rejects.toThrow('boom');
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('a missing folder is an OutputError (exit 7) before anything is created', async () => {
    const target = path.join(dir, 'nope', 'out.csv');
    const err = await rejection(fileSink(target));
    expect(err).toBeInstanceOf(OutputError);
    expect((err as OutputError).exitCode).toBe(ExitCode.output);
    expect((err as OutputError).message).toBe(`cannot write ${target}: folder ${path.join(dir, 'nope')} does not exist`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a folder as target, or a file as folder, is an OutputError', async () => {
    await mkdir(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'file'), '');
    const asFolder = await rejection(fileSink(path.join(dir, 'sub')));
    expect(asFolder).toBeInstanceOf(OutputError);
    expect((asFolder as Error).message).toContain('it is a folder');
    const underFile = await rejection(fileSink(path.join(dir, 'file', 'out.csv')));
    expect(underFile).toBeInstanceOf(OutputError);
    expect((underFile as Error).message).toContain('is not a folder');
  });

  it('a symlinked target stays a symlink; its destination is replaced', async () => {
    const real = path.join(dir, 'real.csv');
    const link = path.join(dir, 'link.csv');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    await writeAll(['new'], await fileSink(link));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
  });

  it('writes straight into a FIFO instead of renaming over it', async () => {
    const fifo = path.join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    let got = '';
    reader.stdout.setEncoding('utf8').on('data', (d: string) => (got += d));
    const done = new Promise((resolve) => reader.on('close', resolve));
    await writeAll(['hello ', 'fifo\n'], await fileSink(fifo));
    await done;
    expect(got).toBe('hello fifo\n');
    expect(statSync(fifo).isFIFO()).toBe(true);
  });
});

describe('stdoutSink', () => {
  it('waits for drain when the stream is full, and delivers everything in order', async () => {
    const got: string[] = [];
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      decodeStrings: false,
      write(chunk: string, _enc, cb) {
        maxBuffered = Math.max(maxBuffered, slow.writableLength);
        got.push(chunk);
        setImmediate(cb);
      },
    });
    const input = [...text(2 * 1024 * 1024)];
    await writeAll(input, stdoutSink(slow));
    expect(got.join('')).toBe(input.join(''));
    // Without backpressure the whole 2 MB would pile up in the stream's buffer.
    expect(maxBuffered).toBeLessThan(300 * 1024);
  });

  it('treats a reader that went away (EPIPE) as the end, not an error', async () => {
    const head = spawn('head', ['-c', '10'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let got = '';
    head.stdout.setEncoding('utf8').on('data', (d: string) => (got += d));
    const sink = stdoutSink(head.stdin);
    let produced = 0;
    function* endless(): Generator<string> {
      for (let i = 0; i < 100_000; i++) {
        produced++;
        yield 'y'.repeat(64 * 1024);
      }
    }
    await writeAll(endless(), sink);
    expect(sink.closed).toBe(true);
    expect(produced).toBeLessThan(100_000);
    await expect(Promise.resolve(sink.write('more'))).resolves.toBeUndefined();
    await new Promise((resolve) => head.on('close', resolve));
    expect(got).toBe('y'.repeat(10));
  });

  it('reports any other write failure as an OutputError (exit 7)', async () => {
    const broken = new Writable({
      write(_chunk, _enc, cb) {
        cb(Object.assign(new Error('I/O error'), { code: 'EIO' }));
      },
    });
    const err = await rejection(writeAll(['a'.repeat(100_000), 'b'], stdoutSink(broken)));
    expect(err).toBeInstanceOf(OutputError);
    expect((err as OutputError).exitCode).toBe(ExitCode.output);
    expect((err as OutputError).message).toContain('I/O error');
  });
});
