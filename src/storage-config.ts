// Storage settings (local disk or S3, upload limits, URL lifetimes), merged into config.ts's environment schema.
// The S3 store is used when S3_BUCKET is set; otherwise objects go to the local disk.
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { StoragePolicy } from './core/object-store.ts';

/** An S3-compatible bucket (modules/storage/s3-store.ts). */
export interface S3Settings {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

const Bytes = Type.Integer({ minimum: 1 });
// S3 signatures (SigV4) are valid for at most seven days.
const UrlLifetime = Type.Integer({ minimum: 10, maximum: 7 * 24 * 3600 });

export const StorageEnv = Type.Object({
  SIGNING_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  OBJECTS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  UPLOAD_MAX_IMAGE_BYTES: Type.Optional(Bytes),
  UPLOAD_MAX_DELIVERABLE_BYTES: Type.Optional(Bytes),
  UPLOAD_URL_TTL_SECONDS: Type.Optional(UrlLifetime),
  DOWNLOAD_URL_TTL_SECONDS: Type.Optional(UrlLifetime),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  S3_BUCKET: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' })),
  S3_REGION: Type.Optional(Type.String({ pattern: '^[a-z0-9-]+$' })),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.Boolean()),
});

export interface StorageConfig {
  /** Explicit URL-signing secret; when null one is generated once and kept in the database. */
  signingSecret: string | null;
  /** Folder of the local store; null (embedded in-memory database) means a temporary folder. */
  objectsDir: string | null;
  /** Set when the S3-compatible store is configured. */
  s3: S3Settings | null;
  policy: StoragePolicy;
}

/** The storage part of the settings, or a message naming what is inconsistent. */
export function storageConfig(env: Static<typeof StorageEnv>, dataDir: string): StorageConfig | string {
  const s3Set = [env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_FORCE_PATH_STYLE].some((v) => v !== undefined);
  if (s3Set && !env.S3_BUCKET) return 'S3_BUCKET: required when any other S3_ setting is given';
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither (neither uses the AWS default credentials)';
  }
  return {
    signingSecret: env.SIGNING_SECRET ?? null,
    objectsDir: env.OBJECTS_DIR ?? (dataDir.startsWith('memory://') ? null : join(dataDir, 'objects')),
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT ?? null,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
        }
      : null,
    policy: {
      maxBytes: {
        image: env.UPLOAD_MAX_IMAGE_BYTES ?? 5 * 1024 * 1024,
        deliverable: env.UPLOAD_MAX_DELIVERABLE_BYTES ?? 100 * 1024 * 1024,
      },
      uploadUrlTtlSeconds: env.UPLOAD_URL_TTL_SECONDS ?? 15 * 60,
      downloadUrlTtlSeconds: env.DOWNLOAD_URL_TTL_SECONDS ?? 15 * 60,
    },
  };
}
