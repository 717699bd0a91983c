// Invoice state moves over HTTP (finalize, void, mark-uncollectible, send) and through the service
// functions other areas call (createDraftInvoice, markInvoicePaid), on a clock the test moves.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { createDraftInvoice, finalizeInvoice, markInvoicePaid, sendInvoice } from './service.ts';
import { contextFor, createCustomer, createOneOffInvoice, createEnrollment } from './test-fixtures.ts';

const clock = new ManualClock('2026-03-02T12:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key, { name: 'Ana', email: 'ana@example.com' });
});
afterAll(() => t.close());

const post = (invoiceId: string, action: string, key = acme.key) => t.client.post(`/billing/invoices/${invoiceId}/${action}`, key);

async function eventsOf(type: string, invoiceId: string) {
  const res = await t.client.get(`/account/events?type=${type}&limit=100`, acme.key);
  return res.body.events.filter((e: { data: { id: string } }) => e.data.id === invoiceId);
}

async function openInvoice(key = acme.key, payer = customerId) {
  const draft = await createOneOffInvoice(t, key, payer);
  const res = await post(draft.id, 'finalize', key);
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

describe('finalize', () => {
  it('opens a draft with the next number, finalizedAt now and dueDate 7 days later', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    clock.advance(60_000);
    const res = await post(draft.id, 'finalize');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'open',
      invoiceNumber: 'INV-000001',
      finalizedAt: '2026-03-02T12:01:00.000Z',
      dueDate: '2026-03-09T12:01:00.000Z',
      amountDue: '100.00',
    });
    const second = await openInvoice();
    expect(second.invoiceNumber).toBe('INV-000002');
    expect(await eventsOf('invoice.finalized', draft.id)).toHaveLength(1);
  });

  it('keeps the due date set at creation', async () => {
    const dueDate = '2026-04-30T00:00:00.000Z';
    const draft = await createOneOffInvoice(t, acme.key, customerId, { dueDate });
    expect((await post(draft.id, 'finalize')).body.dueDate).toBe(dueDate);
  });

  it('numbers each environment on its own', async () => {
    const liveCustomer = await createCustomer(t, acme.liveKey, { email: 'live@example.com' });
    const live = await openInvoice(acme.liveKey, liveCustomer);
    expect(live.invoiceNumber).toBe('INV-000001');
  });

  it('does not spend a number on a replayed request', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    const key = randomUUID();
    const first = await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.key, undefined, { idempotencyKey: key });
    const again = await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.key, undefined, { idempotencyKey: key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.invoiceNumber).toBe(first.body.invoiceNumber);
    const next = await openInvoice();
    expect(Number(next.invoiceNumber.slice(4))).toBe(Number(first.body.invoiceNumber.slice(4)) + 1);
  });

  it('pays at once an invoice with nothing due', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId, { lineItems: [{ description: 'Free sample', quantity: '1', unitPrice: '0' }] });
    const res = await post(draft.id, 'finalize');
    expect(res.body).toMatchObject({ status: 'paid', total: '0.00', amountDue: '0.00', paidAt: res.body.finalizedAt });
    expect(res.body.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(await eventsOf('invoice.paid', draft.id)).toHaveLength(1);
  });
});

describe('void, mark-uncollectible and send', () => {
  it('voids a draft and an open invoice; nothing is due afterwards', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    const voidedDraft = await post(draft.id, 'void');
    expect(voidedDraft.status).toBe(200);
    expect(voidedDraft.body).toMatchObject({ status: 'void', amountDue: '0.00', total: '100.00', invoiceNumber: null });
    const open = await openInvoice();
    const voided = await post(open.id, 'void');
    expect(voided.body).toMatchObject({ status: 'void', amountDue: '0.00', invoiceNumber: open.invoiceNumber });
    expect(await eventsOf('invoice.voided', open.id)).toHaveLength(1);
  });

  it('marks an open invoice uncollectible, keeping what is owed', async () => {
    const open = await openInvoice();
    const res = await post(open.id, 'mark-uncollectible');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'uncollectible', amountDue: '100.00' });
    expect(await eventsOf('invoice.marked_uncollectible', open.id)).toHaveLength(1);
  });

  it('sends an open invoice and records invoice.sent', async () => {
    const open = await openInvoice();
    const res = await post(open.id, 'send');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(open);
    expect(await eventsOf('invoice.sent', open.id)).toHaveLength(1);
    const emails = await t.client.get('/test/emails?to=ana@example.com&limit=1', acme.key);
    expect(emails.body.emails[0].subject).toBe(`Fatura ${open.invoiceNumber} de Acme`);
  });

  it('refuses to send when the customer has no email address (422 customer_email_missing)', async () => {
    const silent = await createCustomer(t, acme.key, { name: 'No mail' });
    const open = await openInvoice(acme.key, silent);
    const res = await post(open.id, 'send');
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('customer_email_missing');
    expect(await eventsOf('invoice.sent', open.id)).toHaveLength(0);
  });

  it('refuses to send a draft, telling to finalize it first', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    const res = await post(draft.id, 'send');
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('conflict');
    expect(res.body.message).toContain('draft');
    expect(res.body.message).toContain('finalize');
  });
});

