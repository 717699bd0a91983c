// A live charge's processor call holds no transaction (issue #30, live-charge-steps.ts): charges
// parked at a slow Stripe take no pool connection from the rest of the service; a process that
// dies (here: hangs for good) between the call and the record leaves a reservation that a retry of
// the same request, or the repair poller, completes with the PaymentIntent Stripe already made.
// Stripe is the validating mock serving Stripe's OpenAPI document with its stateful fake; the test
// only holds the fake's answers back (a gate) to keep calls in flight as long as it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { repairPendingCharges } from '../../src/flows/payment-confirmation/index.ts';
import { reservedRequestAnswers } from '../../src/http/idempotency-staged.ts';
import { GOOD_SECRET_KEY, type StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import type { Gate } from '../processor-mocks/gate.ts';
import { startGatedStripe } from '../processor-mocks/gated-stripe.ts';
import type { ValidatingMock } from '../processor-mocks/validating-mock.ts';

const CREDENTIALS = { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_live_steps', webhookSecret: 'whsec_steps_secret_1234' };
const ENV = { SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'), PROCESSOR_TIMEOUT_MS: '60000' };
/** The test database's pool (test/harness.ts openTestDatabase). */
const POOL_SIZE = 10;

let stripe: StripeFake;
let gate: Gate;
let mock: ValidatingMock;
let t: TestContext;
/** A second service over the same database whose clock is past the takeover time: another process, later. */
let later: TestContext;
let acme: SeededAccount;
let customerId: string;
const tenMinutesOn = { now: () => new Date(Date.now() + 10 * 60_000) };

beforeAll(async () => {
  ({ stripe, gate, mock } = await startGatedStripe('/v1/payment_intents'));
  t = await startTestApp({ env: { ...ENV, PROCESSOR_B_API_URL: mock.url } });
  later = await startTestApp({ env: { ...ENV, PROCESSOR_B_API_URL: mock.url }, database: t.database, clock: tenMinutesOn });
  acme = await seedAccount(t.client, 'Acme steps');
  customerId = await createCustomer(t, acme.liveKey);
  const put = await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: CREDENTIALS });
  expect(put.status, put.raw).toBe(200);
});
afterAll(async () => {
  gate.open();
  await later.close();
  await t.close();
  await mock.close();
  expect(mock.violations).toEqual([]);
});

const intentPosts = () => mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function paymentsOf(invoiceId: string) {
  const res = await t.client.get(`/billing/payments?invoiceId=${invoiceId}`, acme.liveKey);
  expect(res.status, res.raw).toBe(200);
  return res.body.payments as Array<{ id: string; status: string; failureCode: string | null; providerId: string }>;
}

describe('the processor call outside the request transaction (processor_b)', () => {
  it(`${POOL_SIZE + 4} charges wait at a slow Stripe at once, and a keyed read answers meanwhile`, async () => {
    const invoices = await Promise.all(Array.from({ length: POOL_SIZE + 4 }, () => openInvoice(t, acme.liveKey, customerId)));
    const before = intentPosts();
    gate.holding = true;
    const charges = invoices.map((invoice) => t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }));
    let answered = 0;
    for (const charge of charges) void charge.then(() => (answered += 1));
    // More charges at the processor at once than the pool has connections: none holds one.
    await until(() => gate.waiting === invoices.length);
    expect(intentPosts() - before).toBe(invoices.length);
    const read = await t.client.get('/customers?limit=10', acme.liveKey);
    expect(read.status, read.raw).toBe(200);
    // A charge in flight is no payment yet: reads show nothing of it.
    expect(await paymentsOf(invoices[0]!.id)).toEqual([]);
    expect(answered).toBe(0);
    expect(gate.waiting).toBe(invoices.length);
    gate.holding = false;
    gate.open();
    const created = await Promise.all(charges);
    for (const [i, res] of created.entries()) {
      expect(res.status, res.raw).toBe(201);
      expect(res.body).toMatchObject({ invoiceId: invoices[i]!.id, provider: 'processor_b', status: 'pending' });
      expect(res.body.nextAction.clientSecret).toBe(stripe.intents.get(res.body.providerId)!.client_secret);
    }
  });

  it('two charges of one invoice at once: the later reservation is the pending one, whichever is recorded first', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    gate.holding = true;
    const first = t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    await until(() => gate.waiting === 1);
    const second = t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    await until(() => gate.waiting === 2);
    gate.holding = false;
    // The later one is answered (and recorded) first.
    gate.openAt(1);
    const laterRes = await second;
    gate.open();
    const earlierRes = await first;
    expect(laterRes.status, laterRes.raw).toBe(201);
    expect(earlierRes.status, earlierRes.raw).toBe(201);
    expect(earlierRes.body).toMatchObject({ status: 'failed', failureCode: 'superseded', switchable: false });
    const stored = await paymentsOf(invoice.id);
    expect(stored.filter((p) => p.status === 'pending').map((p) => p.id)).toEqual([laterRes.body.id]);
    expect(stored.find((p) => p.id === earlierRes.body.id)).toMatchObject({ status: 'failed', failureCode: 'superseded' });
    // The earlier charge's events in the order its moves happened (the list is newest first).
    const events = await t.client.get('/account/events?limit=20', acme.liveKey);
    expect(events.status, events.raw).toBe(200);
    const mine = (events.body.events as Array<{ type: string; data: { id: string } }>).filter((e) => e.data.id === earlierRes.body.id).map((e) => e.type);
    expect(mine).toEqual(['payment.failed', 'payment.created']);
  });

  it('a process that dies between the call and the record: the retry past the takeover records the one PaymentIntent', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    gate.holding = true;
    // The first attempt reaches Stripe and never comes back (its process is gone, as far as anyone can tell).
    const dead = t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-crash-1' });
    await until(() => gate.waiting === 1);
    gate.holding = false;
    // The same request at once: still in progress.
    const early = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-crash-1' });
    expect(early.status, early.raw).toBe(409);
    expect(early.raw).toContain('idempotency_key_in_use');
    const intentsBefore = stripe.intents.size;
    // `later` runs ten minutes on: past the takeover, it sends the kept request again and records.
    const retried = await later.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-crash-1' });
    expect(retried.status, retried.raw).toBe(201);
    expect(stripe.intents.size - intentsBefore).toBe(1);
    expect(retried.body.nextAction.clientSecret).toBe(stripe.intents.get(retried.body.providerId)!.client_secret);
    // The dead attempt's answer arrives after all: Stripe answers the same intent under the same key; nothing new is recorded.
    gate.open();
    const late = await dead;
    expect(late.status, late.raw).toBe(201);
    expect(late.body.id).toBe(retried.body.id);
    expect(stripe.intents.size - intentsBefore).toBe(1);
    const stored = await paymentsOf(invoice.id);
    expect(stored.map((p) => [p.id, p.status, p.providerId])).toEqual([[retried.body.id, 'pending', retried.body.providerId]]);
    // And a replay of the key answers what was stored.
    const replay = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-crash-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(retried.body.id);
  });

  it('the repair poller records a charge left in flight, and the retry of its request replays the answer', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    gate.holding = true;
    const dead = t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-crash-2' });
    await until(() => gate.waiting === 1);
    gate.holding = false;
    const intentsBefore = stripe.intents.size;
    expect(await repairPendingCharges(t.database.db, { now: () => new Date() }, t.config.baseUrl)).toBe(0);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    await repairPendingCharges(t.database.db, tenMinutesOn, t.config.baseUrl, undefined, reservedRequestAnswers);
    const stored = await paymentsOf(invoice.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'pending' });
    expect(stripe.intents.size - intentsBefore).toBe(1);
    const retried = await later.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-crash-2' });
    expect(retried.status, retried.raw).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toMatchObject({ id: stored[0]!.id, status: 'pending', providerId: stored[0]!.providerId });
    expect(retried.body.nextAction.clientSecret).toBe(stripe.intents.get(stored[0]!.providerId)!.client_secret);
    gate.open();
    expect((await dead).body.id).toBe(stored[0]!.id);
    expect(stripe.intents.size - intentsBefore).toBe(1);
  });

  it('the hosted invoice page: a live card charge parked at Stripe holds nothing; Stripe failing there undoes it too', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const url = new URL(invoice.invoiceUrl as string);
    const pay = () => t.client.post(`${url.pathname}/payments`, null, { token: url.searchParams.get('token'), method: 'card' });
    stripe.failures.push({ status: 503, body: { error: { type: 'api_error', message: 'Something went wrong on our end' } } });
    const down = await pay();
    expect(down.status, down.raw).toBe(502);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    gate.holding = true;
    const paying = pay();
    await until(() => gate.waiting === 1);
    gate.holding = false;
    expect(await paymentsOf(invoice.id)).toEqual([]);
    gate.open();
    const paid = await paying;
    expect(paid.status, paid.raw).toBe(201);
    expect(paid.body.nextAction).toEqual({ type: 'processor_b_payment_intent', clientSecret: expect.stringContaining('_secret'), publishableKey: CREDENTIALS.publishableKey });
    expect((await paymentsOf(invoice.id)).map((p) => [p.id, p.status])).toEqual([[paid.body.paymentId, 'pending']]);
  });

  it('Stripe failing: 502 and nothing recorded, the reservation undone', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    stripe.failures.push({ status: 503, body: { error: { type: 'api_error', message: 'Something went wrong on our end' } } });
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-down-1' });
    expect(res.status, res.raw).toBe(502);
    expect(res.body.error_code).toBe('provider_unavailable');
    expect(await paymentsOf(invoice.id)).toEqual([]);
    const retry = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'steps-down-1' });
    expect(retry.status, retry.raw).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});
