/** The one shape of a destination for text chunks or bytes, in order: stdout (output/files/sink.ts) or a file replaced atomically (file-sink.ts). */
export interface Sink {
  /** Write a chunk (text, or bytes copied verbatim); when the destination is busy, returns a promise that settles once it can take more. */
  write(chunk: string | Uint8Array): Promise<void> | void;
  /** Finish: flush; for files, fsync and rename into place. */
  end(): Promise<void>;
  /** On failure or interrupt: remove the temporary file, leave the old file untouched; idempotent. */
  abort(): Promise<void>;
  /** True once stdout's reader went away (EPIPE): further writes are dropped. */
  readonly closed: boolean;
}
