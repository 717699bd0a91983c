// Prepaid balances in the ledger (docs/ledger.md, "Prepaid draws", "Prepaid credit taken back";
// docs/decisions/subscriptions.md, "Prepaid credit and money that goes back"): each ingestion call
// posts what it drew from a balance as one `prepaid.drawn` transaction (prepaid debit, revenue
// credit), so the balance column always equals its ledger account (credit-normal, so negated); a
// refund or a chargeback of the paid credit takes the credit back in the same share; a coupon
// credits what was paid; a canceled subscription keeps its unspent credit and takes no usage; the
// sandbox test clock holds for every request of a key. Each story ends reconciled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';

const clock = new ManualClock('2027-03-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(async () => {
  await t.close();
});

/** A published prepaid product: 100.00 of credit a month, calls at 0.50 each, the floor given. */
async function prepaidPlan(account: SeededAccount, consumptionFloor = '0') {
  const meterKey = `prepaid-calls-${n++}`;
  expect((await t.client.post('/meters', account.key, { key: meterKey, name: 'Calls', aggregation: 'sum' })).status).toBe(201);
  const created = await t.client.post('/products', account.key, { key: `prepaid-${n++}`, name: 'Credits', pricingModel: 'prepaid', billingCycle: 'monthly', basePrice: '100.00' });
  expect(created.status, created.raw).toBe(201);
  const { product, version } = created.body;
  const patched = await t.client.patch(`/products/${product.id}/versions/${version.id}`, account.key, { prices: [{ meter: meterKey, unitPrice: '0.50' }], consumptionFloor });
  expect(patched.status, patched.raw).toBe(200);
  expect((await t.client.post(`/products/${product.id}/versions/${version.id}/publish`, account.key)).status).toBe(200);
  return { productId: product.id as string, meterKey };
}

/** A paid-by-card prepaid subscription (100.00 credited at once, less a coupon when given). */
async function paidPrepaid(body: Record<string, unknown> = {}, account = acme) {
  const plan = await prepaidPlan(account);
  const customer = await t.client.post('/customers', account.key, { name: `Customer ${n++}` });
  const res = await t.client.post('/billing/subscriptions', account.key, {
    customerId: customer.body.id,
    productId: plan.productId,
    collectionMethod: 'charge_automatically',
    paymentMethod: '4242 4242 4242 4242',
    ...body,
  });
  expect(res.status, res.raw).toBe(201);
  const customerId = customer.body.id as string;
  const sub = res.body as { id: string };
  const event = (value: string, eventId?: string) => ({ meter: plan.meterKey, productId: plan.productId, customerId, value, timestamp: clock.now().toISOString(), ...(eventId && { eventId }) });
  return { ...plan, sub, customerId, event };
}

const balanceOf = async (id: string, account = acme) => (await t.client.get(`/billing/subscriptions/${id}/balance`, account.key)).body.balance as string;

/** The ledger balance of the subscription's prepaid account (debit positive: a credit balance is negative). */
async function ledgerBalance(enrollmentId: string, account = acme): Promise<string> {
  const res = await t.client.get('/billing/ledger/balances', account.key);
  expect(res.status, res.raw).toBe(200);
  return res.body.balances.find((b: { account: string }) => b.account === `enrollments:${enrollmentId}:prepaid`)?.balance ?? '0.00';
}

interface Transaction {
  kind: string;
  resourceType: string;
  resourceId: string;
  entries: Array<{ account: string; amount: string }>;
}

async function transactionsOn(code: string, account = acme): Promise<Transaction[]> {
  const res = await t.client.get(`/billing/ledger/transactions?account=${encodeURIComponent(code)}&limit=100`, account.key);
  expect(res.status, res.raw).toBe(200);
  return res.body.transactions;
}
const lines = (tx: Transaction | undefined) => (tx?.entries ?? []).map((e) => `${e.account} ${e.amount}`).sort();

async function expectReconciled(account = acme) {
  const res = await t.client.get('/billing/reconciliation', account.key);
  expect(res.status, res.raw).toBe(200);
  expect(res.body.checks).toContain('prepaid_balance');
  expect(res.body.mismatches).toEqual([]);
  expect(res.body.reconciled).toBe(true);
}

async function paymentOf(subscriptionId: string): Promise<{ id: string; amount: string }> {
  const [invoice] = (await t.client.get(`/billing/invoices?subscriptionId=${subscriptionId}`, acme.key)).body.invoices;
  const [payment] = (await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.key)).body.payments;
  return payment;
}

