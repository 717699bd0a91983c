// Download grants end to end: a paid invoice grants its products' deliverables, emails the link,
// serves the file or link without a key; a full refund or a chargeback revokes it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createDraftInvoice } from '../invoices/service.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { charge, eventsOf, openInvoice } from '../payments/test-fixtures.ts';
import { createProduct, getBytes, uploadObject } from '../storage/testing.ts';

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme Cursos');
  customerId = await createCustomer(t, acme.key, { name: 'Ana', email: 'ana@example.com' });
});
afterAll(() => t.close());

const grantsOf = async (invoiceId: string, key = acme.key) => t.client.get(`/billing/invoices/${invoiceId}/deliverable`, key);
const pathOf = (url: string) => url.slice(t.config.baseUrl.length);

async function productWithLink(url = 'https://example.com/course?access=1'): Promise<string> {
  const productId = await createProduct(t, acme.key);
  expect((await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'link', url })).status).toBe(200);
  return productId;
}

/** An open invoice selling these products, charged and confirmed; returns invoice and payment. */
async function buy(productIds: string[], payer?: Record<string, string>) {
  const lineItems = productIds.map((productId) => ({ description: 'Course', quantity: '1', unitPrice: '50.00', productId }));
  const invoice = await openInvoice(t, acme.key, customerId, { lineItems });
  expect((await grantsOf(invoice.id)).body).toEqual({ grants: [] }); // unpaid: empty
  const payment = await charge(t, acme.key, invoice.id, { method: 'pix', ...(payer && { payer }) });
  const confirmed = await t.client.post(`/test/payments/${payment.id}/confirm`, acme.key);
  expect(confirmed.status, confirmed.raw).toBe(200);
  return { invoice, payment };
}

describe('granting', () => {
  it('grants each product with a deliverable once, emails the links, and records deliverable.granted', async () => {
    const course = await productWithLink();
    const plain = await createProduct(t, acme.key); // no deliverable: no grant
    const { invoice, payment } = await buy([course, plain]);
    const res = await grantsOf(invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.grants).toEqual([
      {
        paymentId: payment.id,
        productId: course,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        downloadUrl: expect.stringMatching(new RegExp(`^${t.config.baseUrl}/public/downloads/`)),
        emailSentAt: expect.any(String),
        revokedAt: null,
        createdAt: expect.any(String),
      },
    ]);
    const grant = res.body.grants[0];
    const emails = (await t.client.get('/test/emails?to=ana@example.com', acme.key)).body.emails;
    expect(emails[0].subject).toBe('Sua compra de Acme Cursos está pronta');
    expect(emails[0].text).toContain(grant.downloadUrl);
    const granted = (await eventsOf(t, acme.key, 'deliverable.granted')).filter((e) => e.data.paymentId === payment.id);
    expect(granted).toHaveLength(1);
    expect(granted[0]!.data.invoiceId).toBe(invoice.id);

    const download = await t.app.inject({ method: 'GET', url: pathOf(grant.downloadUrl) });
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toBe('https://example.com/course?access=1');
  });

  it('emails the payer of the charge when one was given', async () => {
    const { invoice } = await buy([await productWithLink()], { name: 'Bruno', email: 'bruno@example.com' });
    const emails = (await t.client.get('/test/emails?to=bruno@example.com', acme.key)).body.emails;
    expect(emails).toHaveLength(1);
    expect(emails[0].text).toContain('Olá, Bruno,');
    expect(emails[0].text).toContain((await grantsOf(invoice.id)).body.grants[0].downloadUrl);
  });

  it('serves a file deliverable through a signed URL with the uploaded bytes', async () => {
    const productId = await createProduct(t, acme.key);
    const bytes = randomBytes(2048);
    const objectKey = await uploadObject(t, acme.key, { contentType: 'application/pdf', fileName: 'Guia.pdf', purpose: 'deliverable' }, bytes);
    expect((await t.client.put(`/products/${productId}/deliverable`, acme.key, { kind: 'file', objectKey })).status).toBe(200);
    const { invoice } = await buy([productId]);
    const grant = (await grantsOf(invoice.id)).body.grants[0];
    const redirect = await t.app.inject({ method: 'GET', url: pathOf(grant.downloadUrl) });
    expect(redirect.statusCode).toBe(302);
    const file = await getBytes(t, redirect.headers.location as string);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.bytes, bytes)).toBe(0);
  });
});

