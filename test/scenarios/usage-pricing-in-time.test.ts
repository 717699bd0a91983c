// Usage priced in time, on a moving clock: usage is priced by the version and rate card in force
// when it happened (a price change on Mar 20 splits March at Mar 20), a rate card that omits a
// meter leaves it at the version's price, a `max` meter is billed once however the period is split,
// a `sum` meter is split at a rate card's start, and a commitment's unused part carried over as
// credit is held in the ledger (commitments:<subscription>:carried) and reconciled.
// docs/decisions/usage-pricing.md has the rules; docs/ledger.md the commitment postings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { setupUsageProduct } from '../factories/usage.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';

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

const run = () => runDueSubscriptions(t.database.db, clock, t.config.baseUrl);

interface MeterDef {
  name: string;
  aggregation: 'sum' | 'max';
  unitPrice: string;
}

/** A published usage product pricing each meter per unit (first version), with the version fields given. */
async function product(meters: MeterDef[], fields: Record<string, unknown> = {}) {
  const keys: string[] = [];
  for (const meter of meters) {
    const key = `${meter.name.toLowerCase().replace(/\W+/g, '-')}-${n++}`;
    expect((await t.client.post('/meters', acme.key, { key, name: meter.name, aggregation: meter.aggregation })).status).toBe(201);
    keys.push(key);
  }
  const created = await t.client.post('/products', acme.key, { key: `usage-in-time-${n++}`, name: 'Usage plan', pricingModel: 'usage' });
  expect(created.status, created.raw).toBe(201);
  const { product, version: draft } = created.body;
  const prices = meters.map((meter, i) => ({ meter: keys[i], unitPrice: meter.unitPrice }));
  const patched = await t.client.patch(`/products/${product.id}/versions/${draft.id}`, acme.key, { prices, ...fields });
  expect(patched.status, patched.raw).toBe(200);
  expect((await t.client.post(`/products/${product.id}/versions/${draft.id}/publish`, acme.key)).status).toBe(200);
  return { productId: product.id as string, versionId: draft.id as string, keys };
}

/** Another published version of the product (not the default), with the fields given; the others are copied. */
async function version(productId: string, fields: Record<string, unknown>) {
  const created = await t.client.post(`/products/${productId}/versions`, acme.key, fields);
  expect(created.status, created.raw).toBe(201);
  expect((await t.client.post(`/products/${productId}/versions/${created.body.id}/publish`, acme.key, { default: false })).status).toBe(200);
  return created.body.id as string;
}

async function subscribe(productId: string) {
  const customer = await t.client.post('/customers', acme.key, { name: `Customer ${n++}` });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId, billingCycle: 'monthly' });
  expect(res.status, res.raw).toBe(201);
  return { subId: res.body.id as string, customerId: customer.body.id as string };
}

/** Records usage at `timestamp`, the clock moved there first when behind (events are not taken from the future). */
async function use(meterKey: string, productId: string, customerId: string, value: string, timestamp: string) {
  if (new Date(timestamp) > clock.now()) clock.set(timestamp);
  const res = await t.client.post('/metering/events', acme.key, { meter: meterKey, productId, customerId, value, timestamp });
  expect(res.status, res.raw).toBe(201);
}

async function changeVersion(subId: string, productVersionId: string, at: string) {
  clock.set(at);
  const res = await t.client.post(`/billing/subscriptions/${subId}/change-version`, acme.key, { productVersionId });
  expect(res.status, res.raw).toBe(200);
}

async function invoicesOf(subscriptionId: string) {
  const res = await t.client.get(`/billing/invoices?subscriptionId=${subscriptionId}&limit=100`, acme.key);
  expect(res.status, res.raw).toBe(200);
  return (res.body.invoices as any[]).reverse();
}

const lines = (invoice: any) => invoice.lineItems.map((l: any) => [l.type, l.description, l.quantity, l.unitPrice, l.amount]);

async function expectReconciled() {
  const res = await t.client.get('/billing/reconciliation', acme.key);
  expect(res.status, res.raw).toBe(200);
  expect(res.body.mismatches).toEqual([]);
  expect(res.body.reconciled).toBe(true);
  expect(res.body.checks).toContain('commitment_carried');
}

async function balanceOf(account: string): Promise<string | undefined> {
  const res = await t.client.get('/billing/ledger/balances', acme.key);
  expect(res.status, res.raw).toBe(200);
  return (res.body.balances as any[]).find((b) => b.account === account)?.balance;
}

