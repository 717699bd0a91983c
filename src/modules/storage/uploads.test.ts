import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { getBytes, localPath, putBytes } from './testing.ts';

const clock = new ManualClock('2026-03-01T12:00:00Z');
let t: TestContext;
let acme: SeededAccount;
const SMALL_LIMIT = 256 * 1024;

beforeAll(async () => {
  // A small image limit keeps the oversize tests fast; deliverables keep a larger one.
  t = await startTestApp({ clock, env: { UPLOAD_MAX_IMAGE_BYTES: String(SMALL_LIMIT), UPLOAD_MAX_DELIVERABLE_BYTES: String(4 * SMALL_LIMIT) } });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

async function presign(body: Record<string, unknown>, key = acme.key) {
  return t.client.post('/catalog/images/presign', key, body);
}

describe('POST /catalog/images/presign', () => {
  it('returns a service-made key, a PUT URL with its headers, an expiry and the size limit', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'Logo Principal.png' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'headers', 'maxSizeBytes', 'method', 'objectKey', 'uploadUrl']);
    expect(res.body.objectKey).toMatch(new RegExp(`^${acme.id}/sandbox/image/[0-9a-f-]{36}/Logo-Principal\\.png$`));
    expect(res.body.method).toBe('PUT');
    expect(res.body.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(res.body.expiresAt).toBe('2026-03-01T12:15:00.000Z');
    expect(res.body.maxSizeBytes).toBe(SMALL_LIMIT);
    expect(res.body.uploadUrl).toMatch(new RegExp(`^http://localhost:4000/storage/objects/${res.body.objectKey.replace(/\./g, '\\.')}\\?expires=\\d+&signature=`));
  });

  it('uses purpose image by default and keys deliverables apart', async () => {
    const res = await presign({ contentType: 'application/pdf', fileName: 'guide.pdf', purpose: 'deliverable' });
    expect(res.status).toBe(201);
    expect(res.body.objectKey).toContain('/sandbox/deliverable/');
    expect(res.body.maxSizeBytes).toBe(4 * SMALL_LIMIT);
  });

  it.each([
    ['a PDF as an image', { contentType: 'application/pdf', fileName: 'a.pdf' }],
    ['SVG (it can carry scripts)', { contentType: 'image/svg+xml', fileName: 'logo.svg' }],
    ['HTML as a deliverable', { contentType: 'text/html', fileName: 'page.html', purpose: 'deliverable' }],
    ['an unknown binary type', { contentType: 'application/octet-stream', fileName: 'x.bin', purpose: 'deliverable' }],
  ])('refuses %s with a field error on contentType', async (_name, body) => {
    const res = await presign(body);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors[0]).toMatchObject({ field: 'contentType', constraint: 'enum', value: body.contentType });
  });

  it('refuses unknown fields and purposes', async () => {
    expect((await presign({ contentType: 'image/png', fileName: 'a.png', key: 'mine' })).body.errors[0].constraint).toBe('unknown_field');
    expect((await presign({ contentType: 'image/png', fileName: 'a.png', purpose: 'video' })).status).toBe(422);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..', 'file'],
    ['/absolute/path/.hidden', 'hidden'],
    ['C:\\Users\\ana\\..\\logo.png', 'logo.png'],
    ['%2e%2e%2fsecret.png', '2e-2e-2fsecret.png'],
    ['..%2f..%2flogo.png', '2f..-2flogo.png'],
    ['relatório final (1).png', 'relatorio-final-1-.png'],
  ])('keeps the key inside the tenant for the file name %j', async (fileName, expectedName) => {
    const res = await presign({ contentType: 'image/png', fileName });
    expect(res.status).toBe(201);
    const segments = res.body.objectKey.split('/');
    expect(segments).toHaveLength(5);
    expect(segments.slice(0, 3)).toEqual([acme.id, 'sandbox', 'image']);
    expect(segments[4]).toBe(expectedName);
    expect(segments.every((s: string) => s !== '..' && s !== '.' && s !== '')).toBe(true);
  });
});

