import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('storage settings', () => {
  it('defaults to the local store under DATA_DIR with 5 MiB images, 100 MiB deliverables, 15-minute URLs', () => {
    const { storage } = loadConfig({ DATA_DIR: '/srv/billing' });
    expect(storage).toEqual({
      signingSecret: null,
      objectsDir: '/srv/billing/objects',
      s3: null,
      policy: { maxBytes: { image: 5 * 1024 * 1024, deliverable: 100 * 1024 * 1024 }, uploadUrlTtlSeconds: 900, downloadUrlTtlSeconds: 900 },
    });
    expect(loadConfig({ DATA_DIR: 'memory://' }).storage.objectsDir).toBeNull();
  });

  it('reads the S3 settings', () => {
    const { storage } = loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' });
    expect(storage.s3).toEqual({ endpoint: 'http://127.0.0.1:9000', bucket: 'files', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'Files_Bad' }, 'S3_BUCKET'],
    [{ SIGNING_SECRET: 'short' }, 'SIGNING_SECRET'],
    [{ UPLOAD_MAX_IMAGE_BYTES: '0' }, 'UPLOAD_MAX_IMAGE_BYTES'],
    [{ DOWNLOAD_URL_TTL_SECONDS: String(8 * 24 * 3600) }, 'DOWNLOAD_URL_TTL_SECONDS'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
