// What may be uploaded for each purpose. Explicit allow-lists: an object is later served from
// this service's origin (or the bucket's), so types a browser would execute are never accepted.
// SVG is refused for images: it is an XML document that may carry <script>, and a logo opened
// directly at the object URL would run it. Sellers convert SVG logos to PNG or WebP.
import type { ObjectPurpose } from './tables.ts';

export const OBJECT_PURPOSES: readonly ObjectPurpose[] = ['image', 'deliverable'];

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;

export const ALLOWED_CONTENT_TYPES: Record<ObjectPurpose, readonly string[]> = {
  image: IMAGE_TYPES,
  deliverable: [
    'application/pdf',
    'application/zip',
    'application/epub+zip',
    'application/json',
    'text/plain',
    'text/csv',
    'text/markdown',
    'audio/mpeg',
    'audio/mp4',
    'audio/wav',
    'audio/ogg',
    'video/mp4',
    'video/webm',
    ...IMAGE_TYPES,
  ],
};

/** The bare media type of a Content-Type value: lowercase, without parameters (`; charset=...`). */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

export function isAllowedContentType(purpose: ObjectPurpose, contentType: string): boolean {
  return ALLOWED_CONTENT_TYPES[purpose].includes(mediaTypeOf(contentType));
}

/** Images render inline (logos, banners); deliverables always download, whatever their type. */
export function dispositionOf(purpose: ObjectPurpose): 'inline' | 'attachment' {
  return purpose === 'image' ? 'inline' : 'attachment';
}
