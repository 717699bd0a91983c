import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { getDeliverableDownload } from './service.ts';
import { getBytes, createProduct, uploadObject } from './testing.ts';

const clock = new ManualClock('2026-04-01T09:00:00Z');
let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const ctx = () => ({ tenant: { accountId: acme.id, environment: 'sandbox' as const }, now: clock.now() });
const path = (productId: string) => `/products/${productId}/deliverable`;
const PDF = { contentType: 'application/pdf', fileName: 'Guia do Curso.pdf', purpose: 'deliverable' };

describe('link deliverables', () => {
  it('sets, reads and replaces a link; every field is present', async () => {
    const productId = await createProduct(t, acme.key);
    const put = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/course?access=1' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      id: expect.any(String),
      productId,
      kind: 'link',
      url: 'https://example.com/course?access=1',
      objectKey: null,
      fileName: null,
      contentType: null,
      sizeBytes: null,
      createdAt: '2026-04-01T09:00:00.000Z',
      updatedAt: '2026-04-01T09:00:00.000Z',
    });
    const got = await t.client.get(path(productId), acme.key);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(put.body);

    clock.advance(60_000);
    const replaced = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'http://example.org/v2' });
    expect(replaced.body).toMatchObject({ id: put.body.id, url: 'http://example.org/v2', createdAt: put.body.createdAt, updatedAt: '2026-04-01T09:01:00.000Z' });
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['ftp:', 'ftp://files.example.com/book.pdf'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', '/downloads/book.pdf'],
    ['credentials in the URL', 'https://user:secret@example.com/book.pdf'],
    ['spaces', 'https://example.com/my book.pdf'],
    ['no host', 'https://'],
  ])('refuses %s as a link URL with a field error', async (_name, url) => {
    const productId = await createProduct(t, acme.key);
    const res = await t.client.put(path(productId), acme.key, { kind: 'link', url });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'url', constraint: 'http_url', value: url });
    expect((await t.client.get(path(productId), acme.key)).status).toBe(404);
  });

  it('refuses file fields on a link, a link without url, and unknown kinds', async () => {
    const productId = await createProduct(t, acme.key);
    const mixed = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com', objectKey: 'x' });
    expect(mixed.body.errors[0]).toMatchObject({ field: 'objectKey', constraint: 'unknown_field' });
    const missing = await t.client.put(path(productId), acme.key, { kind: 'link' });
    expect(missing.body.errors[0]).toMatchObject({ field: 'url', constraint: 'required' });
    const unknownKind = await t.client.put(path(productId), acme.key, { kind: 'email', url: 'https://example.com' });
    expect(unknownKind.status).toBe(422);
    expect(unknownKind.body.errors[0].field).toBe('kind');
  });
});

