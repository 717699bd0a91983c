// Where uploaded bytes live. Two implementations: the local disk (the service itself accepts the
// signed uploads and serves the signed downloads) and any S3-compatible bucket (the client talks
// to the bucket directly). Callers never see which one is in use.
import type { ObjectPurpose } from './tables.ts';

export interface StoragePolicy {
  /** Largest accepted object per purpose, in bytes. */
  maxBytes: Record<ObjectPurpose, number>;
  uploadUrlTtlSeconds: number;
  downloadUrlTtlSeconds: number;
}

export interface PresignedUpload {
  url: string;
  /** Headers the upload must send exactly as given (the content type is part of the signature). */
  headers: Record<string, string>;
}

export interface ObjectHead {
  sizeBytes: number;
  contentType: string | null;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  readonly policy: StoragePolicy;
  /** A URL accepting one PUT of the object with `contentType` until `expiresAt`. */
  presignPut(key: string, options: { contentType: string; now: Date; expiresAt: Date }): Promise<PresignedUpload>;
  /** A URL serving the object until `expiresAt`; `fileName` overrides the download name. */
  presignGet(key: string, options: { now: Date; expiresAt: Date; fileName?: string | null }): Promise<string>;
  /** Size and type of a stored object, or null when nothing was uploaded under the key. */
  head(key: string): Promise<ObjectHead | null>;
  /**
   * Copies the object's bytes as they are now to `toKey` and returns the copy's size, or null when
   * nothing was uploaded under `fromKey`. A later upload to `fromKey` never changes the copy.
   */
  copy(fromKey: string, toKey: string): Promise<ObjectHead | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Releases clients and temporary folders. */
  close(): Promise<void>;
}

/** Expiry of a URL made now: whole seconds, since URLs carry Unix seconds. */
export function expiryAfter(now: Date, seconds: number): Date {
  return new Date((Math.floor(now.getTime() / 1000) + seconds) * 1000);
}
