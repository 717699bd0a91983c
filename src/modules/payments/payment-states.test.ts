// Payment state moves (interface section 3) through the test helpers, the invoice they pay, the
// duplicate-payment refund, the expiry sweep and the events every move records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { expireLapsedPayments } from './service.ts';
import { charge, eventsOf, openInvoice } from './test-fixtures.ts';

const clock = new ManualClock('2026-06-01T12:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key, { name: 'Ana', email: 'ana@example.com' });
});
afterAll(() => t.close());

const move = (id: string, action: string, body?: unknown, key = acme.key) => t.client.post(`/test/payments/${id}/${action}`, key, body);
const read = async (path: string) => (await t.client.get(path, acme.key)).body;

describe('confirmation', () => {
  it('confirms a pending charge and pays the invoice: paidAt, amountDue 0.00, events in order', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'pix' });
    clock.advance(5_000);
    const res = await move(p.id, 'confirm');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, status: 'confirmed', confirmedAt: clock.now().toISOString(), payer: { id: customerId, name: 'Ana', email: 'ana@example.com' } });
    const paid = await read(`/billing/invoices/${invoice.id}`);
    expect(paid).toMatchObject({ status: 'paid', amountDue: '0.00', paidAt: clock.now().toISOString() });
    const types = (await read('/account/events?limit=100')).events
      .filter((e: { data: { id: string; invoiceId?: string } }) => e.data.id === p.id || e.data.id === invoice.id)
      .map((e: { type: string }) => e.type)
      .reverse();
    expect(types).toEqual(['invoice.created', 'invoice.finalized', 'payment.created', 'payment.confirmed', 'invoice.paid']);
  });

  it('answers 409 invalid_payment_state naming from and to for any other move', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'card' });
    const early = await move(p.id, 'chargeback');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error_code: 'invalid_payment_state', message: expect.stringMatching(/pending payment cannot move to charged_back/) });
    await move(p.id, 'confirm');
    const twice = await move(p.id, 'confirm');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/confirmed payment cannot move to confirmed/);
    const fail = await move(p.id, 'fail', { failureCode: 'card_declined' });
    expect(fail.body.message).toMatch(/confirmed payment cannot move to failed/);
  });

  it('refunds in full, as a duplicate, a superseded charge paid after the invoice was paid', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const pix = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const card = await charge(t, acme.key, invoice.id, { method: 'card' });
    expect((await move(card.id, 'confirm')).body.status).toBe('confirmed');
    const late = await move(pix.id, 'confirm');
    expect(late.status, late.raw).toBe(200);
    expect(late.body).toMatchObject({ status: 'refunded', refundedAmount: '100.00', failureCode: null });
    const refunds = await read(`/billing/payments/${pix.id}/refunds`);
    expect(refunds.refunds).toEqual([expect.objectContaining({ amount: '100.00', reason: 'duplicate', status: 'succeeded' })]);
    const inv = await read(`/billing/invoices/${invoice.id}`);
    expect(inv).toMatchObject({ status: 'paid', amountDue: '0.00' });
    expect((await eventsOf(t, acme.key, 'invoice.paid')).filter((e) => e.data.id === invoice.id)).toHaveLength(1);
  });

  it('fails the other pending charge as superseded when a dropped charge pays the invoice first', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const pix = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const card = await charge(t, acme.key, invoice.id, { method: 'card' });
    expect((await move(pix.id, 'confirm')).body.status).toBe('confirmed');
    expect(await read(`/billing/payments/${card.id}`)).toMatchObject({ status: 'failed', failureCode: 'superseded' });
    expect((await read(`/billing/invoices/${invoice.id}`)).status).toBe('paid');
  });

  it('settles an invoice written off while its charge was pending, and refunds one voided meanwhile', async () => {
    const writtenOff = await openInvoice(t, acme.key, customerId);
    const late = await charge(t, acme.key, writtenOff.id, { method: 'boleto' });
    expect((await t.client.post(`/billing/invoices/${writtenOff.id}/mark-uncollectible`, acme.key)).status).toBe(200);
    expect((await move(late.id, 'confirm')).body.status).toBe('confirmed');
    expect(await read(`/billing/invoices/${writtenOff.id}`)).toMatchObject({ status: 'paid', amountDue: '0.00' });

    const voided = await openInvoice(t, acme.key, customerId);
    const pending = await charge(t, acme.key, voided.id, { method: 'pix' });
    expect((await t.client.post(`/billing/invoices/${voided.id}/void`, acme.key)).status).toBe(200);
    const confirmed = await move(pending.id, 'confirm');
    expect(confirmed.body).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    expect((await read(`/billing/payments/${pending.id}/refunds`)).refunds[0].reason).toBe('invoice_void');
    expect((await read(`/billing/invoices/${voided.id}`)).status).toBe('void');
  });
});

describe('failure and chargeback', () => {
  it('fails a pending charge with the code given, failedAt set, and a payment.failed event', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'card' });
    const res = await move(p.id, 'fail', { failureCode: 'insufficient_funds' });
    expect(res.body).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds', failedAt: clock.now().toISOString() });
    expect((await read(`/billing/invoices/${invoice.id}`)).status).toBe('open');
    expect((await eventsOf(t, acme.key, 'payment.failed')).some((e) => e.data.id === p.id && e.data.failureCode === 'insufficient_funds')).toBe(true);
    const unknown = await move(p.id, 'fail', { failureCode: 'no_such_code' });
    expect(unknown.status).toBe(422);
  });

  it('charges back a confirmed payment; the invoice stays paid', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'card' });
    await move(p.id, 'confirm');
    const res = await move(p.id, 'chargeback');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('charged_back');
    expect((await read(`/billing/invoices/${invoice.id}`)).status).toBe('paid');
    expect((await eventsOf(t, acme.key, 'payment.charged_back')).some((e) => e.data.id === p.id)).toBe(true);
  });

  it('hides the test helpers from live keys (404 like an unknown route)', async () => {
    const res = await move('0195f0a0-0000-7000-8000-000000000000', 'confirm', undefined, acme.liveKey);
    expect(res.status).toBe(404);
  });
});

describe('expiry', () => {
  it('fails lapsed Pix codes and boletos as expired, and a lapsed charge cannot be confirmed', async () => {
    const invoice = await openInvoice(t, acme.key, customerId, { dueDate: '2026-06-03T10:00:00.000Z' });
    const pix = await charge(t, acme.key, invoice.id, { method: 'pix', expiresInSeconds: 600 });
    clock.advance(601_000);
    const lapsed = await move(pix.id, 'confirm');
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.message).toMatch(/expired/);
    expect(await expireLapsedPayments(t.app.deps.db, clock, t.config.baseUrl)).toBeGreaterThanOrEqual(1);
    expect(await read(`/billing/payments/${pix.id}`)).toMatchObject({ status: 'failed', failureCode: 'expired', failedAt: clock.now().toISOString() });

    const boleto = await charge(t, acme.key, invoice.id, { method: 'boleto' });
    clock.set('2026-06-03T23:59:00.000Z');
    await expireLapsedPayments(t.app.deps.db, clock, t.config.baseUrl);
    expect((await read(`/billing/payments/${boleto.id}`)).status).toBe('pending'); // payable through its due date
    clock.set('2026-06-04T00:00:01.000Z');
    await expireLapsedPayments(t.app.deps.db, clock, t.config.baseUrl);
    expect(await read(`/billing/payments/${boleto.id}`)).toMatchObject({ status: 'failed', failureCode: 'expired' });
    expect(await expireLapsedPayments(t.app.deps.db, clock, t.config.baseUrl)).toBe(0);
  });
});