describe('enrollment invoices', () => {
  it("grants the enrollment's product deliverable when a usage invoice without product lines is paid", async () => {
    const productId = await productWithLink('https://example.com/api-docs');
    const product = await t.client.get(`/products/${productId}/versions`, acme.key);
    const versionId = product.body.versions[0].id;
    expect((await t.client.post(`/products/${productId}/versions/${versionId}/publish`, acme.key)).status).toBe(200);
    const enrollment = await t.client.post(`/customers/${customerId}/enrollments`, acme.key, { productId });
    expect(enrollment.status, enrollment.raw).toBe(201);
    const ctx = { tenant: { accountId: acme.id, environment: 'sandbox' as const }, now: t.app.deps.clock.now(), baseUrl: t.config.baseUrl };
    const draft = await t.app.deps.db.transaction().execute((tx) =>
      createDraftInvoice(tx, ctx, { customerId: enrollment.body.id, currency: 'BRL', lines: [{ type: 'usage', description: 'API calls', quantity: '100', unitPrice: '0.10' }] }),
    );
    await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.key);
    const payment = await charge(t, acme.key, draft.id, { method: 'card' });
    await t.client.post(`/test/payments/${payment.id}/confirm`, acme.key);
    const grants = (await grantsOf(draft.id)).body.grants;
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ productId, paymentId: payment.id });
  });
});

describe('revoking', () => {
  it.each([
    ['a full refund', (id: string) => t.client.post(`/billing/payments/${id}/refunds`, acme.key, {})],
    ['a chargeback', (id: string) => t.client.post(`/test/payments/${id}/chargeback`, acme.key)],
  ])('%s revokes the grant and its link answers 404', async (_what, reverse) => {
    const { invoice, payment } = await buy([await productWithLink()]);
    const grant = (await grantsOf(invoice.id)).body.grants[0];
    expect((await reverse(payment.id)).status).toBeLessThan(300);
    const after = (await grantsOf(invoice.id)).body.grants[0];
    expect(after.revokedAt).not.toBeNull();
    const download = await t.app.inject({ method: 'GET', url: pathOf(grant.downloadUrl) });
    expect(download.statusCode).toBe(404);
    expect(JSON.parse(download.body)).toMatchObject({ error_code: 'not_found', resource: 'download' });
  });

  it('keeps the grant after a partial refund', async () => {
    const { invoice, payment } = await buy([await productWithLink()]);
    await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, { amount: '10.00' });
    expect((await grantsOf(invoice.id)).body.grants[0].revokedAt).toBeNull();
  });
});

describe('access', () => {
  it('answers 404 for unknown or malformed tokens', async () => {
    for (const token of ['x'.repeat(43), 'short', '%00']) {
      expect((await t.app.inject({ method: 'GET', url: `/public/downloads/${token}` })).statusCode).toBe(404);
    }
  });

  it('refuses a publishable key and a key without billing:read (403); another tenant gets 404', async () => {
    const { invoice } = await buy([await productWithLink()]);
    expect((await grantsOf(invoice.id, acme.publishableKey)).status).toBe(403);
    const restricted = await t.client.post('/account/keys', acme.key, { name: 'catalog only', scopes: ['catalog:read'] });
    expect((await grantsOf(invoice.id, restricted.body.key)).status).toBe(403);
    const reader = await t.client.post('/account/keys', acme.key, { name: 'billing reader', scopes: ['billing:read'] });
    expect((await grantsOf(invoice.id, reader.body.key)).status).toBe(200);
    const other = await seedAccount(t.client, 'Other');
    for (const key of [other.key, acme.liveKey]) {
      const res = await grantsOf(invoice.id, key);
      expect(res.status).toBe(404);
      expect(res.body.resource).toBe('invoice');
    }
  });
});
