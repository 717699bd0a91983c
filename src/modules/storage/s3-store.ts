// Objects in an S3-compatible bucket (AWS S3, MinIO, R2, ...). Clients upload and download with
// presigned URLs straight to the bucket; the service only signs, inspects and deletes.
// Presigned PUT URLs cannot bound the body size, so the size limit is checked when the object is
// first used (assertUploadedObject), and an oversize object is deleted there.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, parseObjectKey } from './object-keys.ts';
import type { ObjectHead, ObjectStore, PresignedUpload, StoragePolicy } from './object-store.ts';
import { dispositionOf } from './upload-policy.ts';

import type { S3Settings } from '../../storage-config.ts';
export type { S3Settings };

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    readonly policy: StoragePolicy,
  ) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      // Without keys the SDK's default chain applies (environment, instance role, ...).
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Otherwise the SDK signs a checksum of the empty body into presigned PUT URLs, and the
      // real upload then fails the bucket's checksum check.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignPut(key: string, options: { contentType: string; now: Date; expiresAt: Date }): Promise<PresignedUpload> {
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, ContentType: options.contentType });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: secondsBetween(options.now, options.expiresAt),
      signingDate: options.now,
      signableHeaders: new Set(['content-type']),
    });
    return { url, headers: { 'Content-Type': options.contentType } };
  }

  async presignGet(key: string, options: { now: Date; expiresAt: Date; fileName?: string | null }): Promise<string> {
    const parsed = parseObjectKey(key);
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ...(parsed ? { ResponseContentDisposition: contentDisposition(dispositionOf(parsed.purpose), options.fileName ?? parsed.fileName) } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: secondsBetween(options.now, options.expiresAt), signingDate: options.now });
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { sizeBytes: result.ContentLength ?? 0, contentType: result.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A server-side copy (CopyObject, up to 5 GB), then the copy's own size as the bucket reports it. */
  async copy(fromKey: string, toKey: string): Promise<ObjectHead | null> {
    const source = `${this.settings.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.settings.bucket, Key: toKey, CopySource: source, MetadataDirective: 'COPY' }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return this.head(toKey);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** Whole seconds, as SigV4 counts them from the signing time truncated to the second. */
function secondsBetween(from: Date, to: Date): number {
  return Math.max(1, Math.floor(to.getTime() / 1000) - Math.floor(from.getTime() / 1000));
}
