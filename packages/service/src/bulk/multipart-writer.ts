import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { s3Client } from '../clients';
import { bucketName } from '../config';

/** S3's smallest part but the last; a job's archive can be gigabytes, so it is never held whole. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * An object written in parts as it is produced (a bulk job's results archive): bytes are buffered
 * up to one part, uploaded, and dropped, so memory stays at one part whatever the object's size.
 */
export class MultipartWriter {
  private uploadId: string | undefined;
  private readonly parts: Array<{ PartNumber: number; ETag: string | undefined }> = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private written = 0;

  constructor(
    private readonly key: string,
    private readonly contentType: string,
  ) {}

  get bytes(): number {
    return this.written;
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.pendingBytes += chunk.byteLength;
    this.written += chunk.byteLength;
    if (this.pendingBytes >= PART_BYTES) await this.flush();
  }

  /** The object becomes visible only here, whole; an archive cut short never does. */
  async close(): Promise<void> {
    await this.flush(true);
    await s3Client().send(
      new CompleteMultipartUploadCommand({
        Bucket: bucketName(),
        Key: this.key,
        UploadId: await this.upload(),
        MultipartUpload: { Parts: this.parts },
      }),
    );
  }

  async abort(): Promise<void> {
    if (!this.uploadId) return;
    await s3Client().send(
      new AbortMultipartUploadCommand({ Bucket: bucketName(), Key: this.key, UploadId: this.uploadId }),
    );
  }

  private async upload(): Promise<string> {
    if (!this.uploadId) {
      const { UploadId } = await s3Client().send(
        new CreateMultipartUploadCommand({
          Bucket: bucketName(),
          Key: this.key,
          ContentType: this.contentType,
        }),
      );
      this.uploadId = UploadId as string;
    }
    return this.uploadId;
  }

  private async flush(last = false): Promise<void> {
    if (this.pendingBytes === 0 && !(last && this.parts.length === 0)) return;
    const body = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const PartNumber = this.parts.length + 1;
    const { ETag } = await s3Client().send(
      new UploadPartCommand({
        Bucket: bucketName(),
        Key: this.key,
        UploadId: await this.upload(),
        PartNumber,
        Body: body,
      }),
    );
    this.parts.push({ PartNumber, ETag });
  }
}
