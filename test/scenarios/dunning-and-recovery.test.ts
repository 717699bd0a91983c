// charge_automatically on the sandbox test clock: a card that pays, a card declined until the
// customer saves another one (recovers on the second retry), a card declined through every retry
// (uncollectible, canceled), and a revoked Pix mandate; the account's dunning settings (a custom
// schedule, a change mid-dunning, leave_past_due) and their validation.
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
  const acme = await seedAccount(t.client, `Acme ${n++}`);
  const created = await t.client.post('/products', acme.key, { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  await t.client.post(`/products/${created.body.product.id}/versions/${created.body.version.id}/publish`, acme.key);
  return { acme, planId: created.body.product.id };
}

async function subscribe(acme: SeededAccount, planId: string, paymentMethod: string) {
  const customer = await t.client.post('/customers', acme.key, { name: 'Bia', email: 'bia@example.com' });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: planId, collectionMethod: 'charge_automatically', paymentMethod });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const advance = async (acme: SeededAccount, to: string) => {
  const res = await t.client.post('/test/clock/advance', acme.key, { to });
  expect(res.status, res.raw).toBe(200);
};
const subscription = async (acme: SeededAccount, id: string) => (await t.client.get(`/billing/subscriptions/${id}`, acme.key)).body;
const invoices = async (acme: SeededAccount, id: string) => ((await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.key)).body.invoices as any[]).reverse();
const payments = async (acme: SeededAccount, invoiceId: string) => ((await t.client.get(`/billing/payments?invoiceId=${invoiceId}&limit=100`, acme.key)).body.payments as any[]).reverse();
const setDunning = async (acme: SeededAccount, dunning: Record<string, unknown>) => t.client.patch('/account/tenant', acme.key, { dunning });

