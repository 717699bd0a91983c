// A live refund's processor call holds no transaction and no payment row lock (issue #30,
// live-refund-steps.ts): refunds parked at a slow Stripe take no pool connection; refunds in flight
// count against what is left of the payment, so concurrent ones never pass it; a decline writes
// nothing; a process that dies between the call and the record leaves a reservation that a retry of
// the same request, or the repair poller, completes with the refund Stripe already made (once).
// Stripe is the validating mock serving Stripe's OpenAPI document with its stateful fake; the test
// holds the fake's refund answers back (a gate) after Stripe made the refund: a slow answer.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { repairPendingCharges } from '../../src/flows/payment-confirmation/index.ts';
import { reservedRequestAnswers } from '../../src/http/idempotency-staged.ts';
import { GOOD_SECRET_KEY, StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import { SPEC_PATH } from '../../src/modules/payments/processors/processor-b/test-setup.ts';
import { Gate } from '../processor-mocks/gate.ts';
import { startValidatingMock, type ValidatingMock } from '../processor-mocks/validating-mock.ts';

const WEBHOOK_SECRET = 'whsec_refund_steps_1234';
const CREDENTIALS = { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_live_refund_steps', webhookSecret: WEBHOOK_SECRET };
const ENV = { SECRETS_KEY: Buffer.alloc(32, 6).toString('base64'), PROCESSOR_TIMEOUT_MS: '60000' };
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
let webhookPath: string;
let eventSequence = 0;
const tenMinutesOn = { now: () => new Date(Date.now() + 10 * 60_000) };

beforeAll(async () => {
  stripe = new StripeFake();
  gate = new Gate('/v1/refunds');
  mock = await startValidatingMock({
    specPath: SPEC_PATH,
    serverUrl: 'https://api.stripe.com/',
    fake: async (request) => {
      const answer = await stripe.handle(request);
      await gate.pass(request);
      return answer;
    },
  });
  t = await startTestApp({ env: { ...ENV, PROCESSOR_B_API_URL: mock.url } });
  later = await startTestApp({ env: { ...ENV, PROCESSOR_B_API_URL: mock.url }, database: t.database, clock: tenMinutesOn });
  acme = await seedAccount(t.client, 'Acme refund steps');
  customerId = await createCustomer(t, acme.liveKey);
  const put = await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: CREDENTIALS });
  expect(put.status, put.raw).toBe(200);
  webhookPath = new URL(put.body.webhookUrl).pathname;
});
afterAll(async () => {
  gate.open();
  await later.close();
  await t.close();
  await mock.close();
  expect(mock.violations).toEqual([]);
});