describe('file deliverables', () => {
  it('takes size and type from the upload, and a later download gives the same bytes', async () => {
    const bytes = randomBytes(40_000);
    const objectKey = await uploadObject(t, acme.key, PDF, bytes);
    const productId = await createProduct(t, acme.key);
    const put = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ kind: 'file', url: null, objectKey, fileName: 'Guia do Curso.pdf', contentType: 'application/pdf', sizeBytes: 40_000 });

    const download = await getDeliverableDownload(t.database.db, ctx(), productId, t.app.deps.objectStore);
    expect(download).toMatchObject({ kind: 'file', fileName: 'Guia do Curso.pdf', contentType: 'application/pdf', sizeBytes: 40_000 });
    expect(download!.expiresAt!.toISOString()).toBe(new Date(clock.now().getTime() + 15 * 60_000).toISOString());
    const got = await getBytes(t, download!.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''Guia%20do%20Curso.pdf`);
    clock.advance(15 * 60_000);
    expect((await getBytes(t, download!.url)).status).toBe(403);
  });

  it('accepts a fileName override and a matching contentType; refuses a different contentType', async () => {
    const objectKey = await uploadObject(t, acme.key, PDF, Buffer.from('%PDF-1.7'));
    const productId = await createProduct(t, acme.key);
    const named = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey, fileName: 'Livro.pdf', contentType: 'application/pdf' });
    expect(named.body).toMatchObject({ fileName: 'Livro.pdf', contentType: 'application/pdf', sizeBytes: 8 });
    const wrong = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey, contentType: 'application/zip' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'contentType', constraint: 'matches_object' });
  });

  it('replaces a file with a link and back, keeping the id', async () => {
    const productId = await createProduct(t, acme.key);
    const first = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/a' });
    const objectKey = await uploadObject(t, acme.key, { ...PDF, fileName: 'b.pdf' }, Buffer.from('b'));
    const asFile = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey });
    expect(asFile.body).toMatchObject({ id: first.body.id, kind: 'file', url: null, fileName: 'b.pdf', sizeBytes: 1 });
    const asLink = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/c' });
    expect(asLink.body).toMatchObject({ id: first.body.id, kind: 'link', url: 'https://example.com/c', objectKey: null, fileName: null, sizeBytes: null });
    expect(await getDeliverableDownload(t.database.db, ctx(), productId, t.app.deps.objectStore)).toMatchObject({ kind: 'link', url: 'https://example.com/c', expiresAt: null });
  });

  it('answers 404 object for an unknown objectKey', async () => {
    const productId = await createProduct(t, acme.key);
    for (const objectKey of [`${acme.id}/sandbox/deliverable/00000000-0000-4000-8000-000000000000/x.pdf`, 'not-a-key', '../../etc/passwd']) {
      const res = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey });
      expect(res.status, objectKey).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'object' });
    }
  });

  it('refuses an image object and an object not uploaded yet', async () => {
    const productId = await createProduct(t, acme.key);
    const imageKey = await uploadObject(t, acme.key, { contentType: 'image/png', fileName: 'cover.png' }, Buffer.from('png'));
    const image = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey: imageKey });
    expect(image.status).toBe(422);
    expect(image.body.errors[0]).toMatchObject({ field: 'objectKey', constraint: 'purpose' });

    const pending = await t.client.post('/catalog/images/presign', acme.key, PDF);
    const notUploaded = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey: pending.body.objectKey });
    expect(notUploaded.status).toBe(422);
    expect(notUploaded.body.errors[0]).toMatchObject({ field: 'objectKey', constraint: 'uploaded' });
  });
});

describe('reading and deleting', () => {
  it('answers 404 deliverable when the product has none, 404 product for an unknown product', async () => {
    const productId = await createProduct(t, acme.key);
    const none = await t.client.get(path(productId), acme.key);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error_code: 'not_found', resource: 'deliverable' });
    expect(await getDeliverableDownload(t.database.db, ctx(), productId, t.app.deps.objectStore)).toBeNull();
    const unknown = await t.client.get(path('00000000-0000-4000-8000-000000000000'), acme.key);
    expect(unknown.body).toMatchObject({ error_code: 'not_found', resource: 'product' });
    const malformed = await t.client.get(path('not-a-uuid'), acme.key);
    expect(malformed.body).toMatchObject({ error_code: 'not_found', resource: 'product' });
  });

  it('deletes the deliverable, returns it, and a second delete is 404; the upload stays usable', async () => {
    const objectKey = await uploadObject(t, acme.key, PDF, Buffer.from('pdf'));
    const productId = await createProduct(t, acme.key);
    const put = await t.client.put(path(productId), acme.key, { kind: 'file', objectKey });
    const deleted = await t.client.delete(path(productId), acme.key);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(put.body);
    expect((await t.client.get(path(productId), acme.key)).status).toBe(404);
    const again = await t.client.delete(path(productId), acme.key);
    expect(again.body).toMatchObject({ error_code: 'not_found', resource: 'deliverable' });
    expect((await t.client.put(path(productId), acme.key, { kind: 'file', objectKey })).status).toBe(200);
  });

  it('records deliverable.updated and deliverable.deleted events', async () => {
    const productId = await createProduct(t, acme.key);
    await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/e' });
    await t.client.delete(path(productId), acme.key);
    const updated = await t.client.get('/account/events?type=deliverable.updated&limit=100', acme.key);
    expect(updated.body.events.some((e: { data: { productId: string; url: string } }) => e.data.productId === productId && e.data.url === 'https://example.com/e')).toBe(true);
    const deleted = await t.client.get('/account/events?type=deliverable.deleted', acme.key);
    expect(deleted.body.events[0].data.productId).toBe(productId);
  });

  it('replays a PUT with the same Idempotency-Key without a second change', async () => {
    const productId = await createProduct(t, acme.key);
    const first = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/1' }, { idempotencyKey: `deliv-${productId}` });
    await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/2' });
    const replay = await t.client.put(path(productId), acme.key, { kind: 'link', url: 'https://example.com/1' }, { idempotencyKey: `deliv-${productId}` });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await t.client.get(path(productId), acme.key)).body.url).toBe('https://example.com/2');
  });

  it('needs catalog scopes: read for GET, write for PUT and DELETE', async () => {
    const productId = await createProduct(t, acme.key);
    const reader = await t.client.post('/account/keys', acme.key, { scopes: ['catalog:read'] });
    expect((await t.client.get(path(productId), reader.body.key)).status).toBe(404);
    const write = await t.client.put(path(productId), reader.body.key, { kind: 'link', url: 'https://example.com' });
    expect(write.status).toBe(403);
    expect((await t.client.post('/catalog/images/presign', reader.body.key, PDF)).status).toBe(403);
  });
});
