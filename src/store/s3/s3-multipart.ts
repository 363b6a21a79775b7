/**
 * A streamed put: the body is buffered up to one part (8 MiB by default); a body that ends within it
 * is one PutObject, a longer one a multipart upload of parts of exactly that size (the last one
 * shorter), so memory stays at about one part whatever the object's size. The object appears only
 * when CompleteMultipartUpload lands (S3 keeps put atomic); a failure, of the source or of a request,
 * aborts the upload and leaves the old object.
 */
import type { Body } from '../store.js';
import type { S3Client } from './s3-client.js';
import { xmlEscape, xmlOne } from './xml.js';

/** The default part size: S3 wants at least 5 MiB for every part but the last. */
export const PART_SIZE = 8 * 1024 * 1024;

const bytesOf = (c: string | Uint8Array): Uint8Array => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);

/** Writes the stream `body` to `key` (the full key in the bucket); `single` puts a body that fits in one part. */
export async function putStream(
  client: S3Client,
  key: string,
  what: string,
  body: Exclude<Body, string | Uint8Array>,
  partSize: number,
  single: (bytes: Uint8Array) => Promise<void>,
): Promise<void> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let upload: Upload | undefined;
  try {
    for await (const chunk of body) {
      const b = bytesOf(chunk);
      held.push(b);
      heldBytes += b.length;
      // A part leaves only once more bytes follow it, so the last part is never empty.
      while (heldBytes > partSize) {
        const all = Buffer.concat(held);
        upload ??= await Upload.start(client, key, what);
        await upload.part(all.subarray(0, partSize));
        held = [all.subarray(partSize)];
        heldBytes = all.length - partSize;
      }
    }
    const rest = Buffer.concat(held);
    if (upload === undefined) return await single(rest);
    await upload.part(rest);
    await upload.complete();
  } catch (err) {
    await upload?.abort().catch(() => undefined);
    throw err;
  }
}

class Upload {
  private readonly etags: string[] = [];

  private constructor(
    private readonly client: S3Client,
    private readonly key: string,
    private readonly what: string,
    private readonly id: string,
  ) {}

  static async start(client: S3Client, key: string, what: string): Promise<Upload> {
    const res = await client.send({ method: 'POST', key, query: { uploads: '' }, what });
    const id = xmlOne(res.body.toString('utf8'), 'UploadId');
    if (id === undefined)
      throw client.failure(what, 502, '<Error><Code>InvalidResponse</Code><Message>no UploadId in the answer</Message></Error>');
    return new Upload(client, key, what, id);
  }

  async part(bytes: Uint8Array): Promise<void> {
    const partNumber = String(this.etags.length + 1);
    const res = await this.client.send({
      method: 'PUT',
      key: this.key,
      query: { partNumber, uploadId: this.id },
      body: bytes,
      what: this.what,
    });
    const etag = res.headers.etag;
    this.etags.push(typeof etag === 'string' ? etag : '');
  }

  async complete(): Promise<void> {
    const parts = this.etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(e)}</ETag></Part>`).join('');
    const body = Buffer.from(`<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`, 'utf8');
    const res = await this.client.send({ method: 'POST', key: this.key, query: { uploadId: this.id }, body, what: this.what });
    // S3 may answer 200 and put the failure in the body.
    const text = res.body.toString('utf8');
    if (/<Error>/.test(text)) throw this.client.failure(this.what, 500, text);
  }

  async abort(): Promise<void> {
    await this.client.send({ method: 'DELETE', key: this.key, query: { uploadId: this.id }, accept: [404], what: this.what });
  }
}