describe('signed upload and download (local store)', () => {
  it('round-trips the bytes: presign, PUT, signed GET', async () => {
    const bytes = randomBytes(150_000);
    const res = await presign({ contentType: 'application/pdf', fileName: 'Guia Completo.pdf', purpose: 'deliverable' });
    const put = await putBytes(t, res.body.uploadUrl, bytes, 'application/pdf');
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ objectKey: res.body.objectKey, contentType: 'application/pdf', sizeBytes: 150_000, uploadedAt: '2026-03-01T12:00:00.000Z' });
    const row = await t.database.db.selectFrom('stored_objects').selectAll().where('key', '=', res.body.objectKey).executeTakeFirstOrThrow();
    expect(Number(row.size_bytes)).toBe(150_000);
    expect(row.uploaded_at?.toISOString()).toBe('2026-03-01T12:00:00.000Z');

    const url = await t.app.deps.objectStore.presignGet(res.body.objectKey, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + 60_000), fileName: 'Guia Completo.pdf' });
    const got = await getBytes(t, url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe('150000');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Guia-Completo.pdf"; filename*=UTF-8''Guia%20Completo.pdf`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves images inline and accepts a media type with parameters', async () => {
    const res = await presign({ contentType: 'image/webp', fileName: 'banner.webp' });
    expect((await putBytes(t, res.body.uploadUrl, Buffer.from('webp-bytes'), 'IMAGE/WEBP; q=1')).status).toBe(200);
    const url = await t.app.deps.objectStore.presignGet(res.body.objectKey, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + 60_000) });
    const got = await getBytes(t, url);
    expect(got.bytes.toString()).toBe('webp-bytes');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="banner.webp"/);
  });

  it('needs no API key and no Idempotency-Key, and a second PUT replaces the bytes', async () => {
    const res = await presign({ contentType: 'text/plain', fileName: 'notes.txt', purpose: 'deliverable' });
    expect((await putBytes(t, res.body.uploadUrl, Buffer.from('first'), 'text/plain')).status).toBe(200);
    const again = await putBytes(t, res.body.uploadUrl, Buffer.from('second version'), 'text/plain');
    expect(again.status).toBe(200);
    expect((again.body as { sizeBytes: number }).sizeBytes).toBe(14);
  });

  it('refuses an expired upload URL and an expired download URL with 403', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'late.png' });
    clock.advance(15 * 60_000);
    const put = await putBytes(t, res.body.uploadUrl, Buffer.from('png'), 'image/png');
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ error_code: 'forbidden', message: expect.stringContaining('expired') });
    expect(Object.keys(put.body as object).sort()).toEqual(['error_code', 'message', 'tracer_id']);

    const fresh = await presign({ contentType: 'image/png', fileName: 'ok.png' });
    expect((await putBytes(t, fresh.body.uploadUrl, Buffer.from('png'), 'image/png')).status).toBe(200);
    const url = await t.app.deps.objectStore.presignGet(fresh.body.objectKey, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + 60_000) });
    expect((await getBytes(t, url)).status).toBe(200);
    clock.advance(60_000);
    const expired = await getBytes(t, url);
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ error_code: 'forbidden' });
  });

  it('refuses tampered URLs with 403 and leaves nothing written', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'logo.png' });
    const other = await presign({ contentType: 'image/png', fileName: 'other.png' });
    const url = new URL(res.body.uploadUrl);
    const signature = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const variants = [
      `${url.pathname}?expires=${expires}&signature=${flipped}`,
      `${url.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}`,
      `${new URL(other.body.uploadUrl).pathname}?expires=${expires}&signature=${signature}`,
      `/storage/objects/${acme.id}/sandbox/image/..%2F..%2F..%2Fetc/passwd?expires=${expires}&signature=${signature}`,
    ];
    for (const variant of variants) {
      const put = await putBytes(t, `http://localhost${variant}`, Buffer.from('x'), 'image/png');
      expect(put.status, variant).toBe(403);
      expect((put.body as { error_code: string }).error_code).toBe('forbidden');
    }
    // A download URL is not an upload URL, and the reverse.
    const download = await t.app.deps.objectStore.presignGet(res.body.objectKey, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + 60_000) });
    expect((await putBytes(t, download, Buffer.from('x'), 'image/png')).status).toBe(403);
    expect((await getBytes(t, res.body.uploadUrl)).status).toBe(403);
    // A signed download name cannot be swapped.
    const named = await t.app.deps.objectStore.presignGet(res.body.objectKey, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + 60_000), fileName: 'a.png' });
    expect((await getBytes(t, named.replace('name=a.png', 'name=evil.html'))).status).toBe(403);
    const row = await t.database.db.selectFrom('stored_objects').select('uploaded_at').where('key', '=', res.body.objectKey).executeTakeFirstOrThrow();
    expect(row.uploaded_at).toBeNull();
  });

  it('answers 404 for a validly signed download of an object never uploaded', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'never.png' });
    const url = await t.app.deps.objectStore.presignGet(res.body.objectKey, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + 60_000) });
    const got = await getBytes(t, url);
    expect(got.status).toBe(404);
    expect(got.body).toMatchObject({ error_code: 'not_found', resource: 'object' });
  });

  it('refuses a Content-Type other than the presigned one with 415', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'logo.png' });
    const put = await putBytes(t, res.body.uploadUrl, Buffer.from('<html>'), 'text/html');
    expect(put.status).toBe(415);
    expect(put.body).toMatchObject({ error_code: 'unsupported_media_type', message: expect.stringContaining('image/png') });
    const none = await t.app.inject({ method: 'PUT', url: localPath(res.body.uploadUrl), payload: Buffer.from('x') });
    expect(none.statusCode).toBe(415);
  });

  it('refuses an oversize body with 413, declared or streamed, and keeps nothing', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'huge.png' });
    const tooBig = randomBytes(SMALL_LIMIT + 1);
    const declared = await putBytes(t, res.body.uploadUrl, tooBig, 'image/png');
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ error_code: 'payload_too_large' });

    const streamed = await putBytes(t, res.body.uploadUrl, randomBytes(SMALL_LIMIT * 3), 'image/png', { chunked: true });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toMatchObject({ error_code: 'payload_too_large' });

    const exact = await putBytes(t, res.body.uploadUrl, randomBytes(SMALL_LIMIT), 'image/png', { chunked: true });
    expect(exact.status).toBe(200);
    const root = (t.app.deps.objectStore as unknown as { root: string }).root;
    expect(await readdir(`${root}/.partial`)).toEqual([]);
  });

  it('over a real connection, the client receives the 413 of a chunked oversize upload', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'wire.png' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(res.body.uploadUrl);
    const chunk = randomBytes(64 * 1024);
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent >= SMALL_LIMIT * 3) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${address}${url.pathname}${url.search}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error_code: 'payload_too_large' });
  });

  it('accepts a deliverable larger than the general JSON body limit, streamed', async () => {
    const res = await presign({ contentType: 'application/zip', fileName: 'bundle.zip', purpose: 'deliverable' });
    const bytes = randomBytes(3 * SMALL_LIMIT + 17);
    const put = await putBytes(t, res.body.uploadUrl, bytes, 'application/zip', { chunked: true });
    expect(put.status).toBe(200);
    expect((put.body as { sizeBytes: number }).sizeBytes).toBe(bytes.length);
  });

  it('a second process on the same database shares the generated signing secret', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'shared.png' });
    const second = await startTestApp({ clock, database: t.database });
    try {
      const put = await putBytes(second, res.body.uploadUrl, Buffer.from('png'), 'image/png');
      expect(put.status).toBe(200);
    } finally {
      await second.app.close();
    }
    const secrets = await t.database.db.selectFrom('service_secrets').select('name').execute();
    expect(secrets).toEqual([{ name: 'signing_secret' }]);
  });

  it('with SIGNING_SECRET set, URLs of the generated secret are refused', async () => {
    const res = await presign({ contentType: 'image/png', fileName: 'configured.png' });
    const configured = await startTestApp({ clock, database: t.database, env: { SIGNING_SECRET: 'x'.repeat(40) } });
    try {
      expect((await putBytes(configured, res.body.uploadUrl, Buffer.from('png'), 'image/png')).status).toBe(403);
    } finally {
      await configured.app.close();
    }
  });
});
