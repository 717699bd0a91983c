// The S3 store against a real S3-compatible server (s3rver) on 127.0.0.1: presigned PUT and GET
// go to the bucket over HTTP, the service only signs, inspects (HeadObject) and deletes.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { getDeliverableDownload } from './service.ts';
import { createProduct } from './testing.ts';

const BUCKET = 'billing-test';
const LIMIT = 64 * 1024;
const clock = new ManualClock();
let server: S3rver;
let directory: string;
let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await server.run();
  t = await startTestApp({
    clock,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_MAX_DELIVERABLE_BYTES: String(LIMIT),
    },
  });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});
// The bucket checks expiry against the wall clock.
beforeEach(() => clock.set(new Date()));

const PDF = { contentType: 'application/pdf', fileName: 'Manual.pdf', purpose: 'deliverable' };
const ctx = () => ({ tenant: { accountId: acme.id, environment: 'sandbox' as const }, now: clock.now() });

async function presign(body = PDF) {
  const res = await t.client.post('/catalog/images/presign', acme.key, body);
  expect(res.status).toBe(201);
  return res.body as { objectKey: string; uploadUrl: string; headers: Record<string, string>; expiresAt: string };
}

describe('S3-compatible store', () => {
  it('presigns a bucket URL whose signature covers the content type', async () => {
    const res = await presign();
    const url = new URL(res.uploadUrl);
    expect(url.pathname).toBe(`/${BUCKET}/${res.objectKey}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(res.headers).toEqual({ 'Content-Type': 'application/pdf' });
  });

  it('round-trips: PUT to the bucket, file deliverable from HeadObject, signed GET of the same bytes', async () => {
    const bytes = randomBytes(20_000);
    const res = await presign();
    const put = await fetch(res.uploadUrl, { method: 'PUT', headers: res.headers, body: bytes });
    expect(put.status).toBe(200);

    const productId = await createProduct(t, acme.key);
    const deliverable = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey: res.objectKey });
    expect(deliverable.status).toBe(200);
    expect(deliverable.body).toMatchObject({ kind: 'file', objectKey: res.objectKey, fileName: 'Manual.pdf', contentType: 'application/pdf', sizeBytes: 20_000 });
    const row = await t.database.db.selectFrom('stored_objects').selectAll().where('key', '=', res.objectKey).executeTakeFirstOrThrow();
    expect(Number(row.size_bytes)).toBe(20_000);
    expect(row.uploaded_at?.toISOString()).toBe(clock.now().toISOString());

    const download = await getDeliverableDownload(t.database.db, ctx(), productId, t.app.deps.objectStore);
    expect(new URL(download!.url).host).toBe(new URL(res.uploadUrl).host);
    const got = await fetch(download!.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), bytes)).toBe(0);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="Manual.pdf"');
  });

  it('seals the object at first use: a later PUT through the still-valid URL changes neither the bytes served nor the size', async () => {
    const original = randomBytes(30_000);
    const res = await presign();
    expect((await fetch(res.uploadUrl, { method: 'PUT', headers: res.headers, body: original })).status).toBe(200);
    const productId = await createProduct(t, acme.key);
    const attached = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey: res.objectKey });
    expect(attached.body).toMatchObject({ objectKey: res.objectKey, sizeBytes: 30_000 });

    // A bucket cannot refuse a presigned PUT before its expiry: the replacement lands on the upload key...
    const replacement = Buffer.from('%PDF-1.7 something else entirely');
    expect((await fetch(res.uploadUrl, { method: 'PUT', headers: res.headers, body: replacement })).status).toBe(200);
    expect((await t.app.deps.objectStore.head(res.objectKey))!.sizeBytes).toBe(replacement.length);

    // ...but buyers are served the sealed copy, whose size is the one recorded.
    const download = await getDeliverableDownload(t.database.db, ctx(), productId, t.app.deps.objectStore);
    expect(download!.url).not.toContain(res.objectKey);
    const got = await fetch(download!.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-length')).toBe('30000');
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), original)).toBe(0);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="Manual.pdf"');

    // Using the object again reuses the copy: the replaced bytes are never picked up.
    const again = await t.client.put(`/products/${await createProduct(t, acme.key)}/deliverable`, acme.key, { kind: 'file', objectKey: res.objectKey });
    expect(again.body.sizeBytes).toBe(30_000);
    const copies = await t.database.db.selectFrom('stored_objects').selectAll().where('sealed_from', '=', res.objectKey).execute();
    expect(copies).toHaveLength(1);
    expect((await t.app.deps.objectStore.head(copies[0]!.key))!.sizeBytes).toBe(30_000);
    expect(Number(copies[0]!.size_bytes)).toBe(30_000);
  });

  it('the bucket refuses a PUT with another content type, or a tampered URL', async () => {
    const res = await presign();
    const wrongType = await fetch(res.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: '<script>' });
    expect(wrongType.status).toBe(403);
    const tampered = await fetch(res.uploadUrl.replace('Manual.pdf', 'Other.pdf'), { method: 'PUT', headers: res.headers, body: 'x' });
    expect(tampered.status).toBe(403);
    expect(await t.app.deps.objectStore.head(res.objectKey)).toBeNull();
  });

  it('the bucket refuses an expired URL', async () => {
    clock.set(new Date(Date.now() - 20 * 60_000));
    const res = await presign();
    const put = await fetch(res.uploadUrl, { method: 'PUT', headers: res.headers, body: 'late' });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain('expired');
  });

  it('refuses an object never uploaded, and deletes one over the size limit when it is first used', async () => {
    const productId = await createProduct(t, acme.key);
    const pending = await presign();
    const notUploaded = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey: pending.objectKey });
    expect(notUploaded.body.errors[0]).toMatchObject({ field: 'objectKey', constraint: 'uploaded' });

    const big = await presign();
    expect((await fetch(big.uploadUrl, { method: 'PUT', headers: big.headers, body: randomBytes(LIMIT + 1) })).status).toBe(200);
    const oversize = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey: big.objectKey });
    expect(oversize.status).toBe(422);
    expect(oversize.body.errors[0]).toMatchObject({ field: 'objectKey', constraint: 'max_size' });
    expect(await t.app.deps.objectStore.head(big.objectKey)).toBeNull();
  });

  it('has no local signed-URL routes: the bucket serves them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storage/objects/x?expires=1&signature=y' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error_code: 'not_found', resource: 'route' });
  });
});
