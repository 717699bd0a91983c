// Real resources of one account and environment, created through the public API, so generated
// requests hit existing ids as well as unknown ones. Keyed by the OpenAPI path parameter names.
import { createCustomer, createMeter, createPublishedUsageProduct, enroll } from '../factories/catalog.ts';
import type { Db } from '../../src/db/database.ts';
import { createPendingPayment, createPixMandate } from '../factories/payments.ts';
import type { ApiClient } from '../harness.ts';

export interface Resources {
  /** Path parameter name (productID, invoiceID, ...) to an existing id of that kind. */
  ids: Record<string, string>;
  /** Strings worth generating in bodies and queries: meter keys, external ids, currencies. */
  words: string[];
}

function expectOk(res: { status: number; raw: string }, what: string): void {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${res.raw}`);
}

/** The master key processor credentials are sealed with (PostgreSQL has no development key): give it to the app. */
export const FUZZ_SECRETS_KEY = Buffer.alloc(32, 14).toString('base64');

/** Credentials of a connection that is saved without calling the processor (checked later). */
const CONNECTIONS = {
  processor_a: { methods: ['card'], credentials: { apiKey: 'AQE_fuzz_api_key', merchantAccount: 'FuzzECOM', clientKey: 'test_FUZZCLIENTKEY', hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056' } },
  processor_b: { methods: ['card'], credentials: { secretKey: 'sk_test_fuzz_secret', publishableKey: 'pk_test_fuzz_public', webhookSecret: 'whsec_fuzz_secret' } },
} as const;

/**
 * One of each resource a path can name, under `key` (a sandbox or production secret key).
 * `provider`: the processor this tenant connects (a path names a connection by its processor, so
 * each tenant of the sweep connects a different one).
 */
export async function createResources(client: ApiClient, db: Db, key: string, provider: keyof typeof CONNECTIONS = 'processor_b'): Promise<Resources> {
  const meter = await createMeter(client, key);
  const { product, version, meter: usageMeter } = await createPublishedUsageProduct(client, key);
  const customer = await createCustomer(client, key, { externalId: `ext-${product.id.slice(-8)}` });
  const enrollment = await enroll(client, key, customer.id, product.id);
  const rateCard = await client.post(`/customers/${enrollment.id}/rate-cards`, key, { prices: [{ meter: usageMeter.key, unitPrice: '0.05' }] });
  expectOk(rateCard, 'rate card');
  const link = await client.post('/payment-links', key, { productId: product.id });
  expectOk(link, 'payment link');
  const invoice = await client.post('/billing/invoices', key, { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Setup', quantity: '1', unitPrice: '10.00' }] });
  expectOk(invoice, 'invoice');
  const usage = await client.post('/metering/events', key, { meter: usageMeter.key, productId: product.id, customerId: customer.id, value: '3' });
  expectOk(usage, 'usage event');
  // A key of its own for DELETE /account/keys/{keyID}: revoking it leaves the caller's key alone.
  const spareKey = await client.post('/account/keys', key, { name: 'spare', scopes: ['billing:read'] });
  expectOk(spareKey, 'spare key');
  const paymentId = await createPendingPayment(client, db, key, customer.id);
  const endpoint = await client.post('/account/webhooks', key, { url: 'https://hooks.example.com/fuzz', events: ['*'] });
  expectOk(endpoint, 'webhook endpoint');
  const delivery = await client.post(`/account/webhooks/${endpoint.body.id}/test`, key);
  expectOk(delivery, 'webhook test delivery');
  const coupon = await client.post('/billing/coupons', key, { code: `FUZZ${product.id.slice(-6)}`, percentOff: '10', duration: 'once' });
  expectOk(coupon, 'coupon');
  const plan = await client.post('/products', key, { key: `fuzz-plan-${product.id.slice(-8)}`, name: 'Fuzz plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '19.90' });
  expectOk(plan, 'subscription product');
  expectOk(await client.post(`/products/${plan.body.product.id}/versions/${plan.body.version.id}/publish`, key), 'publish the plan');
  const subscription = await client.post('/billing/subscriptions', key, { customerId: customer.id, productId: plan.body.product.id });
  expectOk(subscription, 'subscription');
  const storefront = await client.post('/storefronts', key, { name: 'Fuzz shop', slug: `fuzz-${product.id.slice(-12)}` });
  expectOk(storefront, 'storefront');
  const credited = await client.post('/billing/invoices', key, { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Credited', quantity: '1', unitPrice: '10.00' }] });
  expectOk(credited, 'invoice to credit');
  expectOk(await client.post(`/billing/invoices/${credited.body.id}/finalize`, key), 'finalize the invoice to credit');
  const creditNote = await client.post(`/billing/invoices/${credited.body.id}/credit-notes`, key, { amount: '1.00', reason: 'fuzz', outcome: 'credit' });
  expectOk(creditNote, 'credit note');
  const mandateId = await createPixMandate(client, db, key);
  expectOk(await client.put(`/account/providers/${provider}`, key, CONNECTIONS[provider]), 'processor connection');
  const events = await client.get('/account/events?limit=1', key);
  expectOk(events, 'account events');
  return {
    ids: {
      meterID: meter.id,
      productID: product.id,
      versionID: version.id,
      customerID: customer.id,
      enrollmentID: enrollment.id,
      rateCardID: rateCard.body.id,
      linkID: link.body.id,
      invoiceID: invoice.body.id,
      keyID: spareKey.body.id,
      paymentID: paymentId,
      eventID: events.body.events[0].id,
      endpointID: endpoint.body.id,
      deliveryID: delivery.body.id,
      couponID: coupon.body.id,
      subscriptionID: subscription.body.id,
      storefrontID: storefront.body.id,
      creditNoteID: creditNote.body.id,
      mandateID: mandateId,
      provider,
    },
    words: [meter.key, usageMeter.key, customer.externalId, coupon.body.code, 'BRL', 'USD', 'JPY', 'sum', 'max', 'per_unit', 'tiered', 'link', 'file', storefront.body.slug],
  };
}