describe('automatic charges and dunning', () => {
  it('charges each invoice to the saved card when it is made', async () => {
    const { acme, planId } = await account();
    const sub = await subscribe(acme, planId, '4242 4242 4242 4242');
    expect(sub).toMatchObject({ status: 'active', collectionMethod: 'charge_automatically', paymentMethod: 'card ending 4242', nextRetryAt: null });
    await advance(acme, '2026-03-01T08:00:00.000Z');
    const all = await invoices(acme, sub.id);
    expect(all.map((i) => [i.periodStart.slice(0, 10), i.status, i.amountDue])).toEqual([
      ['2026-02-01', 'paid', '0.00'],
      ['2026-03-01', 'paid', '0.00'],
    ]);
    expect((await payments(acme, all[0].id)).map((p) => [p.method, p.status, p.amount])).toEqual([['card', 'confirmed', '30.00']]);
  });

  it('goes past_due on a declined card, retries on days 1 and 3, and recovers with a new card', async () => {
    const { acme, planId } = await account();
    const sub = await subscribe(acme, planId, '4000000000000002');
    expect(sub).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-02T08:00:00.000Z' });
    const [first] = await invoices(acme, sub.id);
    expect(first.status).toBe('open');
    expect((await payments(acme, first.id)).map((p) => [p.status, p.failureCode])).toEqual([['failed', 'card_declined']]);

    await advance(acme, '2026-02-02T08:00:00.000Z'); // first retry: declined again
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-04T08:00:00.000Z' });
    const changed = await t.client.patch(`/billing/subscriptions/${sub.id}`, acme.key, { paymentMethod: '4242424242424242' });
    expect(changed.body).toMatchObject({ paymentMethod: 'card ending 4242' });
    await advance(acme, '2026-02-04T08:00:00.000Z'); // second retry: the new card pays
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'active', nextRetryAt: null });
    expect((await invoices(acme, sub.id))[0].status).toBe('paid');
    expect((await payments(acme, first.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'confirmed']);
  });

  it('writes the invoices off and cancels after the last retry fails', async () => {
    const { acme, planId } = await account();
    const sub = await subscribe(acme, planId, '4000000000009995');
    for (const day of ['2026-02-02', '2026-02-04', '2026-02-06']) {
      await advance(acme, `${day}T08:00:00.000Z`);
      expect((await subscription(acme, sub.id)).status).toBe('past_due');
    }
    await advance(acme, '2026-02-08T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'canceled', canceledAt: '2026-02-08T08:00:00.000Z', nextBillingDate: null, nextRetryAt: null });
    const [first] = await invoices(acme, sub.id);
    expect(first.status).toBe('uncollectible');
    expect((await payments(acme, first.id)).map((p) => p.failureCode)).toEqual(Array(5).fill('insufficient_funds'));
    await advance(acme, '2026-04-01T08:00:00.000Z');
    expect(await invoices(acme, sub.id)).toHaveLength(1);
  });

  it('follows the account\'s schedule: [2, 4] retries on days 2 and 4, then cancels', async () => {
    const { acme, planId } = await account();
    const set = await setDunning(acme, { retryDays: [2, 4] });
    expect(set.status, set.raw).toBe(200);
    expect(set.body.dunning).toEqual({ retryDays: [2, 4], finalAction: 'cancel' });
    const sub = await subscribe(acme, planId, '4000 0000 0000 0002');
    expect(sub).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-03T08:00:00.000Z' });
    const [first] = await invoices(acme, sub.id);

    await advance(acme, '2026-02-03T07:59:59.000Z'); // not yet
    expect((await payments(acme, first.id)).length).toBe(1);
    await advance(acme, '2026-02-03T08:00:00.000Z'); // first retry, 2 days after the failure
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-05T08:00:00.000Z' });
    expect((await payments(acme, first.id)).map((p) => [p.status, p.failureCode])).toEqual(Array(2).fill(['failed', 'card_declined']));

    await advance(acme, '2026-02-05T07:59:59.000Z');
    expect((await payments(acme, first.id)).length).toBe(2);
    await advance(acme, '2026-02-05T08:00:00.000Z'); // second and last retry, 4 days after
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'canceled', canceledAt: '2026-02-05T08:00:00.000Z', nextRetryAt: null, nextBillingDate: null });
    expect((await invoices(acme, sub.id))[0].status).toBe('uncollectible');
    expect((await payments(acme, first.id)).map((p) => p.createdAt)).toEqual(['2026-02-01T08:00:00.000Z', '2026-02-03T08:00:00.000Z', '2026-02-05T08:00:00.000Z']);
  });

  it('reads the schedule at each step: a change mid-dunning applies to the next retry computed', async () => {
    const { acme, planId } = await account();
    const sub = await subscribe(acme, planId, '4000000000000002');
    expect(sub.nextRetryAt).toBe('2026-02-02T08:00:00.000Z'); // the default, day 1
    await advance(acme, '2026-02-02T08:00:00.000Z');
    expect((await subscription(acme, sub.id)).nextRetryAt).toBe('2026-02-04T08:00:00.000Z'); // day 3, computed before the change
    expect((await setDunning(acme, { retryDays: [1, 3, 10] })).status).toBe(200);
    expect((await subscription(acme, sub.id)).nextRetryAt).toBe('2026-02-04T08:00:00.000Z');
    await advance(acme, '2026-02-04T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-11T08:00:00.000Z' }); // day 10, not 5
    await advance(acme, '2026-02-11T08:00:00.000Z');
    expect((await subscription(acme, sub.id)).status).toBe('canceled');
  });

  it('leave_past_due: after the last retry the invoice stays open and the subscription past_due, with no more charges', async () => {
    const { acme, planId } = await account();
    const set = await setDunning(acme, { retryDays: [1, 2], finalAction: 'leave_past_due' });
    expect(set.body.dunning).toEqual({ retryDays: [1, 2], finalAction: 'leave_past_due' });
    const sub = await subscribe(acme, planId, '4000 0000 0000 0002');
    const [first] = await invoices(acme, sub.id);
    await advance(acme, '2026-02-02T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-03T08:00:00.000Z' });
    await advance(acme, '2026-02-03T08:00:00.000Z'); // the last retry fails
    // Left past_due: nextRetryAt is now the daily check that only looks whether anything is still open.
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', canceledAt: null, nextRetryAt: '2026-02-04T08:00:00.000Z' });
    expect((await invoices(acme, sub.id)).map((i) => i.status)).toEqual(['open']);
    expect((await payments(acme, first.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);

    await advance(acme, '2026-02-04T08:00:00.000Z');
    await advance(acme, '2026-02-20T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', canceledAt: null, nextRetryAt: '2026-02-21T08:00:00.000Z' });
    expect((await invoices(acme, sub.id)).map((i) => i.status)).toEqual(['open']);
    expect((await payments(acme, first.id)).length).toBe(3); // no charge since the last retry

    // The customer pays on the invoice's page (Pix): active again at the next check.
    const charge = await t.client.post(`/billing/invoices/${first.id}/payments`, acme.key, { method: 'pix' });
    expect((await t.client.post(`/test/payments/${charge.body.id}/confirm`, acme.key)).status).toBe(200);
    await advance(acme, '2026-02-21T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'active', nextRetryAt: null });
    expect((await payments(acme, first.id)).map((p) => [p.method, p.status])).toEqual([
      ['card', 'failed'],
      ['card', 'failed'],
      ['card', 'failed'],
      ['pix', 'confirmed'],
    ]);
  });

  it('refuses a bad schedule or final step with 422 naming the field, and keeps the settings', async () => {
    const { acme } = await account();
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ retryDays: [3, 1] }, 'dunning.retryDays'],
      [{ retryDays: [2, 2] }, 'dunning.retryDays'],
      [{ retryDays: [] }, 'dunning.retryDays'],
      [{ retryDays: [0] }, 'dunning.retryDays[0]'],
      [{ retryDays: [1, 61] }, 'dunning.retryDays[1]'],
      [{ retryDays: [1.5] }, 'dunning.retryDays[0]'],
      [{ retryDays: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'dunning.retryDays'],
      [{ finalAction: 'archive' }, 'dunning.finalAction'],
      [{ final: 'cancel' }, 'dunning.final'],
    ];
    for (const [dunning, field] of refused) {
      const res = await setDunning(acme, dunning);
      expect(res.status, JSON.stringify(dunning)).toBe(422);
      expect(res.body.error_code).toBe('validation_failed');
      expect(res.body.errors.map((e: { field: string }) => e.field), JSON.stringify(dunning)).toContain(field);
    }
    expect((await t.client.get('/account/tenant', acme.key)).body.dunning).toEqual({ retryDays: [1, 3, 5, 7], finalAction: 'cancel' });
    const eight = await setDunning(acme, { retryDays: [1, 2, 3, 4, 5, 6, 7, 60] });
    expect(eight.status, eight.raw).toBe(200);
    expect((await setDunning(acme, { finalAction: 'leave_past_due' })).body.dunning).toEqual({ retryDays: [1, 2, 3, 4, 5, 6, 7, 60], finalAction: 'leave_past_due' });
  });

  it('fails a revoked Pix mandate with mandate_revoked', async () => {
    const { acme, planId } = await account();
    const sub = await subscribe(acme, planId, 'pix_mandate_revoked');
    const [first] = await invoices(acme, sub.id);
    expect((await payments(acme, first.id)).map((p) => [p.method, p.failureCode])).toEqual([['pix', 'mandate_revoked']]);
    expect(sub.status).toBe('past_due');
  });

  it('send_invoice: past_due once an invoice is past its due date, active again after it is paid', async () => {
    const { acme, planId } = await account();
    const customer = await t.client.post('/customers', acme.key, { name: 'Duda', email: 'duda@example.com' });
    const sub = (await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: planId })).body;
    const [first] = await invoices(acme, sub.id);
    expect(first.dueDate).toBe('2026-02-08T08:00:00.000Z');
    await advance(acme, '2026-02-08T07:59:59.000Z');
    expect((await subscription(acme, sub.id)).status).toBe('active');
    await advance(acme, '2026-02-08T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: '2026-02-09T08:00:00.000Z' });
    const charge = await t.client.post(`/billing/invoices/${first.id}/payments`, acme.key, { method: 'pix' });
    expect((await t.client.post(`/test/payments/${charge.body.id}/confirm`, acme.key)).status).toBe(200);
    await advance(acme, '2026-02-09T08:00:00.000Z');
    expect(await subscription(acme, sub.id)).toMatchObject({ status: 'active', nextRetryAt: null });
  });

  it('needs a provider for live keys', async () => {
    const { acme } = await account();
    const live = await t.client.post('/products', acme.liveKey, { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
    await t.client.post(`/products/${live.body.product.id}/versions/${live.body.version.id}/publish`, acme.liveKey);
    const customer = await t.client.post('/customers', acme.liveKey, { name: 'Live' });
    const res = await t.client.post('/billing/subscriptions', acme.liveKey, { customerId: customer.body.id, productId: live.body.product.id, collectionMethod: 'charge_automatically', paymentMethod: '4242424242424242' });
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('provider_not_configured');
  });
});
