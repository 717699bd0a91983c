// Managed collection (the operator's connections serve every managed account), sandbox
// connections (the processor's own test mode instead of the simulator), off-session saved methods,
// the pix_api baseUrl SSRF filter, and a PostgreSQL service without SECRETS_KEY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { contextFor, createCustomer } from '../invoices/test-fixtures.ts';
import { openInvoice } from '../payments/test-fixtures.ts';
import { registerProcessor, unregisterProcessor } from '../payments/index.ts';
import { fakeProcessor } from '../payments/processors/fake-processor.test-support.ts';
import { chargeSavedMethod, parseSavedMethod } from '../../flows/payment-confirmation/index.ts';

const SECRETS = { secretKey: 'sk_live_fake_1234567890abcd', publishableKey: 'pk_live_fake_visible_9876', webhookSecret: 'whsec_fake_super_secret_42' };
const KEY = Buffer.alloc(32, 9).toString('base64');
const fake = fakeProcessor('processor_b');
const pix = fakeProcessor('pix_api');
const pixAdapter = { ...pix, credentialFields: ['baseUrl', 'clientId', 'clientSecret', 'webhookSecret', 'publishableKey'], secretFields: ['clientSecret', 'webhookSecret'] };
let t: TestContext;
let operator: SeededAccount;

beforeAll(async () => {
  registerProcessor(fake);
  registerProcessor(pixAdapter);
  t = await startTestApp({ env: { SECRETS_KEY: KEY } });
  operator = await seedAccount(t.client, 'Operator');
});
afterAll(async () => {
  await t.close();
  unregisterProcessor('processor_b');
  unregisterProcessor('pix_api');
});

describe('managed collection', () => {
  it('a managed production account charges through the operator’s connection; events reach its payment', async () => {
    const managed = await startTestApp({ database: t.database, env: { SECRETS_KEY: KEY, MANAGED_PROVIDERS_ACCOUNT_ID: operator.id } });
    try {
      const put = await managed.client.put('/account/providers/processor_b', operator.liveKey, { methods: ['card', 'pix'], credentials: SECRETS });
      expect(put.status, put.raw).toBe(200);
      const seller = await seedAccount(managed.client, 'Seller');
      await managed.database.db.updateTable('accounts').set({ collection_mode: 'managed' }).where('id', '=', seller.id).execute();
      const invoice = await openInvoice(managed, seller.liveKey, await createCustomer(managed, seller.liveKey));
      const charge = await managed.client.post(`/billing/invoices/${invoice.id}/payments`, seller.liveKey, { method: 'pix' });
      expect(charge.status, charge.raw).toBe(201);
      expect(charge.body.provider).toBe('processor_b');
      // The seller has no connection of its own.
      expect((await managed.client.get('/account/providers', seller.liveKey)).body.providers).toEqual([]);
      const { body, headers } = fake.signed(SECRETS.webhookSecret, [
        { kind: 'charge.confirmed', eventId: 'evt_managed', providerId: charge.body.providerId, paymentId: charge.body.id, amount: '100.00' },
      ]);
      expect((await managed.app.inject({ method: 'POST', url: new URL(put.body.webhookUrl).pathname, headers, payload: body })).statusCode).toBe(200);
      expect((await managed.client.get(`/billing/invoices/${invoice.id}`, seller.liveKey)).body.status).toBe('paid');
      // A byop account does not use the operator's connections.
      const byop = await seedAccount(managed.client, 'Byop');
      const other = await openInvoice(managed, byop.liveKey, await createCustomer(managed, byop.liveKey));
      expect((await managed.client.post(`/billing/invoices/${other.id}/payments`, byop.liveKey, { method: 'pix' })).body.error_code).toBe('provider_not_configured');
    } finally {
      await managed.app.close();
    }
  });
});

describe('sandbox connections and saved methods', () => {
  let acme: SeededAccount;
  beforeAll(async () => {
    acme = await seedAccount(t.client, 'Acme');
  });

  it('a sandbox connection serving a method charges through the processor’s test mode; other methods keep the simulator', async () => {
    expect((await t.client.put('/account/providers/processor_b', acme.key, { methods: ['card'], credentials: SECRETS })).status).toBe(200);
    const customer = await createCustomer(t, acme.key);
    const card = await t.client.post(`/billing/invoices/${(await openInvoice(t, acme.key, customer)).id}/payments`, acme.key, { method: 'card' });
    expect(card.body).toMatchObject({ provider: 'processor_b', nextAction: { type: 'processor_b_payment_intent' } });
    expect(card.body.sandboxConfirmUrl).toBeUndefined();
    const simulated = await t.client.post(`/billing/invoices/${(await openInvoice(t, acme.key, customer)).id}/payments`, acme.key, { method: 'pix' });
    expect(simulated.body).toMatchObject({ provider: 'sandbox', sandboxConfirmUrl: expect.any(String) });
  });

  it('a saved processor method is charged off-session: confirmed, or failed with the decline', async () => {
    await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: SECRETS });
    const customer = await createCustomer(t, acme.liveKey);
    const ctx = contextFor(t, acme, 'production');
    const paid = await openInvoice(t, acme.liveKey, customer);
    const ok = await t.database.db.transaction().execute((tx) => chargeSavedMethod(tx, ctx, paid.id, parseSavedMethod(ctx.tenant, 'cus_123/pm_card_visa')));
    expect(ok).toMatchObject({ provider: 'processor_b', status: 'confirmed' });
    expect(fake.chargeRequests.at(-1)!.savedMethod).toEqual({ customerRef: 'cus_123', methodRef: 'pm_card_visa' });
    const declined = await openInvoice(t, acme.liveKey, customer);
    const no = await t.database.db.transaction().execute((tx) => chargeSavedMethod(tx, ctx, declined.id, parseSavedMethod(ctx.tenant, 'pm_card_declined')));
    expect(no).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    // A sandbox test card in production is still refused (no simulator there).
    expect(() => parseSavedMethod(ctx.tenant, '4242424242424242')).toThrow(/sandbox|provider/i);
  });

  it('a pix_api baseUrl passes the webhook URL rules (private addresses refused outside development)', async () => {
    const strict = await startTestApp({ database: t.database, env: { SECRETS_KEY: KEY, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' } });
    try {
      const body = (baseUrl: string) => ({ methods: ['pix'], credentials: { baseUrl, clientId: 'client', clientSecret: 'secret_pix_1234', webhookSecret: 'whsec_pix_5678', publishableKey: 'none' } });
      for (const url of ['http://psp.example.com/api', 'https://127.0.0.1/api', 'https://169.254.169.254/latest']) {
        const res = await strict.client.put('/account/providers/pix_api', acme.liveKey, body(url));
        expect(res.status, url).toBe(422);
        expect(res.body.errors[0]).toMatchObject({ field: 'credentials.baseUrl', constraint: 'webhook_target' });
      }
    } finally {
      await strict.app.close();
    }
  });
});

describe('no key with DATABASE_URL', () => {
  it('refuses to store credentials with 503 secrets_not_configured', async () => {
    const noKey = await startTestApp({ database: t.database, env: { DATABASE_URL: 'postgres://unused@127.0.0.1:1/none' } });
    try {
      const acme = await seedAccount(noKey.client, 'NoKey');
      const res = await noKey.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: SECRETS });
      expect(res.status).toBe(503);
      expect(res.body.error_code).toBe('secrets_not_configured');
      expect(res.raw).not.toContain(SECRETS.secretKey);
    } finally {
      await noKey.app.close();
    }
  });
});