// A failed test leaves nothing parked for the next one.
afterEach(() => {
  gate.holding = false;
  gate.open();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Stripe calls the connection's webhook URL with a signed event. */
async function deliver(type: string, object: unknown) {
  eventSequence += 1;
  const payload = JSON.stringify({ id: `evt_refund_steps_${eventSequence}`, object: 'event', type, api_version: '2025-01-27', created: 1_790_000_000, livemode: true, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await t.app.inject({ method: 'POST', url: webhookPath, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A live card payment of a 100.00 invoice, paid (Stripe's signed webhook). */
async function paidLivePayment(): Promise<{ id: string; providerId: string }> {
  const invoice = await openInvoice(t, acme.liveKey, customerId);
  expect(invoice.amountDue).toBe('100.00');
  const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
  expect(created.status, created.raw).toBe(201);
  await deliver('payment_intent.succeeded', stripe.succeed(created.body.providerId));
  expect((await payment(created.body.id)).status).toBe('confirmed');
  return { id: created.body.id, providerId: created.body.providerId };
}

async function payment(id: string) {
  const res = await t.client.get(`/billing/payments/${id}`, acme.liveKey);
  expect(res.status, res.raw).toBe(200);
  // refundedAmount appears once something is refunded.
  return { refundedAmount: undefined, ...res.body } as { status: string; refundedAmount?: string };
}

async function refundsOf(paymentId: string) {
  const res = await t.client.get(`/billing/payments/${paymentId}/refunds?limit=100`, acme.liveKey);
  expect(res.status, res.raw).toBe(200);
  return res.body.refunds as Array<{ id: string; amount: string; status: string }>;
}

const stripeRefundsOf = (providerId: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === providerId);

async function refundEventsOf(paymentId: string) {
  const res = await t.client.get('/account/events?type=payment.refunded&limit=100', acme.liveKey);
  expect(res.status, res.raw).toBe(200);
  return (res.body.events as Array<{ data: { id: string; refund: { id: string } } }>).filter((e) => e.data.id === paymentId);
}

async function reconciles() {
  const res = await t.client.get('/billing/reconciliation', acme.liveKey);
  expect(res.status, res.raw).toBe(200);
  expect(res.body.mismatches).toEqual([]);
}

describe('live refunds with the processor called outside the request transaction (processor_b)', () => {
  it(`${POOL_SIZE + 4} refunds of one payment wait at a slow Stripe at once; reads answer meanwhile and show none of them`, async () => {
    const paid = await paidLivePayment();
    gate.holding = true;
    const count = POOL_SIZE + 4;
    const refunds = Array.from({ length: count }, () => t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '1.00' }));
    // More refunds at the processor at once than the pool has connections, all of one payment row: none holds a connection or its lock.
    await until(() => gate.waiting === count);
    const read = await t.client.get('/customers?limit=10', acme.liveKey);
    expect(read.status, read.raw).toBe(200);
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await payment(paid.id)).toMatchObject({ status: 'confirmed', refundedAmount: undefined });
    expect(gate.waiting).toBe(count);
    gate.holding = false;
    gate.open();
    for (const res of await Promise.all(refunds)) {
      expect(res.status, res.raw).toBe(201);
      expect(res.body).toMatchObject({ paymentId: paid.id, amount: '1.00', status: 'succeeded' });
    }
    expect(await payment(paid.id)).toMatchObject({ status: 'confirmed', refundedAmount: `${count}.00` });
    expect(await refundsOf(paid.id)).toHaveLength(count);
    expect(await refundEventsOf(paid.id)).toHaveLength(count);
    await reconciles();
  });

  it('200 concurrent 1.00 refunds of a 100.00 payment: refunds in flight count against what is left, exactly 100 go through', async () => {
    const paid = await paidLivePayment();
    gate.holding = true;
    const answered: Array<{ status: number; body: Record<string, unknown> }> = [];
    const refunds = Array.from({ length: 200 }, () =>
      t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '1.00' }).then((res) => {
        answered.push(res);
        return res;
      }),
    );
    // 100 reserved and parked at Stripe, none recorded yet: the other 100 are refused already.
    await until(() => gate.waiting + answered.length === 200);
    expect(gate.waiting).toBe(100);
    expect(answered.every((res) => res.status === 422 && JSON.stringify(res.body).includes('refund_exceeds_payment'))).toBe(true);
    gate.holding = false;
    gate.open();
    const all = await Promise.all(refunds);
    expect(all.filter((res) => res.status === 201)).toHaveLength(100);
    expect(all.filter((res) => res.status === 422)).toHaveLength(100);
    expect(stripeRefundsOf(paid.providerId)).toHaveLength(100);
    expect(await payment(paid.id)).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    await reconciles();
  });

  it('Stripe declining the refund: 502 provider_error, nothing written, the key free for a retry', async () => {
    const paid = await paidLivePayment();
    const declined = { id: 're_declined_1', object: 'refund', amount: 1000, currency: 'brl', payment_intent: paid.providerId, charge: `ch_${paid.providerId}`, status: 'failed', metadata: {} };
    stripe.failures.push({ status: 200, body: declined });
    const res = await t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '10.00' }, { idempotencyKey: 'refund-decline-1' });
    expect(res.status, res.raw).toBe(502);
    expect(res.raw).toContain('provider_error');
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await payment(paid.id)).toMatchObject({ status: 'confirmed', refundedAmount: undefined });
    expect(await refundEventsOf(paid.id)).toEqual([]);
    // The reservation is gone: the whole amount is still refundable, under the same key.
    const retry = await t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '10.00' }, { idempotencyKey: 'refund-decline-1' });
    expect(retry.status, retry.raw).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const rest = await t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, {});
    expect(rest.status, rest.raw).toBe(201);
    expect(rest.body.amount).toBe('90.00');
    await reconciles();
  });

  it("a process that dies between the call and the record: the retry past the takeover records Stripe's one refund; its webhook waited for the record", async () => {
    const paid = await paidLivePayment();
    gate.holding = true;
    // Stripe makes the refund; its answer never comes back to the first attempt (as far as anyone can tell).
    const dead = t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '30.00' }, { idempotencyKey: 'refund-crash-1' });
    await until(() => gate.waiting === 1);
    gate.holding = false;
    const made = stripeRefundsOf(paid.providerId);
    expect(made).toHaveLength(1);
    // Stripe's webhook about it arrives before any record: it waits (nothing is refunded twice).
    await deliver('refund.updated', made[0]);
    expect(await refundsOf(paid.id)).toEqual([]);
    const early = await t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '30.00' }, { idempotencyKey: 'refund-crash-1' });
    expect(early.status, early.raw).toBe(409);
    expect(early.raw).toContain('idempotency_key_in_use');
    // `later` runs ten minutes on: past the takeover, it sends the kept request again (Stripe answers the same refund) and records.
    const retried = await later.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '30.00' }, { idempotencyKey: 'refund-crash-1' });
    expect(retried.status, retried.raw).toBe(201);
    expect(retried.body).toMatchObject({ amount: '30.00', status: 'succeeded' });
    expect(stripeRefundsOf(paid.providerId)).toHaveLength(1);
    gate.open();
    const late = await dead;
    expect(late.status, late.raw).toBe(201);
    expect(late.body.id).toBe(retried.body.id);
    expect((await refundsOf(paid.id)).map((r) => [r.id, r.amount, r.status])).toEqual([[retried.body.id, '30.00', 'succeeded']]);
    expect(await payment(paid.id)).toMatchObject({ status: 'confirmed', refundedAmount: '30.00' });
    expect(await refundEventsOf(paid.id)).toHaveLength(1);
    const replay = await t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '30.00' }, { idempotencyKey: 'refund-crash-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(retried.body.id);
    await reconciles();
  });

  it('a dispute arriving while a refund is at Stripe waits for its record, then charges back what was not refunded', async () => {
    const paid = await paidLivePayment();
    gate.holding = true;
    const refunding = t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '40.00' });
    await until(() => gate.waiting === 1);
    gate.holding = false;
    await deliver('charge.dispute.created', { id: 'dp_refund_steps_1', object: 'dispute', amount: 6000, currency: 'brl', charge: `ch_${paid.providerId}`, payment_intent: paid.providerId, status: 'needs_response', reason: 'fraudulent' });
    expect((await payment(paid.id)).status).toBe('confirmed');
    gate.open();
    const refunded = await refunding;
    expect(refunded.status, refunded.raw).toBe(201);
    expect(await payment(paid.id)).toMatchObject({ status: 'charged_back', refundedAmount: '40.00' });
    // The chargeback came after the refund: it took back the 60.00 left, not the whole payment.
    const events = await t.client.get('/account/events?type=payment.charged_back&limit=100', acme.liveKey);
    expect(events.status, events.raw).toBe(200);
    const chargedBack = (events.body.events as Array<{ data: { id: string; refundedAmount?: string } }>).filter((e) => e.data.id === paid.id);
    expect(chargedBack.map((e) => e.data.refundedAmount)).toEqual(['40.00']);
    await reconciles();
  });

  it('the repair poller records a refund left in flight, and the retry of its request replays the answer', async () => {
    const paid = await paidLivePayment();
    gate.holding = true;
    const dead = t.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '25.00' }, { idempotencyKey: 'refund-crash-2' });
    await until(() => gate.waiting === 1);
    gate.holding = false;
    await repairPendingCharges(t.database.db, { now: () => new Date() }, t.config.baseUrl, undefined, reservedRequestAnswers);
    expect(await refundsOf(paid.id)).toEqual([]);
    await repairPendingCharges(t.database.db, tenMinutesOn, t.config.baseUrl, undefined, reservedRequestAnswers);
    const stored = await refundsOf(paid.id);
    expect(stored.map((r) => [r.amount, r.status])).toEqual([['25.00', 'succeeded']]);
    expect(stripeRefundsOf(paid.providerId)).toHaveLength(1);
    expect(await payment(paid.id)).toMatchObject({ refundedAmount: '25.00' });
    const retried = await later.client.post(`/billing/payments/${paid.id}/refunds`, acme.liveKey, { amount: '25.00' }, { idempotencyKey: 'refund-crash-2' });
    expect(retried.status, retried.raw).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toMatchObject({ id: stored[0]!.id, amount: '25.00', status: 'succeeded' });
    gate.open();
    expect((await dead).body.id).toBe(stored[0]!.id);
    expect(stripeRefundsOf(paid.providerId)).toHaveLength(1);
    expect(await refundEventsOf(paid.id)).toHaveLength(1);
    await reconciles();
  });
});
