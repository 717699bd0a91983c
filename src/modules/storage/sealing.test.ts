// An object's bytes are sealed at first use (local store): an upload URL still valid cannot replace
// what a deliverable serves, and the recorded size is always the size stored.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { newId } from '../../core/ids.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { LocalObjectStore } from './local-store.ts';
import { buildObjectKey } from './object-keys.ts';
import { getDeliverableDownload } from './service.ts';
import { createProduct, getBytes, putBytes } from './testing.ts';

const clock = new ManualClock('2026-04-01T09:00:00Z');
let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const ctx = () => ({ tenant: { accountId: acme.id, environment: 'sandbox' as const }, now: clock.now() });
const PDF = { contentType: 'application/pdf', fileName: 'Manual.pdf', purpose: 'deliverable' };

async function presign() {
  const res = await t.client.post('/catalog/images/presign', acme.key, PDF);
  expect(res.status).toBe(201);
  return res.body as { objectKey: string; uploadUrl: string };
}

async function attach(objectKey: string) {
  const productId = await createProduct(t, acme.key);
  const res = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey });
  expect(res.status).toBe(200);
  return { productId, deliverable: res.body };
}

async function download(productId: string) {
  const link = await getDeliverableDownload(t.database.db, ctx(), productId, t.app.deps.objectStore);
  return getBytes(t, link!.url);
}

describe('sealing uploads on first use (local store)', () => {
  it('refuses a PUT through the upload URL once the object is attached; buyers get the attached bytes and size', async () => {
    const original = randomBytes(40_000);
    const upload = await presign();
    expect((await putBytes(t, upload.uploadUrl, original, 'application/pdf')).status).toBe(200);
    const { productId, deliverable } = await attach(upload.objectKey);
    expect(deliverable.sizeBytes).toBe(40_000);

    const replacement = await putBytes(t, upload.uploadUrl, Buffer.from('%PDF-1.7 a different, smaller file'), 'application/pdf');
    expect(replacement.status).toBe(409);
    expect(replacement.body).toMatchObject({ error_code: 'conflict' });

    const got = await download(productId);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, original)).toBe(0);
    expect(got.headers['content-length']).toBe('40000');
    const read = await t.client.get(`/products/${productId}/deliverable`, acme.key);
    expect(read.body.sizeBytes).toBe(40_000);
  });

  it('lets the URL replace the bytes until the first use, which records the size then stored', async () => {
    const upload = await presign();
    expect((await putBytes(t, upload.uploadUrl, randomBytes(5_000), 'application/pdf')).status).toBe(200);
    const final = randomBytes(7_000);
    expect((await putBytes(t, upload.uploadUrl, final, 'application/pdf')).status).toBe(200);
    const { productId, deliverable } = await attach(upload.objectKey);
    expect(deliverable.sizeBytes).toBe(7_000);
    expect(Buffer.compare((await download(productId)).bytes, final)).toBe(0);
  });

  it('uses one sealed copy for every use of an object, under a key no client is given', async () => {
    const bytes = randomBytes(3_000);
    const upload = await presign();
    await putBytes(t, upload.uploadUrl, bytes, 'application/pdf');
    const first = await attach(upload.objectKey);
    const second = await attach(upload.objectKey);
    expect(second.deliverable).toMatchObject({ objectKey: upload.objectKey, sizeBytes: 3_000 });
    expect(first.deliverable.objectKey).toBe(upload.objectKey);

    const copies = await t.database.db.selectFrom('stored_objects').selectAll().where('sealed_from', '=', upload.objectKey).execute();
    expect(copies).toHaveLength(1);
    const sealedKey = copies[0]!.key;
    expect(sealedKey).not.toBe(upload.objectKey);
    expect(Number(copies[0]!.size_bytes)).toBe(3_000);
    const uploadRow = await t.database.db.selectFrom('stored_objects').selectAll().where('key', '=', upload.objectKey).executeTakeFirstOrThrow();
    expect(uploadRow.sealed_key).toBe(sealedKey);

    // The sealed key cannot be referenced through the API, nor written through a signed URL.
    const productId = await createProduct(t, acme.key);
    const bySealedKey = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey: sealedKey });
    expect(bySealedKey.status).toBe(404);
    const store = t.app.deps.objectStore as LocalObjectStore;
    const signedPut = await store.presignPut(sealedKey, { contentType: 'application/pdf', expiresAt: new Date(clock.now().getTime() + 60_000) });
    expect((await putBytes(t, signedPut.url, Buffer.from('x'), 'application/pdf')).status).toBe(409);
    expect(Buffer.compare((await download(second.productId)).bytes, bytes)).toBe(0);
  });

  it('a copy keeps its bytes when an upload then lands on the source key (the race with a PUT in flight)', async () => {
    const store = t.app.deps.objectStore as LocalObjectStore;
    const tenant = ctx().tenant;
    const source = buildObjectKey(tenant, 'deliverable', newId(), 'a.pdf');
    const copy = buildObjectKey(tenant, 'deliverable', newId(), 'a.pdf');
    await store.write(source, Readable.from([Buffer.from('first bytes')]), 1_000);
    expect(await store.copy(source, copy)).toEqual({ sizeBytes: 11, contentType: null });
    await store.write(source, Readable.from([Buffer.from('replaced with longer bytes')]), 1_000);
    const opened = await store.openRead(copy);
    expect(opened!.sizeBytes).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('first bytes');
    expect(await store.copy(buildObjectKey(tenant, 'deliverable', newId(), 'missing.pdf'), buildObjectKey(tenant, 'deliverable', newId(), 'b.pdf'))).toBeNull();
  });

  it('refuses an object not uploaded yet, and makes no copy', async () => {
    const upload = await presign();
    const productId = await createProduct(t, acme.key);
    const res = await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey: upload.objectKey });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'objectKey', constraint: 'uploaded' });
    const copies = await t.database.db.selectFrom('stored_objects').selectAll().where('sealed_from', '=', upload.objectKey).execute();
    expect(copies).toHaveLength(0);
  });
});
