// Signatures of the local store's upload and download URLs: HMAC-SHA256 over the method, the
// object key, the expiry, the content type an upload must declare and the download name, under a
// key derived from SIGNING_SECRET for this purpose only (the secret may sign other things too).
// Verification compares in constant time and checks expiry only after the signature is valid.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedObjectRequest {
  method: 'PUT' | 'GET';
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  /** The Content-Type an upload must send; empty for downloads. */
  contentType: string;
  /** Download name for Content-Disposition; empty for uploads or the stored name. */
  fileName: string;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES_PATTERN = /^[0-9]{1,12}$/;

export function deriveUrlSigningKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('object-storage-url/v1').digest();
}

export function signObjectRequest(key: Buffer, request: SignedObjectRequest): string {
  // Newlines cannot occur in keys (see object-keys.ts) or media types, so fields cannot run together.
  const text = ['v1', request.method, request.key, String(request.expires), request.contentType, request.fileName].join('\n');
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Checks a URL's `expires` and `signature` query values for `request`, as of `now`. */
export function checkObjectSignature(
  key: Buffer,
  request: Omit<SignedObjectRequest, 'expires'>,
  query: { expires?: string; signature?: string },
  now: Date,
): SignatureCheck {
  if (!query.expires || !query.signature || !EXPIRES_PATTERN.test(query.expires) || !SIGNATURE_PATTERN.test(query.signature)) return 'invalid';
  const expires = Number(query.expires);
  const expected = Buffer.from(signObjectRequest(key, { ...request, expires }));
  const presented = Buffer.from(query.signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return 'invalid';
  return now.getTime() >= expires * 1000 ? 'expired' : 'valid';
}
