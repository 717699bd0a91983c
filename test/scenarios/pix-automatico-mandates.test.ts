// Pix Automático mandates in the sandbox (POST /billing/pix-mandates): the payer's approval, a
// charge_automatically subscription paid by Pix through it, the payer revoking it (the next charge
// fails with mandate_revoked and dunning starts), a refusal, a cancellation, and the rules: the
// payer's identity, an active mandate of the same customer, dates and amounts, tenancy, and
// production without a Pix connection. The same journey at a PSP: test/processors/pix-api-flow.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';

const real = new ManualClock('2026-02-01T08:00:00.000Z');
let t: TestContext;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock: real });
});
afterAll(async () => {
  await t.close();
});

/** A fresh account (its own test clock) with a monthly plan of 30.00. */
async function account(): Promise<{ acme: SeededAccount; planId: string }> {
  const acme = await seedAccount(t.client, `Acme mandates ${n++}`);
  const created = await t.client.post('/products', acme.key, { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  await t.client.post(`/products/${created.body.product.id}/versions/${created.body.version.id}/publish`, acme.key);
  return { acme, planId: created.body.product.id };
}

async function payer(acme: SeededAccount, key = acme.key, document: string | null = '529.982.247-25'): Promise<string> {
  const res = await t.client.post('/customers', key, { name: 'Bia Souza', email: 'bia@example.com', ...(document ? { document } : {}) });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

const mandate = (acme: SeededAccount, body: Record<string, unknown>, key = acme.key) => t.client.post('/billing/pix-mandates', key, body);
const act = (acme: SeededAccount, id: string, action: 'approve' | 'refuse' | 'revoke', key = acme.key) => t.client.post(`/test/pix-mandates/${id}/${action}`, key);
const subscribe = (acme: SeededAccount, customerId: string, planId: string, paymentMethod: string) =>
  t.client.post('/billing/subscriptions', acme.key, { customerId, productId: planId, collectionMethod: 'charge_automatically', paymentMethod });
const invoices = async (acme: SeededAccount, id: string) => ((await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.key)).body.invoices as any[]).reverse();
const payments = async (acme: SeededAccount, invoiceId: string) => ((await t.client.get(`/billing/payments?invoiceId=${invoiceId}&limit=100`, acme.key)).body.payments as any[]).reverse();

describe('Pix Automático mandates (sandbox)', () => {
  it('approved by the payer, it pays each period; revoked, the next charge fails with mandate_revoked and dunning starts', async () => {
    const { acme, planId } = await account();
    const customerId = await payer(acme);
    const created = await mandate(acme, { customerId, frequency: 'monthly', amount: '30.00', description: 'Plano mensal' });
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({
      customerId,
      status: 'pending',
      failureCode: null,
      provider: 'sandbox',
      journey: 'qr',
      qrPayload: null,
      frequency: 'monthly',
      amount: '30.00',
      currency: 'BRL',
      startDate: '2026-02-01', // today in São Paulo (08:00 UTC is 05:00 there)
      endDate: null,
      description: 'Plano mensal',
      retries: true,
    });
    // The standard's recurrence id: R, the retry policy, an 8-digit ISPB, the date, 11 characters.
    expect(created.body.providerId).toMatch(/^RR\d{8}20260201[a-zA-Z0-9]{11}$/);
    expect(created.body.paymentMethod).toBe(`pix:${created.body.providerId}`);

    // Not approved yet: a subscription cannot take it.
    const early = await subscribe(acme, customerId, planId, created.body.paymentMethod);
    expect(early.status).toBe(422);
    expect(early.body.errors[0]).toMatchObject({ field: 'paymentMethod', constraint: 'mandate_not_active' });

    const approved = await act(acme, created.body.id, 'approve');
    expect(approved.body).toMatchObject({ status: 'active', failureCode: null });
    expect((await act(acme, created.body.id, 'approve')).status).toBe(409);

    const sub = await subscribe(acme, customerId, planId, created.body.paymentMethod);
    expect(sub.status, sub.raw).toBe(201);
    expect(sub.body).toMatchObject({ status: 'active', paymentMethod: created.body.paymentMethod });
    const [first] = await invoices(acme, sub.body.id);
    expect(first.status).toBe('paid');
    expect((await payments(acme, first.id)).map((p) => [p.method, p.status, p.amount])).toEqual([['pix', 'confirmed', '30.00']]);

    // Another customer cannot pay with Bia's mandate.
    const other = await payer(acme);
    const stolen = await subscribe(acme, other, planId, created.body.paymentMethod);
    expect(stolen.body.errors?.[0], stolen.raw).toMatchObject({ field: 'paymentMethod', constraint: 'customer_mandate' });

    const revoked = await act(acme, created.body.id, 'revoke');
    expect(revoked.body).toMatchObject({ status: 'revoked', failureCode: 'mandate_revoked' });
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-03-01T08:00:00.000Z' })).status).toBe(200);
    const [, second] = await invoices(acme, sub.body.id);
    expect(second.status).toBe('open');
    expect((await payments(acme, second.id)).map((p) => [p.method, p.status, p.failureCode])).toEqual([['pix', 'failed', 'mandate_revoked']]);
    expect((await t.client.get(`/billing/subscriptions/${sub.body.id}`, acme.key)).body.status).toBe('past_due');

    // Each move is an event an endpoint can subscribe to.
    const updates = (await t.client.get('/account/events?type=pix_mandate.updated', acme.key)).body.events as any[];
    expect(updates.map((e) => e.data.status)).toEqual(['revoked', 'active']);
    expect((await t.client.get('/account/events?type=pix_mandate.created', acme.key)).body.events).toHaveLength(1);
  });

  it('a refused mandate and a canceled one end; an ended mandate moves no more', async () => {
    const { acme } = await account();
    const customerId = await payer(acme);
    const refused = (await mandate(acme, { customerId, frequency: 'weekly' })).body;
    expect(refused.amount).toBeNull(); // amounts that vary
    expect((await act(acme, refused.id, 'revoke')).status).toBe(409); // only an active mandate is revoked
    expect((await act(acme, refused.id, 'refuse')).body).toMatchObject({ status: 'refused', failureCode: 'mandate_refused' });
    expect((await t.client.post(`/billing/pix-mandates/${refused.id}/cancel`, acme.key)).status).toBe(409);

    const canceled = (await mandate(acme, { customerId, frequency: 'annual', amount: '300', startDate: '2026-03-01', endDate: '2027-03-01', retries: false })).body;
    expect(canceled).toMatchObject({ amount: '300.00', startDate: '2026-03-01', endDate: '2027-03-01', retries: false });
    const cancel = await t.client.post(`/billing/pix-mandates/${canceled.id}/cancel`, acme.key);
    expect(cancel.body).toMatchObject({ status: 'canceled', failureCode: 'mandate_revoked' });
    expect((await act(acme, canceled.id, 'approve')).status).toBe(409);

    const list = await t.client.get(`/billing/pix-mandates?customerId=${customerId}&limit=1`, acme.key);
    expect(list.body.mandates.map((m: any) => m.id)).toEqual([canceled.id]);
    const next = await t.client.get(`/billing/pix-mandates?customerId=${customerId}&limit=1&cursor=${list.body.nextCursor}`, acme.key);
    expect(next.body).toMatchObject({ mandates: [{ id: refused.id, status: 'refused' }], nextCursor: null });
  });

  it('refuses a payer without a CPF or CNPJ, dates in the past or out of order, amounts that are not positive, and unknown mandates', async () => {
    const { acme, planId } = await account();
    const anonymous = await payer(acme, acme.key, null);
    const noDocument = await mandate(acme, { customerId: anonymous, frequency: 'monthly' });
    expect(noDocument.status).toBe(422);
    expect(noDocument.body.errors[0]).toMatchObject({ field: 'customerId', constraint: 'payer_identity' });
    const customerId = await payer(acme);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ startDate: '2026-01-31' }, 'startDate', 'not_past'],
      [{ startDate: '2026-03-01', endDate: '2026-03-01' }, 'endDate', 'after_start'],
      [{ amount: '0' }, 'amount', 'positive_amount'],
      [{ amount: '10.005' }, 'amount', 'positive_amount'],
    ];
    for (const [extra, field, constraint] of cases) {
      const res = await mandate(acme, { customerId, frequency: 'monthly', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field, constraint });
    }
    const unknown = await mandate(acme, { customerId: '0190f4c1-0000-7000-8000-000000000000', frequency: 'monthly' });
    expect(unknown.status).toBe(404);
    const unknownMethod = await t.client.post('/billing/subscriptions', acme.key, {
      customerId,
      productId: planId,
      collectionMethod: 'charge_automatically',
      paymentMethod: 'pix:RR0000000020260201AAAAAAAAAAA',
    });
    expect(unknownMethod.status).toBe(422);
    expect(unknownMethod.body.errors[0]).toMatchObject({ field: 'paymentMethod', constraint: 'unknown_mandate' });
  });

  it("another account's mandate is not found; production needs a pix_api connection and has no /test routes", async () => {
    const { acme } = await account();
    const { acme: other } = await account();
    const customerId = await payer(acme);
    const own = (await mandate(acme, { customerId, frequency: 'monthly' })).body;
    expect((await t.client.get(`/billing/pix-mandates/${own.id}`, other.key)).status).toBe(404);
    expect((await act(other, own.id, 'approve')).status).toBe(404);
    expect((await t.client.get(`/billing/pix-mandates/${own.id}`, acme.liveKey)).status).toBe(404);

    const liveCustomer = await payer(acme, acme.liveKey);
    const live = await mandate(acme, { customerId: liveCustomer, frequency: 'monthly' }, acme.liveKey);
    expect(live.status).toBe(409);
    expect(live.body.error_code).toBe('provider_not_configured');
    expect((await act(acme, own.id, 'approve', acme.liveKey)).status).toBe(404);
  });
});
