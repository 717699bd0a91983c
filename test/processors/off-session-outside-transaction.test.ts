// The cycle runner's off-session charges of a card saved at Stripe hold no transaction while Stripe
// answers (issue #30, flows/payment-confirmation/off-session-charges.ts): the billing transaction
// commits the invoice with the charge reserved, the PaymentIntent is made after it commits, and the
// answer is recorded (paid, or declined and on to the next retry) in a second transaction. A run
// that dies between the call and the record leaves the reservation to the repair poller, which
// records Stripe's one PaymentIntent. Stripe is the validating mock serving Stripe's OpenAPI
// document with its stateful fake; a gate holds its answers back while the test looks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { repairPendingCharges } from '../../src/flows/payment-confirmation/index.ts';
import { afterOffSessionCharge, runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';
import { GOOD_SECRET_KEY, type StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import type { Gate } from '../processor-mocks/gate.ts';
import { startGatedStripe } from '../processor-mocks/gated-stripe.ts';
import type { ValidatingMock } from '../processor-mocks/validating-mock.ts';

const CREDENTIALS = { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_live_offsession', webhookSecret: 'whsec_offsession_secret_12' };
const ENV = { SECRETS_KEY: Buffer.alloc(32, 6).toString('base64'), PROCESSOR_TIMEOUT_MS: '60000' };
const DAY_MS = 86_400_000;

const clock = new ManualClock('2026-02-01T08:00:00.000Z');
let stripe: StripeFake;
let gate: Gate;
let mock: ValidatingMock;
let t: TestContext;
let acme: SeededAccount;
let planId: string;
let accounts = 0;

beforeAll(async () => {
  ({ stripe, gate, mock } = await startGatedStripe('/v1/payment_intents'));
  t = await startTestApp({ env: { ...ENV, PROCESSOR_B_API_URL: mock.url }, clock });
});
/** Each test its own production account (so a jump of the clock bills only its subscription), Stripe connected, a monthly plan of 30.00. */
beforeEach(async () => {
  acme = await seedAccount(t.client, `Acme off-session ${accounts++}`);
  const put = await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: CREDENTIALS });
  expect(put.status, put.raw).toBe(200);
  const created = await t.client.post('/products', acme.liveKey, { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  expect(created.status, created.raw).toBe(201);
  await t.client.post(`/products/${created.body.product.id}/versions/${created.body.version.id}/publish`, acme.liveKey);
  planId = created.body.product.id;
});
afterAll(async () => {
  gate.open();
  await t.close();
  await mock.close();
  expect(mock.violations).toEqual([]);
});

const intentPosts = () => mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
const run = () => runDueSubscriptions(t.database.db, clock, t.config.baseUrl, { accountId: acme.id, environment: 'production' });

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function subscribe(paymentMethod: string) {
  const customer = await t.client.post('/customers', acme.liveKey, { name: 'Bia', email: 'bia@example.com' });
  const res = await t.client.post('/billing/subscriptions', acme.liveKey, { customerId: customer.body.id, productId: planId, collectionMethod: 'charge_automatically', paymentMethod });
  expect(res.status, res.raw).toBe(201);
  return res.body as { id: string };
}
const subscription = async (id: string) => (await t.client.get(`/billing/subscriptions/${id}`, acme.liveKey)).body;
const invoices = async (id: string) => ((await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.liveKey)).body.invoices as any[]).reverse();
const payments = async (invoiceId: string) => ((await t.client.get(`/billing/payments?invoiceId=${invoiceId}&limit=100`, acme.liveKey)).body.payments as any[]).reverse();

describe('off-session charges of the cycle runner, outside its transaction (processor_b)', () => {
  it('the period is billed and committed before Stripe is called; a second run meanwhile bills and sends nothing; the answer pays the invoice', async () => {
    const sub = await subscribe('cus_offsession/pm_card_visa');
    expect(await invoices(sub.id)).toHaveLength(1); // the first period, charged when subscribed
    clock.set('2026-03-01T08:00:01.000Z');
    const before = intentPosts();
    gate.holding = true;
    const first = run();
    await until(() => gate.waiting === 1);
    gate.holding = false;
    // Committed while Stripe holds the call: the second period's invoice is open; the charge in flight shows nowhere yet.
    const billed = await invoices(sub.id);
    expect(billed).toHaveLength(2);
    expect(billed[1]).toMatchObject({ status: 'open', total: '30.00' });
    expect(await payments(billed[1].id)).toEqual([]);
    // A duplicate run of the cycle: the period is billed already and the charge in flight is not sent again.
    const duplicate = await run();
    expect(duplicate).toMatchObject({ invoices: 0, chargesLeftInFlight: 0 });
    expect(intentPosts() - before).toBe(1);
    gate.open();
    expect(await first).toMatchObject({ invoices: 1, chargesLeftInFlight: 0 });
    expect(intentPosts() - before).toBe(1);
    // 30.00 paid off-session: the invoice is paid by its one confirmed payment.
    expect((await invoices(sub.id))[1]).toMatchObject({ status: 'paid', amountDue: '0.00' });
    expect((await payments(billed[1].id)).map((p) => [p.status, p.provider])).toEqual([['confirmed', 'processor_b']]);
    expect(await subscription(sub.id)).toMatchObject({ status: 'active', nextRetryAt: null });
    // Ledger of this customer after two periods: each finalize posts receivable +30.00 / revenue
    // -30.00, each confirmed off-session charge processor_b clearing +30.00 / receivable -30.00,
    // the second recorded after the run committed: receivable 2 x 30.00 - 2 x 30.00 = 0.00.
    const customerId = (await subscription(sub.id)).customerId;
    const balances = (await t.client.get(`/billing/ledger/balances?customerId=${customerId}`, acme.liveKey)).body.balances as Array<{ account: string; balance: string }>;
    expect(balances.find((b) => b.account === `customers:${customerId}:receivable`)?.balance).toBe('0.00');
    const postings = (await t.client.get(`/billing/ledger/transactions?resourceType=payment&resourceId=${(await payments(billed[1].id))[0].id}`, acme.liveKey)).body.transactions as Array<{ kind: string; entries: Array<{ account: string; amount: string }> }>;
    expect(postings.map((tx) => [tx.kind, tx.entries.map((e) => `${e.account} ${e.amount}`).sort()])).toEqual([
      ['payment.confirmed', [`customers:${customerId}:receivable -30.00`, 'providers:processor_b:clearing 30.00']],
    ]);
  });

  it('a declined retry is recorded after the run commits: failed, and on to the next retry', async () => {
    clock.set('2026-04-10T08:00:00.000Z');
    const sub = await subscribe('pm_card_chargeDeclinedInsufficientFunds');
    // Declined when subscribed (recorded after the request's transaction, before its answer): dunning starts, first retry a day later.
    const started = await subscription(sub.id);
    expect(started).toMatchObject({ status: 'past_due', nextRetryAt: new Date(Date.parse('2026-04-10T08:00:00.000Z') + DAY_MS).toISOString() });
    const [invoice] = await invoices(sub.id);
    clock.set(new Date(Date.parse(started.nextRetryAt) + 1000));
    const before = intentPosts();
    gate.holding = true;
    const retrying = run();
    await until(() => gate.waiting === 1);
    gate.holding = false;
    // While the retry's charge is in flight no run claims the subscription again.
    expect((await subscription(sub.id)).nextRetryAt).toBeNull();
    expect(await run()).toMatchObject({ handled: 0, invoices: 0 });
    gate.open();
    await retrying;
    expect(intentPosts() - before).toBe(1);
    const charges = await payments(invoice.id);
    expect(charges.map((p) => [p.status, p.failureCode])).toEqual([
      ['failed', 'insufficient_funds'],
      ['failed', 'insufficient_funds'],
    ]);
    // Default schedule 1, 3, 5, 7 days: the second retry three days after the first failure.
    const after = await subscription(sub.id);
    expect(after).toMatchObject({ status: 'past_due' });
    expect(Date.parse(after.nextRetryAt)).toBe(Date.parse('2026-04-10T08:00:00.000Z') + 3 * DAY_MS);
  });

  it('a run that dies between the call and the record: the repair poller records the one PaymentIntent, and the late answer changes nothing', async () => {
    clock.set('2026-05-20T08:00:00.000Z');
    const sub = await subscribe('cus_offsession/pm_card_visa');
    clock.set('2026-06-20T08:00:01.000Z');
    const intentsBefore = stripe.intents.size;
    const postsBefore = intentPosts();
    gate.holding = true;
    // This run's Stripe call never comes back (as far as anyone can tell, its process is gone).
    const dead = run();
    await until(() => gate.waiting === 1);
    gate.holding = false;
    const invoice = (await invoices(sub.id))[1];
    expect(invoice).toMatchObject({ status: 'open' });
    // Before the takeover time the poller leaves it alone.
    await repairPendingCharges(t.database.db, clock, t.config.baseUrl, undefined, null, afterOffSessionCharge);
    expect(intentPosts() - postsBefore).toBe(1);
    // Ten minutes on: sent again under the same idempotency key, recorded and settled.
    const later = { now: () => new Date(clock.now().getTime() + 10 * 60_000) };
    await repairPendingCharges(t.database.db, later, t.config.baseUrl, undefined, null, afterOffSessionCharge);
    expect(intentPosts() - postsBefore).toBe(2);
    expect(stripe.intents.size - intentsBefore).toBe(1);
    expect((await invoices(sub.id))[1]).toMatchObject({ status: 'paid', amountDue: '0.00' });
    const paid = await payments(invoice.id);
    expect(paid.map((p) => p.status)).toEqual(['confirmed']);
    // The dead run's answer arrives after all: the charge is recorded already, nothing is settled twice.
    gate.open();
    expect(await dead).toMatchObject({ invoices: 1, chargesLeftInFlight: 0 });
    expect((await payments(invoice.id)).map((p) => [p.id, p.status])).toEqual([[paid[0].id, 'confirmed']]);
    expect(stripe.intents.size - intentsBefore).toBe(1);
    const events = await t.client.get('/account/events?limit=50', acme.liveKey);
    const confirmations = (events.body.events as Array<{ type: string; data: { id: string } }>).filter((e) => e.type === 'payment.confirmed' && e.data.id === paid[0].id);
    expect(confirmations).toHaveLength(1);
  });

  it('Stripe down after the commit: the invoice stays billed once, the charge in flight for the repair poller', async () => {
    clock.set('2026-07-01T08:00:00.000Z');
    const sub = await subscribe('cus_offsession/pm_card_visa');
    clock.set('2026-08-01T08:00:01.000Z');
    stripe.failures.push({ status: 503, body: { error: { type: 'api_error', message: 'Something went wrong on our end' } } });
    expect(await run()).toMatchObject({ invoices: 1, chargesLeftInFlight: 1 });
    const invoice = (await invoices(sub.id))[1];
    expect(invoice).toMatchObject({ status: 'open' });
    expect(await payments(invoice.id)).toEqual([]);
    expect(await run()).toMatchObject({ invoices: 0 });
    const later = { now: () => new Date(clock.now().getTime() + 10 * 60_000) };
    await repairPendingCharges(t.database.db, later, t.config.baseUrl, undefined, null, afterOffSessionCharge);
    expect((await invoices(sub.id))[1]).toMatchObject({ status: 'paid' });
    expect(await invoices(sub.id)).toHaveLength(2);
  });

  it('a reservation whose connection was removed before its record is released with a clear error, not left in flight', async () => {
    clock.set('2026-09-01T08:00:00.000Z');
    const sub = await subscribe('cus_offsession/pm_card_visa');
    clock.set('2026-10-01T08:00:01.000Z');
    stripe.failures.push({ status: 503, body: { error: { type: 'api_error', message: 'Something went wrong on our end' } } });
    expect(await run()).toMatchObject({ invoices: 1, chargesLeftInFlight: 1 });
    expect((await t.client.delete('/account/providers/processor_b', acme.liveKey)).status).toBe(200);
    const postsBefore = intentPosts();
    const later = { now: () => new Date(clock.now().getTime() + 10 * 60_000) };
    await repairPendingCharges(t.database.db, later, t.config.baseUrl, undefined, null, afterOffSessionCharge);
    expect(intentPosts()).toBe(postsBefore);
    const invoice = (await invoices(sub.id))[1];
    expect(invoice).toMatchObject({ status: 'open' });
    expect(await payments(invoice.id)).toEqual([]);
    // Released: nothing left in flight for the next round, and the subscription's charge failed, so dunning starts.
    const left = await t.database.db.selectFrom('payments').select('id').where('invoice_id', '=', invoice.id).execute();
    expect(left).toEqual([]);
    expect(await subscription(sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: expect.any(String) });
  });
});

// A subscription created (or changed) over HTTP charges its first invoice the same way: reserved in
// the request's transaction, sent after it commits and before the answer leaves, recorded in a
// second one (flows/subscriptions routes.ts runChargingAfterCommit).
describe('the first charge of a subscription created over HTTP, outside the request transaction (processor_b)', () => {
  const create = (customerId: string, paymentMethod: string, idempotencyKey: string) =>
    t.client.post('/billing/subscriptions', acme.liveKey, { customerId, productId: planId, collectionMethod: 'charge_automatically', paymentMethod }, { idempotencyKey });
  const subscriptionsOf = async (customerId: string) => (await t.client.get(`/billing/subscriptions?customerId=${customerId}`, acme.liveKey)).body.subscriptions as any[];

  it('while Stripe holds the call the subscription and its invoice are committed and its customer can be written; the answer is the reserved state, replayed as is', async () => {
    clock.set('2026-11-02T08:00:00.000Z');
    const customer = (await t.client.post('/customers', acme.liveKey, { name: 'Caio', email: 'caio@example.com' })).body;
    const before = intentPosts();
    gate.holding = true;
    const answer = create(customer.id, 'cus_offsession/pm_card_visa', 'sub-http-held');
    await until(() => gate.waiting === 1);
    gate.holding = false;
    // Committed before Stripe answers: another request reads the subscription and its open invoice...
    const [held] = await subscriptionsOf(customer.id);
    expect(held).toMatchObject({ status: 'active', collectionMethod: 'charge_automatically' });
    const [invoice] = await invoices(held.id);
    expect(invoice).toMatchObject({ status: 'open', total: '30.00' });
    expect(await payments(invoice.id)).toEqual([]);
    // ...and writes the customer row the subscription's transaction locked.
    const renamed = await t.client.patch(`/customers/${customer.id}`, acme.liveKey, { name: 'Caio Souza' });
    expect(renamed.status, renamed.raw).toBe(200);
    gate.open();
    const res = await answer;
    expect(res.status, res.raw).toBe(201);
    // The answer is the state after the reservation (active, the charge not recorded yet); by the
    // time it leaves, Stripe's answer is recorded: 30.00 charged, so the invoice of 30.00 is paid
    // (amount due 30.00 - 30.00 = 0.00) by one confirmed payment.
    expect(res.body).toMatchObject({ id: held.id, status: 'active' });
    expect(intentPosts() - before).toBe(1);
    expect((await invoices(held.id))[0]).toMatchObject({ status: 'paid', amountDue: '0.00' });
    expect((await payments(invoice.id)).map((p) => [p.status, p.amount])).toEqual([['confirmed', '30.00']]);
    // Ledger of this customer: finalize posts receivable +30.00 / revenue -30.00; the confirmed
    // charge, recorded after the commit, posts processor_b clearing +30.00 / receivable -30.00:
    // receivable 30.00 - 30.00 = 0.00, clearing 30.00.
    const balances = (await t.client.get(`/billing/ledger/balances?customerId=${customer.id}`, acme.liveKey)).body.balances as Array<{ account: string; balance: string }>;
    expect(balances.find((b) => b.account === `customers:${customer.id}:receivable`)?.balance).toBe('0.00');
    // A retry with the same Idempotency-Key answers the same subscription, sending nothing.
    const replay = await create(customer.id, 'cus_offsession/pm_card_visa', 'sub-http-held');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect(intentPosts() - before).toBe(1);
    expect(await subscriptionsOf(customer.id)).toHaveLength(1);
  });

  it('a declined first charge takes the runner path: the answer shows the reservation, the record starts dunning', async () => {
    clock.set('2026-11-10T08:00:00.000Z');
    const customer = (await t.client.post('/customers', acme.liveKey, { name: 'Duda', email: 'duda@example.com' })).body;
    const res = await create(customer.id, 'pm_card_chargeDeclinedInsufficientFunds', 'sub-http-declined');
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', nextRetryAt: null });
    // Recorded before the answer left: failed, past_due, first retry a day later (schedule 1, 3, 5, 7).
    expect(await subscription(res.body.id)).toMatchObject({ status: 'past_due', nextRetryAt: new Date(Date.parse('2026-11-10T08:00:00.000Z') + DAY_MS).toISOString() });
    const [invoice] = await invoices(res.body.id);
    expect(invoice).toMatchObject({ status: 'open', total: '30.00' });
    expect((await payments(invoice.id)).map((p) => [p.status, p.failureCode])).toEqual([['failed', 'insufficient_funds']]);
  });

  it('a request that dies between the call and the record: the repair poller records the one PaymentIntent; the late answer and a replay change nothing', async () => {
    clock.set('2026-11-20T08:00:00.000Z');
    const customer = (await t.client.post('/customers', acme.liveKey, { name: 'Enzo', email: 'enzo@example.com' })).body;
    const intentsBefore = stripe.intents.size;
    const postsBefore = intentPosts();
    gate.holding = true;
    const dead = create(customer.id, 'cus_offsession/pm_card_visa', 'sub-http-dead');
    await until(() => gate.waiting === 1);
    gate.holding = false;
    const [sub] = await subscriptionsOf(customer.id);
    const [invoice] = await invoices(sub.id);
    expect(invoice).toMatchObject({ status: 'open' });
    // Ten minutes on (past the takeover time): sent again under the same idempotency key, recorded, settled.
    const later = { now: () => new Date(clock.now().getTime() + 10 * 60_000) };
    await repairPendingCharges(t.database.db, later, t.config.baseUrl, undefined, null, afterOffSessionCharge);
    expect(intentPosts() - postsBefore).toBe(2);
    expect(stripe.intents.size - intentsBefore).toBe(1);
    expect((await invoices(sub.id))[0]).toMatchObject({ status: 'paid', amountDue: '0.00' });
    const paid = await payments(invoice.id);
    expect(paid.map((p) => p.status)).toEqual(['confirmed']);
    gate.open();
    const res = await dead;
    expect(res.status, res.raw).toBe(201);
    const replay = await create(customer.id, 'cus_offsession/pm_card_visa', 'sub-http-dead');
    expect(replay.body).toEqual(res.body);
    expect((await payments(invoice.id)).map((p) => [p.id, p.status])).toEqual([[paid[0].id, 'confirmed']]);
    expect(stripe.intents.size - intentsBefore).toBe(1);
    expect(await invoices(sub.id)).toHaveLength(1);
    const events = await t.client.get('/account/events?limit=50', acme.liveKey);
    const confirmations = (events.body.events as Array<{ type: string; data: { id: string } }>).filter((e) => e.type === 'payment.confirmed' && e.data.id === paid[0].id);
    expect(confirmations).toHaveLength(1);
  });
});
