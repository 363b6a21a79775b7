/**
 * The objects of the loopback S3 server (s3-server.ts) and the operations on them, as S3 answers
 * them: ListObjectsV2 (prefix, continuation-token, max-keys, start-after; keys in byte order),
 * GetObject with Range (206, 416 past the end), PutObject with If-None-Match: * and If-Match (412),
 * DeleteObject, and multipart uploads (parts under the minimum size refused at completion). With
 * `ignorePreconditions` every conditional write is applied: the negative control of the probe.
 */
import { createHash, randomBytes } from 'node:crypto';

/** One stored object. */
export interface S3Object {
  readonly body: Buffer;
  readonly etag: string;
  readonly modified: Date;
}

/** An answer: status, headers and body. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** An S3 error answer. */
export function errorAnswer(status: number, code: string, message: string): Answer {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message><RequestId>0</RequestId></Error>`,
  };
}

const md5 = (b: Buffer): string => createHash('md5').update(b).digest('hex');

/** One bucket. */
export class Bucket {
  readonly objects = new Map<string, S3Object>();
  private readonly uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();

  constructor(private readonly opts: { ignorePreconditions: () => boolean; minPartSize: number; pageSize: number }) {}

  /** A precondition's failure, or undefined when the write may go ahead. */
  private precondition(key: string, headers: Record<string, string | undefined>): Answer | undefined {
    if (this.opts.ignorePreconditions()) return undefined;
    const existing = this.objects.get(key);
    if (headers['if-none-match'] === '*' && existing !== undefined)
      return errorAnswer(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    const ifMatch = headers['if-match'];
    if (ifMatch !== undefined) {
      if (existing === undefined) return errorAnswer(404, 'NoSuchKey', 'The specified key does not exist.');
      if (ifMatch !== existing.etag)
        return errorAnswer(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    }
    return undefined;
  }

  put(key: string, body: Buffer, headers: Record<string, string | undefined>): Answer {
    const refused = this.precondition(key, headers);
    if (refused !== undefined) return refused;
    const etag = `"${md5(body)}"`;
    this.objects.set(key, { body, etag, modified: new Date() });
    return { status: 200, headers: { etag } };
  }

  get(key: string, range: string | undefined, head: boolean): Answer {
    const o = this.objects.get(key);
    if (o === undefined) return head ? { status: 404 } : errorAnswer(404, 'NoSuchKey', 'The specified key does not exist.');
    const common = { etag: o.etag, 'last-modified': o.modified.toUTCString(), 'accept-ranges': 'bytes' };
    const m = range === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(range);
    if (m === null || (m[1] === '' && m[2] === '')) return { status: 200, headers: common, body: head ? undefined : o.body };
    const size = o.body.length;
    const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
    const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (start >= size || start > end)
      return head ? { status: 416 } : errorAnswer(416, 'InvalidRange', 'The requested range is not satisfiable');
    return {
      status: 206,
      headers: { ...common, 'content-range': `bytes ${start}-${end}/${size}` },
      body: head ? undefined : o.body.subarray(start, end + 1),
    };
  }

  delete(key: string): Answer {
    this.objects.delete(key);
    return { status: 204 };
  }

  list(q: URLSearchParams): Answer {
    const prefix = q.get('prefix') ?? '';
    const max = Math.min(this.opts.pageSize, Number(q.get('max-keys') ?? 1000));
    const token = q.get('continuation-token');
    const after = token !== null ? Buffer.from(token, 'base64url').toString('utf8') : (q.get('start-after') ?? '');
    const keys = [...this.objects.keys()]
      .filter((k) => k.startsWith(prefix) && Buffer.compare(Buffer.from(k), Buffer.from(after)) > 0)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, max);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = this.objects.get(k)!;
        return `<Contents><Key>${esc(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>` : '';
    return {
      status: 200,
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>b</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    };
  }

  createUpload(key: string): Answer {
    const id = randomBytes(8).toString('hex');
    this.uploads.set(id, { key, parts: new Map() });
    return {
      status: 200,
      body: `<InitiateMultipartUploadResult><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
    };
  }

  uploadPart(id: string, n: number, body: Buffer): Answer {
    const u = this.uploads.get(id);
    if (u === undefined) return errorAnswer(404, 'NoSuchUpload', 'The specified upload does not exist.');
    u.parts.set(n, body);
    return { status: 200, headers: { etag: `"${md5(body)}"` } };
  }

  complete(id: string, xml: string, headers: Record<string, string | undefined>): Answer {
    const u = this.uploads.get(id);
    if (u === undefined) return errorAnswer(404, 'NoSuchUpload', 'The specified upload does not exist.');
    const numbers = [...xml.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
    const parts = numbers.map((n) => u.parts.get(n));
    if (parts.some((p) => p === undefined))
      return errorAnswer(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
    if (parts.slice(0, -1).some((p) => p!.length < this.opts.minPartSize))
      return errorAnswer(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    const refused = this.precondition(u.key, headers);
    if (refused !== undefined) return refused;
    const body = Buffer.concat(parts as Buffer[]);
    const etag = `"${md5(Buffer.concat(parts.map((p) => createHash('md5').update(p!).digest())))}-${parts.length}"`;
    this.objects.set(u.key, { body, etag, modified: new Date() });
    this.uploads.delete(id);
    return {
      status: 200,
      body: `<CompleteMultipartUploadResult><Key>${esc(u.key)}</Key><ETag>${esc(etag)}</ETag></CompleteMultipartUploadResult>`,
    };
  }

  abort(id: string): Answer {
    this.uploads.delete(id);
    return { status: 204 };
  }

  /** Uploads begun and neither completed nor aborted. */
  get openUploads(): number {
    return this.uploads.size;
  }
}
