/**
 * The Store (store.ts) on an S3 bucket, under an optional key prefix, over S3's REST API:
 * ListObjectsV2 (paginated), GetObject (with Range), PutObject (atomic; multipart for streams longer
 * than a part, s3-multipart.ts), PutObject with `If-None-Match: *` for putIfAbsent (412 or 409 →
 * KeyExistsError), PutObject with `If-Match` for putIfMatch, DeleteObject. A conditional write whose
 * first attempt got no answer and whose retry is refused reads the object back: when it holds exactly
 * the bytes written, the first attempt landed and the write succeeded (else a writer would take its
 * own commit for another's).
 */
import { OutputError } from '../../errors.js';
import {
  KeyExistsError,
  ObjectChangedError,
  isKey,
  joinKey,
  type Body,
  type ByteRange,
  type Store,
  type StoredObject,
  type TaggedObject,
} from '../store.js';
import { S3Client, type S3ClientOptions, type S3Response } from './s3-client.js';
import { PART_SIZE, putStream } from './s3-multipart.js';
import { xmlAll, xmlOne } from './xml.js';
import { errorOf } from './s3-errors.js';

/** An S3 store's settings. */
export interface S3StoreOptions extends S3ClientOptions {
  /** The key prefix inside the bucket ('' or undefined for the whole bucket), without slashes at its ends. */
  readonly prefix?: string;
  /** A streamed body longer than this goes up in parts of this size (bytes; 8 MiB by default, at least 5 MiB on AWS). */
  readonly partSize?: number;
}

/** A Store on `s3://bucket/prefix`. */
export function s3Store(o: S3StoreOptions): Store & Required<Pick<Store, 'readTagged' | 'putIfMatch'>> {
  return new S3Store(o);
}

const bytesOf = (b: string | Uint8Array): Uint8Array => (typeof b === 'string' ? Buffer.from(b, 'utf8') : b);
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

class S3Store implements Store {
  readonly name: string;
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly o: S3StoreOptions) {
    this.prefix = o.prefix ?? '';
    this.name = `s3://${o.bucket}${this.prefix === '' ? '' : `/${this.prefix}`}`;
    this.client = new S3Client(o);
  }

  private full(key: string): string {
    if (!isKey(key)) throw new OutputError(`cannot use ${JSON.stringify(key)} as a name in ${this.name}`);
    return joinKey(this.prefix, key);
  }

  private what(key: string): string {
    return `${this.name}/${key}`;
  }

  /** A 404 that is about the bucket, not the key, is an error. */
  private missing(res: S3Response, key: string): boolean {
    if (res.status !== 404) return false;
    if (errorOf(404, res.body.toString('utf8')).code === 'NoSuchBucket')
      throw this.client.failure(this.what(key), 404, res.body.toString('utf8'));
    return true;
  }

  async list(prefix: string, opts: { readonly limit?: number } = {}): Promise<StoredObject[]> {
    const base = this.prefix === '' ? '' : `${this.prefix}/`;
    const limit = opts.limit ?? Infinity;
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = {
        'list-type': '2',
        prefix: base + prefix,
        'max-keys': String(Math.min(1000, limit - out.length)),
      };
      if (token !== undefined) query['continuation-token'] = token;
      const res = await this.client.send({ method: 'GET', query, what: `${this.name}/${prefix}` });
      const xml = res.body.toString('utf8');
      for (const c of xmlAll(xml, 'Contents')) {
        const key = xmlOne(c, 'Key');
        if (key === undefined || !key.startsWith(base) || key.endsWith('/')) continue;
        out.push({
          key: key.slice(base.length),
          size: Number(xmlOne(c, 'Size') ?? 0),
          modifiedMs: Date.parse(xmlOne(c, 'LastModified') ?? '') || 0,
        });
      }
      token = xmlOne(xml, 'IsTruncated') === 'true' ? xmlOne(xml, 'NextContinuationToken') : undefined;
    } while (token !== undefined && out.length < limit);
    return out.slice(0, limit).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async read(key: string, range?: ByteRange): Promise<Uint8Array | undefined> {
    const full = this.full(key);
    if (range === undefined) {
      const res = await this.client.send({ method: 'GET', key: full, accept: [404], what: this.what(key) });
      return this.missing(res, key) ? undefined : new Uint8Array(res.body);
    }
    const start = Math.max(0, range.start);
    if (range.end !== undefined && range.end <= start) {
      // An empty range: S3 has no such Range header; ask whether the object exists.
      const res = await this.client.send({ method: 'HEAD', key: full, accept: [404], what: this.what(key) });
      return res.status === 404 ? undefined : new Uint8Array(0);
    }
    const header = `bytes=${start}-${range.end === undefined ? '' : range.end - 1}`;
    const res = await this.client.send({ method: 'GET', key: full, headers: { range: header }, accept: [404, 416], what: this.what(key) });
    if (this.missing(res, key)) return undefined;
    if (res.status === 416) return new Uint8Array(0); // the range starts past the end: clipped to nothing
    // A server that ignores Range answers 200 with the whole object.
    const body = res.status === 200 ? res.body.subarray(start, range.end) : res.body;
    return new Uint8Array(body);
  }

  async put(key: string, body: Body): Promise<void> {
    const full = this.full(key);
    const single = async (bytes: Uint8Array): Promise<void> => {
      await this.client.send({ method: 'PUT', key: full, body: bytes, what: this.what(key) });
    };
    if (typeof body === 'string' || body instanceof Uint8Array) return single(bytesOf(body));
    await putStream(this.client, full, this.what(key), body, this.o.partSize ?? PART_SIZE, single);
  }

  async putIfAbsent(key: string, body: string | Uint8Array): Promise<void> {
    const bytes = bytesOf(body);
    const res = await this.client.send({
      method: 'PUT',
      key: this.full(key),
      headers: { 'if-none-match': '*' },
      body: bytes,
      accept: [409, 412],
      what: this.what(key),
    });
    if (res.status === 409 || res.status === 412) {
      if (res.attempts > 1 && (await this.holds(key, bytes))) return;
      throw new KeyExistsError(key);
    }
  }

  async readTagged(key: string): Promise<TaggedObject | undefined> {
    const res = await this.client.send({ method: 'GET', key: this.full(key), accept: [404], what: this.what(key) });
    if (this.missing(res, key)) return undefined;
    const etag = res.headers.etag;
    if (typeof etag !== 'string') throw new OutputError(`${this.what(key)}: the store sent no ETag`);
    return { body: new Uint8Array(res.body), etag };
  }

  async putIfMatch(key: string, body: string | Uint8Array, etag: string): Promise<void> {
    const bytes = bytesOf(body);
    const res = await this.client.send({
      method: 'PUT',
      key: this.full(key),
      headers: { 'if-match': etag },
      body: bytes,
      accept: [404, 409, 412],
      what: this.what(key),
    });
    if (res.status === 404) this.missing(res, key);
    if (res.status === 404 || res.status === 409 || res.status === 412) {
      if (res.attempts > 1 && (await this.holds(key, bytes))) return;
      throw new ObjectChangedError(key);
    }
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.send({ method: 'DELETE', key: this.full(key), accept: [404], what: this.what(key) });
    this.missing(res, key);
  }

  private async holds(key: string, bytes: Uint8Array): Promise<boolean> {
    const now = await this.read(key);
    return now !== undefined && sameBytes(now, bytes);
  }
}
