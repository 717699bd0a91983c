// Helpers for this module's tests: products, and uploads through the app to a presigned URL.
import { Readable } from 'node:stream';
import { newId } from '../../core/ids.ts';
import type { TestContext } from '../../../test/harness.ts';

/** A product of the key's tenant, made through POST /products. */
export async function createProduct(t: TestContext, key: string): Promise<string> {
  const res = await t.client.post('/products', key, { key: `ebook-${newId()}`, name: 'E-book', pricingModel: 'one_time', basePrice: '29.90' });
  if (res.status !== 201 && res.status !== 200) throw new Error(`create product failed: ${res.status} ${res.raw}`);
  return res.body.product.id;
}

/** The path and query of a URL the local store made (app.inject takes no host). */
export function localPath(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

export interface UploadOptions {
  contentType?: string;
  /** Send the body as a stream without Content-Length, as a chunked upload would. */
  chunked?: boolean;
}

/** PUTs bytes to a presigned local URL through the app. */
export async function putBytes(t: TestContext, uploadUrl: string, bytes: Buffer, contentType: string, options: UploadOptions = {}) {
  const payload = options.chunked ? Readable.from(chunksOf(bytes, 64 * 1024)) : bytes;
  const response = await t.app.inject({ method: 'PUT', url: localPath(uploadUrl), headers: { 'content-type': contentType }, payload });
  return { status: response.statusCode, body: parse(response.body), headers: response.headers };
}

export async function getBytes(t: TestContext, url: string) {
  const response = await t.app.inject({ method: 'GET', url: localPath(url) });
  return { status: response.statusCode, bytes: response.rawPayload, body: parse(response.body), headers: response.headers };
}

/** Presigns and uploads; returns the object key. */
export async function uploadObject(t: TestContext, key: string, input: { contentType: string; fileName: string; purpose?: string }, bytes: Buffer): Promise<string> {
  const presigned = await t.client.post('/catalog/images/presign', key, input);
  if (presigned.status !== 201) throw new Error(`presign failed: ${presigned.status} ${presigned.raw}`);
  const put = await putBytes(t, presigned.body.uploadUrl, bytes, presigned.body.headers['Content-Type']);
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${JSON.stringify(put.body)}`);
  return presigned.body.objectKey;
}

function* chunksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
