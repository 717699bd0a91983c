// Builds the configured object store once per process (app.ts).
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../db/database.ts';
import { LocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { loadSigningSecret } from './signing-secret.ts';
import type { StorageConfig } from '../../storage-config.ts';
import { deriveUrlSigningKey } from './url-signing.ts';

export async function createObjectStore(config: { baseUrl: string; storage: StorageConfig }, db: Db, now: Date): Promise<ObjectStore> {
  const { storage } = config;
  if (storage.s3) {
    // The AWS SDK is most of the service's module loading time: loaded only when S3 is configured.
    const { S3ObjectStore } = await import('./s3-store.ts');
    return new S3ObjectStore(storage.s3, storage.policy);
  }
  const secret = await loadSigningSecret(db, storage.signingSecret, now);
  const temporary = storage.objectsDir === null;
  const root = storage.objectsDir ?? (await mkdtemp(join(tmpdir(), 'billing-objects-')));
  await mkdir(root, { recursive: true });
  return new LocalObjectStore({ root, baseUrl: config.baseUrl, signingKey: deriveUrlSigningKey(secret), policy: storage.policy, temporary });
}
