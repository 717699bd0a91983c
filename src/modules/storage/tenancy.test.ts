// Another account's ids and object keys, and a live key on sandbox ids, answer 404 on every
// keyed route of this area; signed URLs cannot be moved to another tenant's object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../../core/context.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { getBytes, createProduct, putBytes, uploadObject } from './testing.ts';

let t: TestContext;
let acme: SeededAccount;
let globex: SeededAccount;
let acmeProduct: string;
let acmeObject: string;
let acmeDeliverable: unknown;

const PDF = { contentType: 'application/pdf', fileName: 'book.pdf', purpose: 'deliverable' };

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  globex = await seedAccount(t.client, 'Globex');
  acmeProduct = await createProduct(t, acme.key);
  acmeObject = await uploadObject(t, acme.key, PDF, Buffer.from('acme secret content'));
  acmeDeliverable = (await t.client.put(`/products/${acmeProduct}/deliverable`, acme.key, { kind: 'file', objectKey: acmeObject })).body;
});
afterAll(() => t.close());

interface Intruder {
  name: string;
  key: () => string;
  accountId: () => string;
  environment: Environment;
}

const intruders: Intruder[] = [
  { name: 'another account (sandbox key)', key: () => globex.key, accountId: () => globex.id, environment: 'sandbox' },
  { name: 'another account (live key)', key: () => globex.liveKey, accountId: () => globex.id, environment: 'production' },
  { name: 'the same account\'s live key on sandbox ids', key: () => acme.liveKey, accountId: () => acme.id, environment: 'production' },
];

type Call = (intruder: Intruder) => Promise<{ status: number; body: { error_code?: string; resource?: string } }>;

const routes: Array<[string, string, Call]> = [
  ['GET /products/{id}/deliverable', 'product', (i) => t.client.get(`/products/${acmeProduct}/deliverable`, i.key())],
  ['PUT /products/{id}/deliverable (link)', 'product', (i) => t.client.put(`/products/${acmeProduct}/deliverable`, i.key(), { kind: 'link', url: 'https://evil.example' })],
  ['PUT /products/{id}/deliverable (their object)', 'product', (i) => t.client.put(`/products/${acmeProduct}/deliverable`, i.key(), { kind: 'file', objectKey: acmeObject })],
  ['DELETE /products/{id}/deliverable', 'product', (i) => t.client.delete(`/products/${acmeProduct}/deliverable`, i.key())],
  [
    'PUT /products/{own id}/deliverable with their objectKey',
    'object',
    async (i) => {
      const own = await createProduct(t, i.key());
      return t.client.put(`/products/${own}/deliverable`, i.key(), { kind: 'file', objectKey: acmeObject });
    },
  ],
];

describe.each(intruders)('$name', (intruder) => {
  it.each(routes)('%s answers 404 %s', async (_route, resource, call) => {
    const res = await call(intruder);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'not_found', resource });
  });

  it('presigns only inside its own tenant', async () => {
    const res = await t.client.post('/catalog/images/presign', intruder.key(), PDF);
    expect(res.status).toBe(201);
    expect(res.body.objectKey.startsWith(`${intruder.accountId()}/${intruder.environment}/deliverable/`)).toBe(true);
  });
});

describe('signed URLs across tenants', () => {
  it('an upload URL of one tenant cannot write another tenant\'s object', async () => {
    const own = await t.client.post('/catalog/images/presign', globex.key, PDF);
    const url = new URL(own.body.uploadUrl);
    const moved = `http://localhost/storage/objects/${acmeObject}${url.search}`;
    const put = await putBytes(t, moved, Buffer.from('overwritten'), 'application/pdf');
    expect(put.status).toBe(403);
  });

  it('a download URL of one tenant cannot read another tenant\'s object', async () => {
    const globexObject = await uploadObject(t, globex.key, PDF, Buffer.from('globex'));
    const url = await t.app.deps.objectStore.presignGet(globexObject, { now: new Date(), expiresAt: new Date(Date.now() + 60_000) });
    const moved = url.replace(globexObject, acmeObject);
    expect((await getBytes(t, moved)).status).toBe(403);
  });

  it('left the owner\'s deliverable and bytes untouched', async () => {
    const res = await t.client.get(`/products/${acmeProduct}/deliverable`, acme.key);
    expect(res.body).toEqual(acmeDeliverable);
    const url = await t.app.deps.objectStore.presignGet(acmeObject, { now: new Date(), expiresAt: new Date(Date.now() + 60_000) });
    expect((await getBytes(t, url)).bytes.toString()).toBe('acme secret content');
  });
});