describe('illegal moves answer 409 conflict naming the current status', () => {
  const cases: Array<[string, string, string]> = [
    ['open', 'finalize', 'only a draft invoice can be finalized'],
    ['void', 'finalize', 'only a draft invoice can be finalized'],
    ['void', 'void', 'only a draft or open invoice can be voided'],
    ['paid', 'void', 'only a draft or open invoice can be voided'],
    ['uncollectible', 'void', 'only a draft or open invoice can be voided'],
    ['draft', 'mark-uncollectible', 'only an open invoice can be marked uncollectible'],
    ['paid', 'mark-uncollectible', 'only an open invoice can be marked uncollectible'],
    ['uncollectible', 'mark-uncollectible', 'only an open invoice can be marked uncollectible'],
    ['paid', 'send', 'only an open invoice can be sent'],
    ['void', 'send', 'only an open invoice can be sent'],
    ['uncollectible', 'send', 'only an open invoice can be sent'],
  ];

  async function invoiceIn(status: string): Promise<string> {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    if (status === 'draft') return draft.id;
    if (status === 'void') return (await post(draft.id, 'void')).body.id;
    await post(draft.id, 'finalize');
    if (status === 'uncollectible') await post(draft.id, 'mark-uncollectible');
    if (status === 'paid') await t.database.db.transaction().execute((tx) => markInvoicePaid(tx, contextFor(t, acme), draft.id, clock.now()));
    return draft.id;
  }

  it.each(cases)('%s -> %s', async (status, action, message) => {
    const id = await invoiceIn(status);
    const res = await post(id, action);
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('conflict');
    expect(res.body.message).toBe(`The invoice is ${status}; ${message}.`);
    expect((await t.client.get(`/billing/invoices/${id}`, acme.key)).body.status).toBe(status);
  });
});

describe('service functions for other areas', () => {
  it('markInvoicePaid: open -> paid with paidAt, amountDue 0 and invoice.paid', async () => {
    const open = await openInvoice();
    const paidAt = new Date('2026-03-03T08:30:00.000Z');
    const paid = await t.database.db.transaction().execute((tx) => markInvoicePaid(tx, contextFor(t, acme), open.id, paidAt));
    expect(paid).toMatchObject({ status: 'paid', amountDue: '0.00', total: '100.00', paidAt });
    expect((await t.client.get(`/billing/invoices/${open.id}`, acme.key)).body).toMatchObject({ status: 'paid', paidAt: paidAt.toISOString() });
    expect(await eventsOf('invoice.paid', open.id)).toHaveLength(1);
    const twice = t.database.db.transaction().execute((tx) => markInvoicePaid(tx, contextFor(t, acme), open.id, paidAt));
    await expect(twice).rejects.toMatchObject({ code: 'conflict', message: 'The invoice is paid; only an open or uncollectible invoice can be paid.' });
  });

  it('markInvoicePaid refuses a draft and answers not_found for another environment', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    await expect(t.database.db.transaction().execute((tx) => markInvoicePaid(tx, contextFor(t, acme), draft.id, clock.now()))).rejects.toMatchObject({ code: 'conflict' });
    const live = t.database.db.transaction().execute((tx) => markInvoicePaid(tx, contextFor(t, acme, 'production'), draft.id, clock.now()));
    await expect(live).rejects.toBeInstanceOf(AppError);
    await expect(live).rejects.toMatchObject({ code: 'not_found', details: { resource: 'invoice' } });
  });

  it('createDraftInvoice: a usage invoice for an enrollment, finalized and sent to its customer', async () => {
    const buyer = await createCustomer(t, acme.key, { name: 'Usage buyer', email: 'usage@example.com' });
    const enrollmentId = await createEnrollment(t, acme.key, buyer);
    const meterId = randomUUID();
    const priceId = randomUUID();
    const ctx = contextFor(t, acme);
    const sent = await t.database.db.transaction().execute(async (tx) => {
      const draft = await createDraftInvoice(tx, ctx, {
        customerId: enrollmentId,
        subscriptionId: enrollmentId,
        currency: 'BRL',
        periodStart: new Date('2026-02-01T00:00:00Z'),
        periodEnd: new Date('2026-03-01T00:00:00Z'),
        lines: [
          { type: 'usage', meterId, priceId, description: 'API calls', quantity: '12345', unitPrice: '0.0015', proration: false },
          { type: 'usage', meterId, priceId, description: 'Tiered storage', quantity: '10', unitPrice: '0.333333', amount: '3.335', proration: true },
        ],
      });
      expect(draft).toMatchObject({ status: 'draft', customerId: enrollmentId, payerId: null, subscriptionId: enrollmentId, subtotal: '21.86' });
      expect(draft.lineItems).toMatchObject([
        { type: 'usage', meterId, priceId, quantity: '12345', unitPrice: '0.0015', amount: '18.52', proration: false },
        { type: 'usage', amount: '3.34', proration: true },
      ]);
      await finalizeInvoice(tx, ctx, draft.id);
      return sendInvoice(tx, ctx, draft.id);
    });
    expect(sent).toMatchObject({ status: 'open', periodStart: new Date('2026-02-01T00:00:00Z'), total: '21.86' });
    const listed = await t.client.get(`/billing/invoices?customerId=${enrollmentId}`, acme.key);
    expect(listed.body.invoices.map((i: { id: string }) => i.id)).toEqual([sent.id]);
    const bySubscription = await t.client.get(`/billing/invoices?subscriptionId=${enrollmentId}`, acme.key);
    expect(bySubscription.body.invoices.map((i: { id: string }) => i.id)).toEqual([sent.id]);
    const emails = await t.client.get('/test/emails?to=usage@example.com', acme.key);
    expect(emails.body.emails).toHaveLength(1);
    expect(emails.body.emails[0].text).toContain('R$\u00a021,86');
  });

  it('createDraftInvoice: 404 enrollment for an enrollment of another tenant', async () => {
    const enrollmentId = await createEnrollment(t, acme.key, customerId);
    const attempt = t.database.db
      .transaction()
      .execute((tx) => createDraftInvoice(tx, contextFor(t, acme, 'production'), { customerId: enrollmentId, currency: 'BRL', lines: [] }));
    await expect(attempt).rejects.toMatchObject({ code: 'not_found', details: { resource: 'enrollment' } });
  });
});
