// The port for uploaded bytes (local disk or an S3-compatible bucket): the storage area implements
// it (modules/storage), app.ts builds one per process and hands it to the routes that need it, so
// the HTTP layer's AppDeps names it without importing an area.

/** What an uploaded object is for: product and shop images, or a product's deliverable file. */
export type ObjectPurpose = 'image' | 'deliverable';

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