describe('usage priced by the terms in force when it happened', () => {
  it('a price change from 0.10 to 0.20 on Mar 20 bills 100 x 0.10 + 100 x 0.20 = 30.00, not 40.00', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, keys } = await product([{ name: 'API calls', aggregation: 'sum', unitPrice: '0.10' }]);
    const [calls] = keys as [string];
    const dearer = await version(productId, { prices: [{ meter: calls, unitPrice: '0.20' }] });
    const { subId, customerId } = await subscribe(productId);
    await use(calls, productId, customerId, '100', '2027-03-10T00:00:00Z');
    await changeVersion(subId, dearer, '2027-03-20T00:00:00.000Z');
    await use(calls, productId, customerId, '100', '2027-03-25T00:00:00Z');
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    const [march] = await invoicesOf(subId);
    // Mar 1 - Mar 20 under the first version: 100 x 0.10 = 10.00; Mar 20 - Apr 1 under the
    // second: 100 x 0.20 = 20.00; 10.00 + 20.00 = 30.00. Priced all by the version in force at
    // the invoice it would be 200 x 0.20 = 40.00.
    expect(lines(march)).toEqual([
      ['usage', 'API calls, 2027-03-01T00:00:00Z a 2027-03-20T00:00:00Z', '100', '0.10', '10.00'],
      ['usage', 'API calls, 2027-03-20T00:00:00Z a 2027-04-01T00:00:00Z', '100', '0.20', '20.00'],
    ]);
    expect(march).toMatchObject({ periodStart: '2027-03-01T00:00:00.000Z', periodEnd: '2027-04-01T00:00:00.000Z', total: '30.00' });
    // April is all under the second version: 50 x 0.20 = 10.00, one line for the whole period.
    await use(calls, productId, customerId, '50', '2027-04-10T00:00:00Z');
    clock.set('2027-05-01T00:00:00.000Z');
    await run();
    const [, april] = await invoicesOf(subId);
    expect(lines(april)).toEqual([['usage', 'API calls', '50', '0.20', '10.00']]);
    await expectReconciled();
  });

  it('a rate card that omits a meter leaves that meter at the version\'s price, on a cycle and from usage', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, keys } = await product([
      { name: 'API calls', aggregation: 'sum', unitPrice: '0.10' },
      { name: 'Storage GB', aggregation: 'sum', unitPrice: '2.00' },
    ]);
    const [calls, storage] = keys as [string, string];
    const { subId, customerId } = await subscribe(productId);
    // The card prices calls only, at 0.05, from the subscription's start.
    const card = await t.client.post(`/customers/${subId}/rate-cards`, acme.key, { prices: [{ meter: calls, unitPrice: '0.05' }], effectiveFrom: '2027-03-01T00:00:00Z' });
    expect(card.status, card.raw).toBe(201);
    await use(calls, productId, customerId, '1000', '2027-03-10T00:00:00Z');
    await use(storage, productId, customerId, '10', '2027-03-11T00:00:00Z');
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    const [march] = await invoicesOf(subId);
    // Calls at the card's 0.05: 1,000 x 0.05 = 50.00. Storage, which the card omits, at the
    // version's 2.00: 10 x 2.00 = 20.00 (not free). 50.00 + 20.00 = 70.00.
    expect(lines(march)).toEqual([
      ['usage', 'API calls', '1000', '0.05', '50.00'],
      ['usage', 'Storage GB', '10', '2.00', '20.00'],
    ]);
    expect(march.total).toBe('70.00');

    // from-usage follows the same rule: an enrollment with no subscription, the same kind of card.
    const setup = await setupUsageProduct(t.client, acme.key, [
      { key: `calls-fu-${n++}`, price: { model: 'per_unit', unitPrice: '0.10' } },
      { key: `storage-fu-${n++}`, price: { model: 'per_unit', unitPrice: '2.00' } },
    ]);
    const [fuCalls, fuStorage] = Object.keys(setup.meters) as [string, string];
    clock.set('2027-04-01T00:00:00.000Z');
    const fuCard = await t.client.post(`/customers/${setup.enrollmentId}/rate-cards`, acme.key, { prices: [{ meter: fuCalls, unitPrice: '0.05' }] });
    expect(fuCard.status, fuCard.raw).toBe(201);
    await use(fuCalls, setup.productId, setup.customerId, '200', '2027-04-02T00:00:00Z');
    await use(fuStorage, setup.productId, setup.customerId, '3', '2027-04-03T00:00:00Z');
    clock.set('2027-04-05T00:00:00.000Z');
    const manual = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: setup.enrollmentId, from: '2027-04-01T00:00:00Z', to: '2027-04-05T00:00:00Z' });
    expect(manual.status, manual.raw).toBe(201);
    // 200 x 0.05 = 10.00 (card) + 3 x 2.00 = 6.00 (version) = 16.00.
    expect(manual.body.lineItems.map((l: any) => [l.quantity, l.unitPrice, l.amount])).toEqual([
      ['200', '0.05', '10.00'],
      ['3', '2.00', '6.00'],
    ]);
    expect(manual.body.total).toBe('16.00');
    await expectReconciled();
  });

  it('a max meter with a peak of 9 seats at 1.00 bills 9.00 across a version change, not 18.00', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, keys } = await product([
      { name: 'Seats', aggregation: 'max', unitPrice: '1.00' },
      { name: 'API calls', aggregation: 'sum', unitPrice: '0.10' },
    ]);
    const [seats, calls] = keys as [string, string];
    // The second version keeps seats at 1.00 and doubles calls.
    const second = await version(productId, { prices: [{ meter: seats, unitPrice: '1.00' }, { meter: calls, unitPrice: '0.20' }] });
    const { subId, customerId } = await subscribe(productId);
    await use(seats, productId, customerId, '5', '2027-03-05T00:00:00Z');
    await use(seats, productId, customerId, '9', '2027-03-15T00:00:00Z');
    await use(calls, productId, customerId, '100', '2027-03-16T00:00:00Z');
    await changeVersion(subId, second, '2027-03-20T00:00:00.000Z');
    await use(seats, productId, customerId, '9', '2027-03-25T00:00:00Z');
    await use(calls, productId, customerId, '100', '2027-03-26T00:00:00Z');
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    const [march] = await invoicesOf(subId);
    // Seats: the peak over the whole of March is max(5, 9, 9) = 9, billed once at the terms in
    // force at the period's end: 9 x 1.00 = 9.00 (the two sides of Mar 20 each peak at 9, so a
    // split would bill 9.00 + 9.00 = 18.00). Calls are additive and split: 100 x 0.10 = 10.00
    // before Mar 20, 100 x 0.20 = 20.00 after. 9.00 + 10.00 + 20.00 = 39.00.
    expect(lines(march)).toEqual([
      ['usage', 'API calls, 2027-03-01T00:00:00Z a 2027-03-20T00:00:00Z', '100', '0.10', '10.00'],
      ['usage', 'Seats', '9', '1.00', '9.00'],
      ['usage', 'API calls, 2027-03-20T00:00:00Z a 2027-04-01T00:00:00Z', '100', '0.20', '20.00'],
    ]);
    expect(march.total).toBe('39.00');
    await expectReconciled();
  });

  it('a sum meter is split at a rate card\'s start: 500 x 0.10 + 500 x 0.08 = 90.00', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, keys } = await product([{ name: 'API calls', aggregation: 'sum', unitPrice: '0.10' }]);
    const [calls] = keys as [string];
    const { subId, customerId } = await subscribe(productId);
    // A card agreed on Mar 1, in effect from Mar 16.
    const card = await t.client.post(`/customers/${subId}/rate-cards`, acme.key, { prices: [{ meter: calls, unitPrice: '0.08' }], effectiveFrom: '2027-03-16T00:00:00Z' });
    expect(card.status, card.raw).toBe(201);
    await use(calls, productId, customerId, '500', '2027-03-10T00:00:00Z');
    await use(calls, productId, customerId, '500', '2027-03-20T00:00:00Z');
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    const [march] = await invoicesOf(subId);
    // Mar 1 - Mar 16 at the version's 0.10: 500 x 0.10 = 50.00; Mar 16 - Apr 1 at the card's 0.08:
    // 500 x 0.08 = 40.00. 50.00 + 40.00 = 90.00 (all at the card would be 80.00, all at the version 100.00).
    expect(lines(march)).toEqual([
      ['usage', 'API calls, 2027-03-01T00:00:00Z a 2027-03-16T00:00:00Z', '500', '0.10', '50.00'],
      ['usage', 'API calls, 2027-03-16T00:00:00Z a 2027-04-01T00:00:00Z', '500', '0.08', '40.00'],
    ]);
    expect(march.total).toBe('90.00');
    await expectReconciled();
  });

  it('commitment credit carried over is held in the ledger, drawn down, dropped by a resetting version, and reconciled', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, keys } = await product([{ name: 'API calls', aggregation: 'sum', unitPrice: '0.10' }], { commitmentAmount: '100.00', commitmentResets: false });
    const [calls] = keys as [string];
    const resetting = await version(productId, { commitmentResets: true });
    const { subId, customerId } = await subscribe(productId);
    const carried = `commitments:${subId}:carried`;

    // March: 300 calls = 30.00 of usage, below the 100.00 minimum: a commitment line of
    // 100.00 - 30.00 = 70.00, carried over as credit. The invoice books 100.00 of revenue; the
    // 70.00 carried is not earned yet: revenue +70.00 / carried -70.00.
    await use(calls, productId, customerId, '300', '2027-03-10T00:00:00Z');
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    expect(await balanceOf(carried)).toBe('-70.00');
    await expectReconciled();

    // April: 1,500 calls = 150.00; the 70.00 credit is drawn first (a -70.00 line; carried +70.00 /
    // revenue -70.00), 150.00 - 70.00 = 80.00 charged < 100.00: a 20.00 commitment line, carried
    // (revenue +20.00 / carried -20.00). Carried: -70.00 + 70.00 - 20.00 = -20.00.
    await use(calls, productId, customerId, '1500', '2027-04-10T00:00:00Z');
    clock.set('2027-05-01T00:00:00.000Z');
    await run();
    expect(await balanceOf(carried)).toBe('-20.00');
    const [march, april] = await invoicesOf(subId);
    expect(lines(march).map((l: string[]) => [l[0], l[4]])).toEqual([['usage', '30.00'], ['commitment', '70.00']]);
    expect(lines(april).map((l: string[]) => [l[0], l[4]])).toEqual([['usage', '150.00'], ['commitment_credit', '-70.00'], ['commitment', '20.00']]);
    await expectReconciled();

    // The moves are transactions of the subscription, keyed by the invoice that made them.
    const moves = await t.client.get(`/billing/ledger/transactions?account=${encodeURIComponent(carried)}&limit=100`, acme.key);
    expect(moves.status, moves.raw).toBe(200);
    const amounts = (moves.body.transactions as any[])
      .reverse()
      .map((tr) => [tr.kind, tr.resourceType, tr.resourceId, tr.invoiceId, tr.entries.find((e: any) => e.account === carried).amount]);
    expect(amounts).toEqual([
      ['commitment.carried', 'subscription', subId, march.id, '-70.00'],
      ['commitment.applied', 'subscription', subId, april.id, '70.00'],
      ['commitment.carried', 'subscription', subId, april.id, '-20.00'],
    ]);

    // May: the subscription moves to a version whose commitment resets: the 20.00 credit left is
    // dropped (carried +20.00 / revenue -20.00, earned after all), and May's 2,000 calls = 200.00
    // >= 100.00 bill as they are. Carried: -20.00 + 20.00 = 0.00.
    await changeVersion(subId, resetting, '2027-05-02T00:00:00.000Z');
    await use(calls, productId, customerId, '2000', '2027-05-10T00:00:00Z');
    clock.set('2027-06-01T00:00:00.000Z');
    await run();
    const [, , may] = await invoicesOf(subId);
    expect(lines(may).map((l: string[]) => [l[0], l[4]])).toEqual([['usage', '200.00']]);
    expect(await balanceOf(carried)).toBe('0.00');
    // Revenue of the subscription's three invoices and moves: 100.00 - 70.00 (carried) + 100.00
    // + 70.00 (applied) - 20.00 (carried) + 200.00 + 20.00 (forfeited) = 400.00
    // = usage 30.00 + 150.00 + 200.00 = 380.00 + the 20.00 of minimum never used.
    const subscriptionMoves = await t.client.get(`/billing/ledger/transactions?resourceType=subscription&resourceId=${subId}&limit=100`, acme.key);
    expect((subscriptionMoves.body.transactions as any[]).map((tr) => tr.kind).reverse()).toEqual([
      'commitment.carried',
      'commitment.applied',
      'commitment.carried',
      'commitment.forfeited',
    ]);
    // The customer's transactions are these moves and the three finalizations (nothing was paid).
    const ofCustomer = await t.client.get(`/billing/ledger/transactions?customerId=${customerId}&limit=100`, acme.key);
    const revenue = (ofCustomer.body.transactions as any[]).flatMap((tr) => tr.entries).filter((e: any) => e.account === 'revenue');
    expect(revenue.reduce((sum: number, e: any) => sum + Math.round(Number(e.amount) * 100), 0) / 100).toBe(-400);
    await expectReconciled();

    // The check can fail: a subscription whose credit is not its ledger account is reported.
    const { sql } = await import('kysely');
    await sql`update subscriptions set commitment_credit = 5 where id = ${subId}`.execute(t.database.db);
    const broken = await t.client.get('/billing/reconciliation', acme.key);
    expect(broken.body.reconciled).toBe(false);
    expect(broken.body.mismatches).toEqual([{ check: 'commitment_carried', resourceType: 'subscription', resourceId: subId, currency: 'BRL', expected: '5.00', actual: '0.00' }]);
    await sql`update subscriptions set commitment_credit = 0 where id = ${subId}`.execute(t.database.db);
    await expectReconciled();
  });
});
