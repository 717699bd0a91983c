// Where uploaded bytes live. Two implementations: the local disk (the service itself accepts the
// signed uploads and serves the signed downloads) and any S3-compatible bucket (the client talks
// to the bucket directly). Callers never see which one is in use.
export type { ObjectHead, ObjectStore, PresignedUpload, StoragePolicy } from '../../core/object-store.ts';

/** Expiry of a URL made now: whole seconds, since URLs carry Unix seconds. */
export function expiryAfter(now: Date, seconds: number): Date {
  return new Date((Math.floor(now.getTime() / 1000) + seconds) * 1000);
}