describe('prepaid balances in the ledger', () => {
  it('posts one prepaid.drawn per ingestion call: 40 events x 0.50 = 20.00 drawn -> balance 80.00 = ledger account 80.00', async () => {
    clock.set('2027-03-02T00:00:00.000Z');
    const { sub, event } = await paidPrepaid();
    const prepaid = `enrollments:${sub.id}:prepaid`;
    // Credited 100.00: balance 100.00, ledger account -100.00 (credit-normal).
    expect(await balanceOf(sub.id)).toBe('100.00');
    expect(await ledgerBalance(sub.id)).toBe('-100.00');

    // One batch of 40 events of 1 call at 0.50: 40 x 0.50 = 20.00, posted as ONE transaction.
    const batch = await t.client.post('/metering/events/batch', acme.key, { events: Array.from({ length: 40 }, (_, i) => event('1', `draw-${n}-${i}`)) });
    expect(batch.status, batch.raw).toBe(200);
    expect(batch.body.accepted).toBe(40);
    let drawn = (await transactionsOn(prepaid)).filter((tx) => tx.kind === 'prepaid.drawn');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({ resourceType: 'enrollment', resourceId: sub.id });
    expect(lines(drawn[0])).toEqual([`${prepaid} 20.00`, 'revenue -20.00']);
    // 100.00 - 20.00 = 80.00 in the column; -100.00 + 20.00 = -80.00 in the ledger.
    expect(await balanceOf(sub.id)).toBe('80.00');
    expect(await ledgerBalance(sub.id)).toBe('-80.00');

    // One more event of 3 calls: 3 x 0.50 = 1.50 -> 78.50. A resend of it draws and posts nothing.
    expect((await t.client.post('/metering/events', acme.key, event('3', `one-${n}`))).status).toBe(201);
    expect((await t.client.post('/metering/events', acme.key, event('3', `one-${n}`))).status).toBe(200);
    drawn = (await transactionsOn(prepaid)).filter((tx) => tx.kind === 'prepaid.drawn');
    expect(drawn.map(lines)).toEqual([
      [`${prepaid} 1.50`, 'revenue -1.50'],
      [`${prepaid} 20.00`, 'revenue -20.00'],
    ]);
    expect(await balanceOf(sub.id)).toBe('78.50');
    expect(await ledgerBalance(sub.id)).toBe('-78.50');
    // A refused batch (1.50 + 80.00 > 78.50) draws and posts nothing.
    expect((await t.client.post('/metering/events/batch', acme.key, { events: [event('3'), event('160')] })).status).toBe(422);
    expect((await transactionsOn(prepaid)).filter((tx) => tx.kind === 'prepaid.drawn')).toHaveLength(2);
    await expectReconciled();
  });

  it('keeps the ledger account equal to the column after 300 concurrent draws on 100.00 (200 pass: 200 x 0.50 = 100.00)', async () => {
    clock.set('2027-03-02T00:00:00.000Z');
    const { sub, event } = await paidPrepaid();
    const answers = await Promise.all(Array.from({ length: 300 }, () => t.client.post('/metering/events', acme.key, event('1'))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(200);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(100);
    // 100.00 - 200 x 0.50 = 0.00 in the column and in the ledger; the draws' transactions (one per
    // group that drew) add up to 100.00 of revenue.
    expect(await balanceOf(sub.id)).toBe('0.00');
    expect(await ledgerBalance(sub.id)).toBe('0.00');
    const drawn = (await transactionsOn(`enrollments:${sub.id}:prepaid`)).filter((tx) => tx.kind === 'prepaid.drawn');
    expect(drawn.length).toBeGreaterThanOrEqual(1);
    expect(drawn.length).toBeLessThanOrEqual(200);
    const revenue = drawn.flatMap((tx) => tx.entries).filter((e) => e.account === 'revenue').reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0);
    expect(revenue).toBe(-10_000); // -100.00 in cents
    await expectReconciled();
  });

  it('B5: a full refund takes the credit back: 80.00 - 100.00 = -20.00, and usage is refused by the floor', async () => {
    clock.set('2027-03-02T00:00:00.000Z');
    const { sub, event } = await paidPrepaid();
    const prepaid = `enrollments:${sub.id}:prepaid`;
    expect((await t.client.post('/metering/events', acme.key, event('40'))).status).toBe(201); // 40 x 0.50 = 20.00 -> 80.00
    expect(await balanceOf(sub.id)).toBe('80.00');

    const payment = await paymentOf(sub.id);
    expect(payment.amount).toBe('100.00');
    const refund = await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, {});
    expect(refund.status, refund.raw).toBe(201);
    // The whole 100.00 went back, so the whole credit does: 80.00 - 100.00 = -20.00.
    expect(await balanceOf(sub.id)).toBe('-20.00');
    expect(await ledgerBalance(sub.id)).toBe('20.00');
    const takenBack = (await transactionsOn(prepaid)).find((tx) => tx.kind === 'prepaid.taken_back');
    // The refund of a paid invoice is a credit note (credit_notes +100.00 / the customer's credit
    // -100.00, paid out to the provider): the credit taken back goes against it.
    expect(lines(takenBack)).toEqual(['credit_notes -100.00', `${prepaid} 100.00`]);
    // credit_notes: +100.00 (the invoice credited) - 100.00 (the prepaid credit it was) = 0.00.
    const balances = (await t.client.get('/billing/ledger/balances', acme.key)).body.balances as Array<{ account: string; balance: string }>;
    expect(balances.find((b) => b.account === 'credit_notes')?.balance).toBe('0.00');

    // -20.00 is below the floor 0: one call (0.50) is refused.
    const refused = await t.client.post('/metering/events', acme.key, event('1'));
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('insufficient_balance');
    await expectReconciled();
  });

  it('B5: a partial refund takes back its share (100.00 x 30.00 / 100.00 = 30.00), a chargeback the rest (70.00)', async () => {
    clock.set('2027-03-02T00:00:00.000Z');
    const { sub, event } = await paidPrepaid();
    const prepaid = `enrollments:${sub.id}:prepaid`;
    expect((await t.client.post('/metering/events', acme.key, event('20'))).status).toBe(201); // 20 x 0.50 = 10.00 -> 90.00
    const payment = await paymentOf(sub.id);
    expect((await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, { amount: '30.00' })).status).toBe(201);
    // 90.00 - 30.00 = 60.00; usage still draws: 10 x 0.50 = 5.00 -> 55.00.
    expect(await balanceOf(sub.id)).toBe('60.00');
    expect((await t.client.post('/metering/events', acme.key, event('10'))).status).toBe(201);
    expect(await balanceOf(sub.id)).toBe('55.00');
    // The bank takes what was not refunded, 100.00 - 30.00 = 70.00, and the rest of the credit goes:
    // 55.00 - 70.00 = -15.00 (taken back in all 30.00 + 70.00 = 100.00 = the credit).
    expect((await t.client.post(`/test/payments/${payment.id}/chargeback`, acme.key)).status).toBe(200);
    expect(await balanceOf(sub.id)).toBe('-15.00');
    expect(await ledgerBalance(sub.id)).toBe('15.00');
    const takenBack = (await transactionsOn(prepaid)).filter((tx) => tx.kind === 'prepaid.taken_back').map(lines);
    expect(takenBack).toEqual([
      ['chargebacks -70.00', `${prepaid} 70.00`],
      ['credit_notes -30.00', `${prepaid} 30.00`],
    ]);
    await expectReconciled();
  });

  it('credits what was paid: a 20% coupon credits 100.00 - 20.00 = 80.00; a 100% coupon credits nothing', async () => {
    clock.set('2027-03-02T00:00:00.000Z');
    expect((await t.client.post('/billing/coupons', acme.key, { code: `TWENTY${n}`, percentOff: '20', duration: 'once' })).status).toBe(201);
    const twenty = await paidPrepaid({ couponCode: `TWENTY${n}` });
    const [invoice] = (await t.client.get(`/billing/invoices?subscriptionId=${twenty.sub.id}`, acme.key)).body.invoices;
    // Invoice: 100.00 of credit - 20.00 of coupon = 80.00 paid, and 80.00 credited.
    expect(invoice).toMatchObject({ status: 'paid', total: '80.00' });
    expect(await balanceOf(twenty.sub.id)).toBe('80.00');
    expect(await ledgerBalance(twenty.sub.id)).toBe('-80.00');
    const credited = (await transactionsOn(`enrollments:${twenty.sub.id}:prepaid`)).find((tx) => tx.kind === 'prepaid.credited');
    // prepaid:invoiced (100.00 at finalization) cleared; the coupon's 20.00 leaves discounts, as it took credit, not revenue.
    expect(lines(credited)).toEqual(['discounts -20.00', `enrollments:${twenty.sub.id}:prepaid -80.00`, 'prepaid:invoiced 100.00']);

    expect((await t.client.post('/billing/coupons', acme.key, { code: `FREE${n}`, percentOff: '100', duration: 'once' })).status).toBe(201);
    const free = await paidPrepaid({ couponCode: `FREE${n}` });
    const [freeInvoice] = (await t.client.get(`/billing/invoices?subscriptionId=${free.sub.id}`, acme.key)).body.invoices;
    // 100.00 - 100.00 = 0.00 paid: 0.00 credited, and usage is refused at the floor 0.
    expect(freeInvoice).toMatchObject({ status: 'paid', total: '0.00' });
    expect(await balanceOf(free.sub.id)).toBe('0.00');
    expect(await ledgerBalance(free.sub.id)).toBe('0.00');
    expect((await t.client.post('/metering/events', acme.key, free.event('1'))).status).toBe(422);
    await expectReconciled();
  });

  it('keeps the unspent credit of a canceled subscription on its ledger account, and takes no more usage', async () => {
    clock.set('2027-03-02T00:00:00.000Z');
    const { sub, event } = await paidPrepaid();
    expect((await t.client.post('/metering/events', acme.key, event('40'))).status).toBe(201); // 20.00 -> 80.00
    const canceled = await t.client.post(`/billing/subscriptions/${sub.id}/cancel`, acme.key, {});
    expect(canceled.status, canceled.raw).toBe(200);
    // Nothing moves at cancel: 80.00 in the column = 80.00 owed on the ledger account (-80.00).
    expect(await balanceOf(sub.id)).toBe('80.00');
    expect(await ledgerBalance(sub.id)).toBe('-80.00');
    // Usage names no live subscription any more: refused, nothing drawn.
    const refused = await t.client.post('/metering/events', acme.key, event('1'));
    expect(refused.status).toBe(422);
    expect(await balanceOf(sub.id)).toBe('80.00');
    await expectReconciled();
  });
});

