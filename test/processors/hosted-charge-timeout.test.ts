// The hosted invoice page's live card charge when Stripe answers too late: the call times out
// (504, the reservation released), Stripe makes the PaymentIntent anyway, and the buyer's retry
// with the same Idempotency-Key sends Stripe the same idempotency key, so Stripe answers the
// PaymentIntent it made instead of making a second (the processor reference derives from the
// page's key, scoped to the invoice). Stripe is its validating mock; a gate holds the first call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type TestContext } from '../harness.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { GOOD_SECRET_KEY, type StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import type { Gate } from '../processor-mocks/gate.ts';
import { startGatedStripe } from '../processor-mocks/gated-stripe.ts';
import type { ValidatingMock } from '../processor-mocks/validating-mock.ts';

const CREDENTIALS = { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_live_hosted', webhookSecret: 'whsec_hosted_secret_12345' };
let stripe: StripeFake;
let gate: Gate;
let mock: ValidatingMock;
let t: TestContext;

beforeAll(async () => {
  ({ stripe, gate, mock } = await startGatedStripe('/v1/payment_intents'));
  t = await startTestApp({ env: { SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), PROCESSOR_TIMEOUT_MS: '300', PROCESSOR_B_API_URL: mock.url } });
});
afterAll(async () => {
  gate.open();
  await t.close();
  await mock.close();
  expect(mock.violations).toEqual([]);
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the hosted page retried after a timeout (processor_b)', () => {
  it('the retry with the same key gets the PaymentIntent the timed-out call made, not a second one', async () => {
    const acme = await seedAccount(t.client, 'Acme hosted');
    expect((await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: CREDENTIALS })).status).toBe(200);
    const invoice = await openInvoice(t, acme.liveKey, await createCustomer(t, acme.liveKey));
    const url = new URL(invoice.invoiceUrl as string);
    const pay = () => t.client.post(`${url.pathname}/payments`, null, { token: url.searchParams.get('token'), method: 'card' }, { idempotencyKey: 'hosted-click-1' });
    const before = stripe.intents.size;
    gate.holding = true;
    const late = await pay();
    expect(late.status, late.raw).toBe(504);
    gate.holding = false;
    // Stripe makes the PaymentIntent after all, once the held call reaches it.
    gate.open();
    await until(() => stripe.intents.size === before + 1);
    const retried = await pay();
    expect(retried.status, retried.raw).toBe(201);
    expect(stripe.intents.size - before).toBe(1);
  });
});
