/** Reading a secret without it touching argv: a no-echo prompt on a terminal, else the first line of stdin. */
import type { Readable, Writable } from 'node:stream';
import { InterruptedError, UsageError } from '../errors.js';

/** Where the secret comes from. */
export interface SecretSource {
  readonly stdin: Readable;
  readonly stderr: Writable;
  readonly stdinIsTTY: boolean;
  readonly signal?: AbortSignal;
}

/** A terminal stdin: tty.ReadStream has setRawMode. */
type RawCapable = Readable & { setRawMode(mode: boolean): unknown };

// Piped input is a key, not a file: stop reading long before a mistaken `< bigfile` hurts.
const MAX_PIPED = 64 * 1024;

/** Reads a secret: hidden prompt `label` on a terminal, else the first stdin line; trimmed, never empty. */
export async function readSecret(src: SecretSource, label: string): Promise<string> {
  const raw = src.stdin as Partial<RawCapable>;
  const secret =
    src.stdinIsTTY && typeof raw.setRawMode === 'function'
      ? await promptHidden(src.stdin as RawCapable, src.stderr, label, src.signal)
      : await readFirstLine(src.stdin, src.signal);
  const trimmed = secret.trim();
  if (trimmed === '') throw new UsageError('empty API key; nothing saved');
  return trimmed;
}

/** Reads stdin up to the first newline (or end of input). */
export function readFirstLine(stdin: Readable, signal?: AbortSignal): Promise<string> {
  if (stdin.readableEnded) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (err?: Error) => {
      stdin.off('data', onData).off('end', onEnd).off('error', onError);
      signal?.removeEventListener('abort', onAbort);
      stdin.pause();
      // A paused pipe still holds the event loop open until the writer closes it; the line is all we need.
      (stdin as Readable & { unref?: () => void }).unref?.();
      if (err) reject(err);
      else resolve(text.split(/\r?\n/, 1)[0] ?? '');
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (text.includes('\n') || text.length > MAX_PIPED) finish();
    };
    const onEnd = () => finish();
    const onError = (err: Error) => finish(new UsageError(`cannot read the API key from stdin: ${err.message}`));
    const onAbort = () => finish(new InterruptedError('SIGINT'));
    stdin.on('data', onData).on('end', onEnd).on('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    stdin.resume();
  });
}

/** Prompts on `out` and reads keystrokes in raw mode with no echo: Enter ends, Backspace edits, Ctrl-C aborts. */
export function promptHidden(stdin: RawCapable, out: Writable, label: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let chars: string[] = [];
    let escape = false; // inside an escape sequence (arrow keys...), which is never part of a key
    const finish = (err?: Error) => {
      stdin.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
      stdin.setRawMode(false);
      stdin.pause();
      out.write('\n');
      if (err) reject(err);
      else resolve(chars.join(''));
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (escape) {
          // CSI sequences end with a letter or `~`; a lone ESC followed by text ends at the next char.
          if (/[A-Za-z~]/.test(ch)) escape = false;
          continue;
        }
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003') return finish(new InterruptedError('SIGINT'));
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch === '\u0015')
          chars = []; // Ctrl-U: erase the line, as terminals do
        else if (ch === '\u001b') escape = true;
        else if (ch >= ' ') chars.push(ch);
      }
    };
    const onAbort = () => finish(new InterruptedError('SIGINT'));
    out.write(label);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    signal?.addEventListener('abort', onAbort, { once: true });
    stdin.resume();
  });
}