describe('B6: the sandbox test clock on every request of a key', () => {
  /** A fresh account (its own test clock) whose key is read, then remembered: requests two and on come from memory. */
  async function rememberedKey() {
    clock.set('2027-03-01T00:00:00.000Z');
    const beta = await seedAccount(t.client, `Beta ${n++}`);
    const prepaid = await paidPrepaid({}, beta);
    const at = (timestamp: string | undefined, eventId: string) => ({ ...prepaid.event('2', eventId), timestamp });
    expect((await t.client.post('/metering/events', beta.key, at('2027-03-01T00:00:00.000Z', 'before-1'))).status).toBe(201);
    expect((await t.client.post('/metering/events', beta.key, at('2027-03-01T00:00:00.000Z', 'before-2'))).status).toBe(201);
    // The test clock moves to Mar 20 while the server's clock stays at Mar 1: Mar 19 is 18 days
    // ahead of the server's clock and one day behind the test clock.
    const advanced = await t.client.post('/test/clock/advance', beta.key, { to: '2027-03-20T00:00:00.000Z' });
    expect(advanced.status, advanced.raw).toBe(200);
    return { beta, at, ...prepaid };
  }

  it('accepts an event pinned one day before the test clock on every request with the same key', async () => {
    const { beta, at, sub } = await rememberedKey();
    for (const id of ['after-1', 'after-2', 'after-3']) {
      const res = await t.client.post('/metering/events', beta.key, at('2027-03-19T00:00:00.000Z', id));
      expect(res.status, `${id}: ${res.raw}`).toBe(201);
    }
    // Still refused beyond the test clock (+5 minutes of skew): Mar 21 is a day ahead of it.
    const ahead = await t.client.post('/metering/events', beta.key, at('2027-03-21T00:00:00.000Z', 'ahead'));
    expect(ahead.status).toBe(422);
    expect(ahead.body.errors[0]).toMatchObject({ field: 'timestamp', constraint: 'not_in_future' });
    // 5 events of 2 calls at 0.50: 5 x 1.00 = 5.00 -> 95.00, in the column and the ledger.
    expect(await balanceOf(sub.id, beta)).toBe('95.00');
    expect(await ledgerBalance(sub.id, beta)).toBe('-95.00');
    await expectReconciled(beta);
  });

  it('stamps an event without a timestamp with the test clock, from memory too (the group finds the clock)', async () => {
    const { beta, at, sub } = await rememberedKey();
    // From memory: it passes the checks on the server's clock; the group's call finds the test clock,
    // so it is checked again and stamped as of Mar 20, not Mar 1.
    for (const id of ['untimed-1', 'untimed-2']) {
      const res = await t.client.post('/metering/events', beta.key, at(undefined, id));
      expect(res.status, res.raw).toBe(201);
      expect(res.body.timestamp).toBe('2027-03-20T00:00:00.000Z');
    }
    // 4 events x 1.00 = 4.00 -> 96.00.
    expect(await balanceOf(sub.id, beta)).toBe('96.00');
    await expectReconciled(beta);
  });
});
