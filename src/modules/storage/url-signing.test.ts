import { describe, expect, it } from 'vitest';
import { checkObjectSignature, deriveUrlSigningKey, signObjectRequest, type SignedObjectRequest } from './url-signing.ts';

const key = deriveUrlSigningKey('a'.repeat(40));
const request: SignedObjectRequest = { method: 'PUT', key: 'acct/sandbox/image/id/logo.png', expires: 1_800_000_000, contentType: 'image/png', fileName: '' };
const signature = signObjectRequest(key, request);
const before = new Date(1_799_999_999_000);
const { expires: _expires, ...unsigned } = request;

describe('signed object URLs', () => {
  it('accepts the signed request until its expiry second, then answers expired', () => {
    expect(checkObjectSignature(key, unsigned, { expires: String(request.expires), signature }, before)).toBe('valid');
    expect(checkObjectSignature(key, unsigned, { expires: String(request.expires), signature }, new Date(1_800_000_000_000))).toBe('expired');
  });

  it.each<[string, Partial<SignedObjectRequest>]>([
    ['method', { method: 'GET' }],
    ['key', { key: 'acct/sandbox/image/id/logo2.png' }],
    ['content type', { contentType: 'text/html' }],
    ['file name', { fileName: 'x.html' }],
  ])('refuses a change of %s', (_field, change) => {
    expect(checkObjectSignature(key, { ...unsigned, ...change }, { expires: String(request.expires), signature }, before)).toBe('invalid');
  });

  it('refuses a moved expiry, another secret, and malformed values', () => {
    expect(checkObjectSignature(key, unsigned, { expires: String(request.expires + 1), signature }, before)).toBe('invalid');
    expect(checkObjectSignature(deriveUrlSigningKey('b'.repeat(40)), unsigned, { expires: String(request.expires), signature }, before)).toBe('invalid');
    expect(checkObjectSignature(key, unsigned, { expires: '1e12', signature }, before)).toBe('invalid');
    expect(checkObjectSignature(key, unsigned, { expires: String(request.expires), signature: `${signature}=` }, before)).toBe('invalid');
    expect(checkObjectSignature(key, unsigned, { expires: String(request.expires) }, before)).toBe('invalid');
  });
});
