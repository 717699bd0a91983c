// GET /billing/payments and /billing/payments/{id}: filters, order, pages, the payer rule and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { createDraftInvoice } from '../invoices/service.ts';
import { createCustomer, createEnrollment } from '../invoices/test-fixtures.ts';
import { charge, openInvoice } from './test-fixtures.ts';

const clock = new ManualClock('2026-05-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key, { name: 'Bia', email: 'bia@example.com' });
});
afterAll(() => t.close());

describe('payments list', () => {
  it('lists newest first with status, method, invoiceId and created filters, in pages', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const ids: string[] = [];
    for (const method of ['pix', 'boleto', 'card', 'crypto']) {
      clock.advance(60_000);
      ids.push((await charge(t, acme.key, invoice.id, { method })).id);
    }
    const all = await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.key);
    expect(all.body.payments.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(all.body.payments.every((p: { payer: { id: string } }) => p.payer.id === customerId)).toBe(true);
    const pending = await t.client.get(`/billing/payments?invoiceId=${invoice.id}&status=pending`, acme.key);
    expect(pending.body.payments.map((p: { id: string }) => p.id)).toEqual([ids[3]]);
    const boleto = await t.client.get(`/billing/payments?invoiceId=${invoice.id}&method=boleto`, acme.key);
    expect(boleto.body.payments.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    const window = await t.client.get(`/billing/payments?createdFrom=2026-05-01T00:02:00.000Z&createdTo=2026-05-01T00:04:00.000Z`, acme.key);
    expect(window.body.payments.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const page1 = await t.client.get(`/billing/payments?invoiceId=${invoice.id}&limit=3`, acme.key);
    const page2 = await t.client.get(`/billing/payments?invoiceId=${invoice.id}&limit=3&cursor=${page1.body.nextCursor}`, acme.key);
    expect([...page1.body.payments, ...page2.body.payments].map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(page2.body.nextCursor).toBeNull();
    expect((await t.client.get('/billing/payments?status=paid', acme.key)).status).toBe(422);
  });

  it('a Pix payment: its QR image on the creation answer and its own read, not on every page of the list', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const created = await charge(t, acme.key, invoice.id, { method: 'pix' });
    expect(created.pixQrImage).toMatch(/^iVBORw0KGgo/);
    const read = await t.client.get(`/billing/payments/${created.id}`, acme.key);
    expect(read.body.pixQrImage).toBe(created.pixQrImage);
    const listed = await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.key);
    expect(listed.status, listed.raw).toBe(200);
    const [row] = listed.body.payments;
    // Everything else of the read, the copy-and-paste code the QR encodes included.
    const { pixQrImage: _image, ...rest } = read.body;
    expect(row).toEqual(rest);
    expect(row.pixPayload).toBe(created.pixPayload);
    expect(listed.raw).not.toContain('iVBORw0KGgo');
  });

  it('names the enrollment as payer of a usage invoice', async () => {
    const enrollmentId = await createEnrollment(t, acme.key, customerId);
    const draft = await t.app.deps.db.transaction().execute(async (tx) => {
      return createDraftInvoice(tx, { tenant: { accountId: acme.id, environment: 'sandbox' }, now: clock.now(), baseUrl: t.config.baseUrl }, {
        customerId: enrollmentId,
        currency: 'BRL',
        lines: [{ type: 'usage', description: 'API calls', quantity: '10', unitPrice: '1.00' }],
      });
    });
    await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.key);
    const p = await charge(t, acme.key, draft.id, { method: 'card' });
    const read = await t.client.get(`/billing/payments/${p.id}`, acme.key);
    expect(read.body.payer).toEqual({ id: enrollmentId, name: 'Bia', email: 'bia@example.com' });
  });

  it('answers 404 for a payment of another account or environment, like an unknown id', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const other = await seedAccount(t.client, 'Other');
    for (const key of [other.key, acme.liveKey]) {
      const res = await t.client.get(`/billing/payments/${p.id}`, key);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'payment' });
      expect((await t.client.get('/billing/payments', key)).body.payments.some((x: { id: string }) => x.id === p.id)).toBe(false);
    }
    const missing = await t.client.get('/billing/payments/0195f0a0-0000-7000-8000-000000000000', acme.key);
    expect(missing.body).toMatchObject({ error_code: 'not_found', resource: 'payment' });
  });

  it('refuses a publishable key (403)', async () => {
    expect((await t.client.get('/billing/payments', acme.publishableKey)).status).toBe(403);
  });
});
