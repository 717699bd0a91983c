// Refunds: partial and full, the limits, the states that refuse them, and 200 concurrent refunds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { charge, eventsOf, openInvoice, paidPayment } from './test-fixtures.ts';

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key);
});
afterAll(() => t.close());

const refund = (paymentId: string, body: Record<string, unknown> = {}, key = acme.key) => t.client.post(`/billing/payments/${paymentId}/refunds`, key, body);

describe('refunds', () => {
  it('refunds in part (still confirmed, refundedAmount grows), then the rest (refunded)', async () => {
    const { payment } = await paidPayment(t, acme.key, customerId);
    const first = await refund(payment.id, { amount: '30.5', reason: 'damaged' });
    expect(first.status, first.raw).toBe(201);
    expect(first.body).toMatchObject({ paymentId: payment.id, amount: '30.50', reason: 'damaged', status: 'succeeded' });
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.key)).body).toMatchObject({ status: 'confirmed', refundedAmount: '30.50' });
    const rest = await refund(payment.id);
    expect(rest.body).toMatchObject({ amount: '69.50', reason: null });
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.key)).body).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    const list = await t.client.get(`/billing/payments/${payment.id}/refunds`, acme.key);
    expect(list.body.refunds.map((r: { amount: string }) => r.amount)).toEqual(['69.50', '30.50']);
    const events = (await eventsOf(t, acme.key, 'payment.refunded')).filter((e) => e.data.id === payment.id);
    expect(events.map((e) => e.data.refund.amount)).toEqual(['69.50', '30.50']);
  });

  it('refuses more than what is left (422 refund_exceeds_payment), nothing, and sub-cent amounts', async () => {
    const { payment } = await paidPayment(t, acme.key, customerId);
    await refund(payment.id, { amount: '60.00' });
    const over = await refund(payment.id, { amount: '40.01' });
    expect(over.status).toBe(422);
    expect(over.body.error_code).toBe('refund_exceeds_payment');
    expect(over.body.message).toContain('40.00');
    expect((await refund(payment.id, { amount: '0' })).status).toBe(422);
    expect((await refund(payment.id, { amount: '1.005' })).body.errors[0]).toMatchObject({ field: 'amount', constraint: 'minor_unit' });
    expect((await refund(payment.id, { amount: 5 })).status).toBe(422);
  });

  it('refuses a payment that is not confirmed with 409 invalid_payment_state', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const pending = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const res = await refund(pending.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_code: 'invalid_payment_state', message: expect.stringMatching(/pending payment cannot move to refunded/) });
    const { payment } = await paidPayment(t, acme.key, customerId);
    await refund(payment.id);
    expect((await refund(payment.id)).body.message).toMatch(/refunded payment cannot move to refunded/);
  });

  it('answers 404 for a payment of another account or environment', async () => {
    const { payment } = await paidPayment(t, acme.key, customerId);
    const other = await seedAccount(t.client, 'Other');
    for (const key of [other.key, acme.liveKey]) {
      expect((await refund(payment.id, {}, key)).status).toBe(404);
      expect((await t.client.get(`/billing/payments/${payment.id}/refunds`, key)).status).toBe(404);
    }
  });

  it('lets exactly 100 of 200 concurrent 1.00 refunds of a 100.00 payment succeed', async () => {
    const { payment } = await paidPayment(t, acme.key, customerId);
    const results = await Promise.all(Array.from({ length: 200 }, () => refund(payment.id, { amount: '1.00' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 422 || s === 409)).toHaveLength(100);
    const after = (await t.client.get(`/billing/payments/${payment.id}`, acme.key)).body;
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    const list = await t.client.get(`/billing/payments/${payment.id}/refunds?limit=100`, acme.key);
    expect(list.body.refunds).toHaveLength(100);
    expect(list.body.nextCursor).toBeNull();
  });
});
