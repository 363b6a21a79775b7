/** Where formatted text goes: stdout (a closed reader is not an error) or a file replaced atomically. */
import type { Writable } from 'node:stream';
import { OutputError } from '../../errors.js';
import { errorCode } from '../../store/files.js';
import type { Sink } from '../../store/sink.js';

export type { Sink } from '../../store/sink.js';

// The reader went away (`| head -1`, a closed socket): stop quietly, as `cat` and `grep` do.
const READER_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

/** A sink on stdout (or any Writable): honours backpressure, treats EPIPE as "stop", never exits. */
export function stdoutSink(stream: Writable): Sink {
  let closed = false;
  let failure: OutputError | undefined;
  let waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const settle = (): void => {
    const ws = waiters;
    waiters = [];
    for (const w of ws) failure === undefined ? w.resolve() : w.reject(failure);
  };
  const onError = (err: Error): void => {
    if (closed || failure !== undefined) return;
    if (READER_GONE.has(errorCode(err) ?? '')) closed = true;
    else failure = new OutputError(`cannot write to standard output: ${err.message}`);
    settle();
  };
  const onWritten = (err?: Error | null): void => {
    if (err) onError(err);
  };
  // The listener stays after end(): a late EPIPE must never become an uncaught 'error' event.
  stream.on('error', onError);
  stream.on('drain', settle);
  const wait = (): Promise<void> => new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  return {
    get closed() {
      return closed;
    },
    write(chunk) {
      if (closed) return;
      if (failure !== undefined) throw failure;
      if (stream.write(chunk, onWritten)) return;
      return wait();
    },
    async end() {
      stream.off('drain', settle);
      if (closed) return;
      if (failure !== undefined) throw failure;
      // The callback of an empty write runs once every earlier chunk has been handed to the OS. The
      // stream itself is not ended: stdout belongs to the process, not to this sink.
      const flushed = wait();
      stream.write('', (err) => (err ? onError(err) : settle()));
      await flushed;
      // A write may have failed while this waited (the narrowing above does not see callbacks).
      const late = failure as OutputError | undefined;
      if (late !== undefined) throw late;
    },
    abort() {
      // What reached stdout cannot be taken back; just stop listening for drain.
      stream.off('drain', settle);
      return Promise.resolve();
    },
  };
}

/**
 * Why text written to `stream` without a sink (commander's help) did not all get out, once every
 * earlier write has been handed to the OS: an OutputError (exit 7, as a sink's failure), or undefined
 * when it got out or the reader went away, which is no failure.
 */
export async function stdoutFailure(stream: Writable): Promise<OutputError | undefined> {
  const err = await new Promise<Error | null | undefined>((resolve) => stream.write('', resolve));
  const cause = stream.errored ?? err;
  if (!cause || READER_GONE.has(errorCode(cause) ?? '')) return undefined;
  return new OutputError(`cannot write to standard output: ${cause.message}`);
}

// Formatters yield ~1000-row chunks; very small chunks are joined so each write moves ~64 KiB.
const BATCH = 64 * 1024;

/**
 * One turn of the event loop (a macrotask), so a signal's handler runs between two chunks: awaiting a
 * settled promise alone never lets it in, and a long output to a fast reader never waits on its own.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Rejects with the signal's reason once it aborts (a write held up by a reader that stopped reading). */
function untilAbort(pending: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return pending;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Pump a formatter's chunks into `sink` with backpressure; stops quietly once the reader went away.
 * Between batches it yields to the event loop, and once `signal` aborts it stops with its reason.
 * On success ends the sink; on any error (formatter or sink) aborts it and rethrows.
 */
export async function writeAll(chunks: Iterable<string>, sink: Sink, signal?: AbortSignal): Promise<void> {
  try {
    let buf = '';
    for (const chunk of chunks) {
      // Leaving the loop calls the generator's return(): a lazy formatter stops pulling rows too.
      if (sink.closed) break;
      buf += chunk;
      if (buf.length >= BATCH) {
        const pending = sink.write(buf);
        buf = '';
        await untilAbort(pending ?? nextTurn(), signal);
        signal?.throwIfAborted();
      }
    }
    if (buf !== '' && !sink.closed) await untilAbort(Promise.resolve(sink.write(buf)), signal);
    await sink.end();
  } catch (err) {
    await sink.abort();
    throw err;
  }
}
