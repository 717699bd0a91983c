// Subscriptions on a moving clock: every invoice's period, lines and totals checked, cycle after
// cycle (month ends, a leap day, an annual Feb 29 anchor), advance and arrears, a trial, a coupon
// on two periods, pause and resume (the paused time prorated), cancels, and 500 subscriptions due at one instant billed once
// each by two runners at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';

const clock = new ManualClock('2028-01-31T10:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let monthly: string;
let annual: string;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  monthly = await plan('monthly', '49.90');
  annual = await plan('annual', '499.00');
});
afterAll(async () => {
  await t.close();
});

async function plan(billingCycle: string, basePrice: string): Promise<string> {
  const created = await t.client.post('/products', acme.key, { key: `plan-${billingCycle}-${n++}`, name: `Plan ${billingCycle}`, pricingModel: 'subscription', billingCycle, basePrice });
  expect(created.status, created.raw).toBe(201);
  const publish = await t.client.post(`/products/${created.body.product.id}/versions/${created.body.version.id}/publish`, acme.key);
  expect(publish.status, publish.raw).toBe(200);
  return created.body.product.id;
}

async function subscribe(body: Record<string, unknown> = {}) {
  const customer = await t.client.post('/customers', acme.key, { name: `Customer ${n++}`, email: `c${n}@example.com` });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: monthly, ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const run = () => runDueSubscriptions(t.database.db, clock, t.config.baseUrl);

async function invoicesOf(subscriptionId: string) {
  const res = await t.client.get(`/billing/invoices?subscriptionId=${subscriptionId}&limit=100`, acme.key);
  expect(res.status, res.raw).toBe(200);
  return (res.body.invoices as any[]).reverse(); // oldest first
}

const periods = (invoices: any[]) => invoices.map((i) => `${i.periodStart.slice(0, 10)}..${i.periodEnd.slice(0, 10)}`);

describe('subscriptions', () => {
  it('bills a monthly plan anchored on Jan 31 for 13 months through a leap February, stepping the clock', async () => {
    clock.set('2028-01-31T10:00:00.000Z');
    const sub = await subscribe();
    expect(sub).toMatchObject({ status: 'active', billingCycle: 'monthly', billingMode: 'advance', collectionMethod: 'send_invoice', anchor: '2028-01-31T10:00:00.000Z', nextBillingDate: '2028-02-29T10:00:00.000Z' });
    expect(sub.items).toEqual([expect.objectContaining({ kind: 'recurring_fee', timing: 'advance', productVersionId: sub.productVersionId, canceledAt: null })]);
    for (let month = 1; month <= 13; month++) {
      clock.set((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body.nextBillingDate);
      await run();
      await run(); // a second run at the same instant finds nothing more to bill
    }
    const invoices = await invoicesOf(sub.id);
    expect(periods(invoices)).toEqual([
      '2028-01-31..2028-02-29', '2028-02-29..2028-03-31', '2028-03-31..2028-04-30', '2028-04-30..2028-05-31', '2028-05-31..2028-06-30',
      '2028-06-30..2028-07-31', '2028-07-31..2028-08-31', '2028-08-31..2028-09-30', '2028-09-30..2028-10-31', '2028-10-31..2028-11-30',
      '2028-11-30..2028-12-31', '2028-12-31..2029-01-31', '2029-01-31..2029-02-28', '2029-02-28..2029-03-31',
    ]);
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({ status: 'open', subscriptionId: sub.id, customerId: sub.id, currency: 'BRL', subtotal: '49.90', total: '49.90', amountDue: '49.90' });
      expect(invoice.invoiceNumber).toMatch(/^INV-\d{6}$/);
      expect(invoice.lineItems).toEqual([expect.objectContaining({ type: 'recurring_fee', quantity: '1', unitPrice: '49.90', amount: '49.90' })]);
    }
    expect((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body.nextBillingDate).toBe('2029-03-31T10:00:00.000Z');
    // Each invoice was emailed to the customer with its payment page.
    const emails = (await t.client.get(`/test/emails?limit=100`, acme.key)).body.emails.filter((e: any) => invoices.some((i) => e.text.includes(i.invoiceUrl)));
    expect(emails).toHaveLength(14);
  });

  it('bills the first, shorter period of a future anchor prorated, then full periods from the anchor', async () => {
    clock.set('2028-03-10T00:00:00.000Z');
    const tooFar = await t.client.post('/billing/subscriptions', acme.key, { customerId: (await t.client.post('/customers', acme.key, { name: 'Far' })).body.id, productId: monthly, anchor: '2028-04-11T00:00:00.000Z' });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.errors[0]).toMatchObject({ field: 'anchor', constraint: 'within_one_cycle' });
    const sub = await subscribe({ anchor: '2028-04-01T00:00:00.000Z' });
    expect(sub).toMatchObject({ anchor: '2028-04-01T00:00:00.000Z', nextBillingDate: '2028-04-01T00:00:00.000Z' });
    clock.set('2028-04-01T00:00:00.000Z');
    await run();
    const invoices = await invoicesOf(sub.id);
    expect(periods(invoices)).toEqual(['2028-03-10..2028-04-01', '2028-04-01..2028-05-01']);
    // 22 of March's 31 days: 49.90 x 22 / 31 = 35.4129... -> 35.41.
    expect(invoices[0].lineItems).toEqual([expect.objectContaining({ type: 'proration', proration: true, amount: '35.41', description: 'Período de Plan monthly, 10/03/2028 a 01/04/2028 (22 de 31 dias)' })]);
    expect(invoices[1]).toMatchObject({ total: '49.90' });
  });

  it('catches up 13 months in one run when the clock jumps', async () => {
    clock.set('2028-01-31T10:00:00.000Z');
    const sub = await subscribe();
    clock.set('2029-02-28T10:00:00.000Z');
    await run();
    expect(periods(await invoicesOf(sub.id))).toHaveLength(14);
  });

  it('bills an annual plan anchored on Feb 29 on Feb 28 in common years', async () => {
    clock.set('2028-02-29T00:00:00.000Z');
    const sub = await subscribe({ productId: annual });
    clock.set('2032-02-29T00:00:00.000Z');
    await run();
    const invoices = await invoicesOf(sub.id);
    expect(periods(invoices)).toEqual(['2028-02-29..2029-02-28', '2029-02-28..2030-02-28', '2030-02-28..2031-02-28', '2031-02-28..2032-02-29', '2032-02-29..2033-02-28']);
    expect(invoices.every((i) => i.total === '499.00')).toBe(true);
  });

  it('bills in arrears at each period end', async () => {
    clock.set('2026-03-15T12:00:00.000Z');
    const sub = await subscribe({ billingMode: 'arrears' });
    expect(await invoicesOf(sub.id)).toEqual([]);
    expect(sub.nextBillingDate).toBe('2026-04-15T12:00:00.000Z');
    clock.set('2026-04-15T11:59:59.999Z');
    await run();
    expect(await invoicesOf(sub.id)).toEqual([]);
    clock.set('2026-05-15T12:00:00.000Z');
    await run();
    expect(periods(await invoicesOf(sub.id))).toEqual(['2026-03-15..2026-04-15', '2026-04-15..2026-05-15']);
  });

  it('starts billing when a trial ends, counting periods from its end', async () => {
    clock.set('2026-06-01T00:00:00.000Z');
    const sub = await subscribe({ trialDays: 14 });
    expect(sub).toMatchObject({ status: 'trialing', trialEndsAt: '2026-06-15T00:00:00.000Z', anchor: '2026-06-15T00:00:00.000Z', nextBillingDate: '2026-06-15T00:00:00.000Z' });
    expect(await invoicesOf(sub.id)).toEqual([]);
    clock.set('2026-06-15T00:00:00.000Z');
    await run();
    expect((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body).toMatchObject({ status: 'active', nextBillingDate: '2026-07-15T00:00:00.000Z' });
    expect(periods(await invoicesOf(sub.id))).toEqual(['2026-06-15..2026-07-15']);
  });

  it('discounts the periods a repeating coupon covers, then bills in full', async () => {
    clock.set('2026-01-10T00:00:00.000Z');
    await t.client.post('/billing/coupons', acme.key, { code: 'TWOMONTHS', percentOff: '10', duration: 'repeating', durationInCycles: 2 });
    const sub = await subscribe({ couponCode: 'twomonths' });
    clock.set('2026-03-10T00:00:00.000Z');
    await run();
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((i) => i.total)).toEqual(['44.91', '44.91', '49.90']);
    expect(invoices[0].lineItems.map((l: any) => [l.type, l.amount])).toEqual([['recurring_fee', '49.90'], ['discount', '-4.99']]);
  });

  it('bills nothing while paused, credits the paid paused time and bills the rest of the period resumed in', async () => {
    clock.set('2026-01-05T00:00:00.000Z');
    const sub = await subscribe();
    clock.set('2026-01-20T00:00:00.000Z');
    const paused = await t.client.post(`/billing/subscriptions/${sub.id}/pause`, acme.key);
    expect(paused.body).toMatchObject({ status: 'paused', nextBillingDate: null, pausedAt: '2026-01-20T00:00:00.000Z' });
    clock.set('2026-03-20T00:00:00.000Z');
    await run();
    expect(periods(await invoicesOf(sub.id))).toEqual(['2026-01-05..2026-02-05']);
    const resumed = await t.client.post(`/billing/subscriptions/${sub.id}/resume`, acme.key);
    // The January invoice (send_invoice) was never paid and fell due during the pause: a resume
    // no longer clears that, the subscription is past_due.
    expect(resumed.body).toMatchObject({ status: 'past_due', nextBillingDate: '2026-04-05T00:00:00.000Z' });
    // The rest of the period resumed in, Mar 20 -> Apr 5 (16 of its 31 days), is due at the resume:
    // 49.90 x 16/31 = 25.7548... -> 25.75.
    expect((await invoicesOf(sub.id)).map((i) => [`${i.periodStart.slice(0, 10)}..${i.periodEnd.slice(0, 10)}`, i.total])).toEqual([
      ['2026-01-05..2026-02-05', '49.90'],
      ['2026-03-20..2026-04-05', '25.75'],
    ]);
    clock.set('2026-04-05T00:00:00.000Z');
    await run();
    // The paid period Jan 5 -> Feb 5 was paused from Jan 20 (16 of 31 days): a credit of
    // 49.90 x 16/31 = -25.75 on the next period's invoice: 49.90 - 25.75 = 24.15.
    const invoices = await invoicesOf(sub.id);
    expect(periods(invoices)).toEqual(['2026-01-05..2026-02-05', '2026-03-20..2026-04-05', '2026-04-05..2026-05-05']);
    expect(invoices[2].lineItems.map((l: any) => [l.type, l.amount])).toEqual([['recurring_fee', '49.90'], ['proration', '-25.75']]);
    expect(invoices[2].total).toBe('24.15');
    expect((await t.client.post(`/billing/subscriptions/${sub.id}/resume`, acme.key)).status).toBe(409);
  });

  it('cancels at the period end without billing the next period, or at once', async () => {
    clock.set('2026-02-01T00:00:00.000Z');
    const atEnd = await subscribe();
    const later = await t.client.post(`/billing/subscriptions/${atEnd.id}/cancel`, acme.key, { atPeriodEnd: true });
    expect(later.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, canceledAt: null });
    clock.set('2026-03-01T00:00:00.000Z');
    await run();
    const canceled = (await t.client.get(`/billing/subscriptions/${atEnd.id}`, acme.key)).body;
    expect(canceled).toMatchObject({ status: 'canceled', canceledAt: '2026-03-01T00:00:00.000Z', nextBillingDate: null });
    expect(canceled.items[0].canceledAt).toBe('2026-03-01T00:00:00.000Z');
    expect(periods(await invoicesOf(atEnd.id))).toEqual(['2026-02-01..2026-03-01']);

    const now = await subscribe(); // advance: the period was paid at its start, a cancel now bills nothing more
    clock.set('2026-03-10T00:00:00.000Z');
    const ended = await t.client.post(`/billing/subscriptions/${now.id}/cancel`, acme.key, {});
    expect(ended.body).toMatchObject({ status: 'canceled', canceledAt: '2026-03-10T00:00:00.000Z' });
    clock.set('2026-06-01T00:00:00.000Z');
    await run();
    expect(await invoicesOf(now.id)).toHaveLength(1);
    // The customer may subscribe again: a new enrollment, a new subscription.
    const again = await t.client.post('/billing/subscriptions', acme.key, { customerId: now.customerId, productId: monthly });
    expect(again.status, again.raw).toBe(201);
    expect(again.body.id).not.toBe(now.id);
  });

  it('refuses what it cannot bill yet, naming the field, and another tenant sees nothing', async () => {
    const customer = (await t.client.post('/customers', acme.key, { name: 'Refused' })).body.id;
    const oneTime = await t.client.post('/products', acme.key, { key: `one-${n++}`, name: 'Book', pricingModel: 'one_time', basePrice: '10' });
    await t.client.post(`/products/${oneTime.body.product.id}/versions/${oneTime.body.version.id}/publish`, acme.key);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ productId: oneTime.body.product.id }, 'productId'],
      [{ productId: monthly, collectionMethod: 'charge_automatically' }, 'paymentMethod'],
      [{ productId: monthly, collectionMethod: 'charge_automatically', paymentMethod: '4111111111111111' }, 'paymentMethod'],
      [{ productId: monthly, paymentMethod: '4242424242424242' }, 'paymentMethod'],
      [{ productId: monthly, anchor: '2099-01-01T00:00:00Z' }, 'anchor'],
      [{ productId: monthly, productVersionId: '01900000-0000-7000-8000-000000000000' }, 'productId'],
    ];
    for (const [body, field] of cases) {
      const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].field).toBe(field);
    }
    const sub = await subscribe();
    expect((await t.client.post('/billing/subscriptions', acme.key, { customerId: sub.customerId, productId: monthly })).status).toBe(409);
    const other = await seedAccount(t.client, 'Other');
    for (const key of [other.key, acme.liveKey]) {
      expect((await t.client.get(`/billing/subscriptions/${sub.id}`, key)).status).toBe(404);
      expect((await t.client.post(`/billing/subscriptions/${sub.id}/pause`, key)).body.resource).toBe('subscription');
    }
    const list = await t.client.get(`/billing/subscriptions?customerId=${sub.customerId}`, acme.key);
    expect(list.body.subscriptions.map((s: any) => s.id)).toEqual([sub.id]);
  });

  it('bills 500 subscriptions due at one instant exactly once with two runners at the same time', async () => {
    clock.set('2027-05-01T00:00:00.000Z');
    const ids: string[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const made = await Promise.all(Array.from({ length: 25 }, () => subscribe({ billingMode: 'arrears' })));
      ids.push(...made.map((s) => s.id));
    }
    clock.set('2027-06-01T00:00:00.000Z');
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.failures).toEqual([]);
    expect(b.failures).toEqual([]);
    // Other tests' subscriptions come due too (same database): count these 500 by their rows.
    expect(a.invoices + b.invoices).toBeGreaterThanOrEqual(500);
    const billed = await t.database.db.selectFrom('subscription_periods').select('subscription_id').where('subscription_id', 'in', ids).execute();
    expect(billed).toHaveLength(500);
    const rows = await t.database.db.selectFrom('invoices').select(['subscription_id']).where('subscription_id', 'in', ids).execute();
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.subscription_id)).size).toBe(500);
    expect((await run()).invoices).toBe(0);
  }, 300_000);
});
