// Every money amount an answer writes carries its currency's scale (issue #31): a seller who sends
// "49.9" or "15" reads "49.90" and "15.00" back, on the creation answer and on every later read; a
// unit price finer than the currency keeps its digits ("0.0015"), and a JPY amount has none.
// One row per resource: what it creates, where it reads it back, and the amounts it expects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type ApiResponse, type SeededAccount, type TestContext } from '../harness.ts';
import { createCustomer, createMeter, createProduct, enroll, publishVersion, uniqueKey } from '../factories/catalog.ts';

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  customerId = (await createCustomer(t.client, acme.key, { name: 'Ana Souza', email: 'ana@example.com' })).id;
});
afterAll(() => t.close());

function ok<T = any>(res: ApiResponse<T>, status = 200): T {
  expect(res.status, res.raw).toBe(status);
  return res.body;
}
const get = (path: string) => t.client.get(path, acme.key).then((res) => ok(res));
const post = (path: string, body?: unknown, status = 201) => t.client.post(path, acme.key, body).then((res) => ok(res, status));
const patch = (path: string, body: unknown) => t.client.patch(path, acme.key, body).then((res) => ok(res));

/** A one-off invoice of these lines, finalized: open. */
async function openInvoice(lineItems: unknown[], extra: Record<string, unknown> = {}) {
  const draft = await post('/billing/invoices', { customerId, currency: 'BRL', lineItems, ...extra });
  return post(`/billing/invoices/${draft.id}/finalize`, undefined, 200);
}

/** A paid invoice of one 49.9 line: its confirmed Pix payment. */
async function paidPayment() {
  const invoice = await openInvoice([{ description: 'Consulting', quantity: '1', unitPrice: '49.9' }]);
  const payment = await post(`/billing/invoices/${invoice.id}/payments`, { method: 'pix' });
  return { invoice, payment: await post(`/test/payments/${payment.id}/confirm`, undefined, 200) };
}

/** A published one-time BRL product of 49.9. */
async function oneTimeProduct() {
  const { product, version } = await createProduct(t.client, acme.key, { basePrice: '49.9' });
  await publishVersion(t.client, acme.key, product.id, version.id);
  return product;
}

const invoiceAmounts = (i: any) => ({
  subtotal: i.subtotal,
  total: i.total,
  amountDue: i.amountDue,
  tax: i.tax,
  lines: i.lineItems.map((l: any) => [l.quantity, l.unitPrice, l.amount]),
});

interface Case {
  name: string;
  /** The amounts of the creation answer and of a later read. */
  run: () => Promise<{ created: unknown; read: unknown }>;
  expected: unknown;
  /** When the read shows more than the creation answer. */
  expectedRead?: unknown;
}

const cases: Case[] = [
  {
    name: 'product version basePrice and consumptionFloor',
    run: async () => {
      const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '49.9' });
      const pick = (v: any) => ({ basePrice: v.basePrice, consumptionFloor: v.consumptionFloor });
      return { created: pick(version), read: pick(await get(`/products/${product.id}/versions/${version.id}`)) };
    },
    expected: { basePrice: '49.90', consumptionFloor: '0.00' },
  },
  {
    name: 'usage prices: per unit and tiers (bounds are quantities)',
    run: async () => {
      const [calls, tokens] = [await createMeter(t.client, acme.key), await createMeter(t.client, acme.key)];
      const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
      const prices = [
        { meter: calls.key, unitPrice: '0.1' },
        { meter: tokens.key, tiers: [{ upTo: '1000', unitPrice: '0.0015', flatPrice: '2' }, { upTo: null, unitPrice: '0.001' }] },
      ];
      const pick = (v: any) => v.prices.map((p: any) => ({ unitPrice: p.unitPrice, tiers: p.tiers }));
      const patched = await patch(`/products/${product.id}/versions/${version.id}`, { prices, commitmentAmount: '15' });
      const read = await get(`/products/${product.id}/versions/${version.id}`);
      return { created: [patched.commitmentAmount, pick(patched)], read: [read.commitmentAmount, pick(read)] };
    },
    expected: [
      '15.00',
      [
        { unitPrice: '0.10', tiers: null },
        { unitPrice: null, tiers: [{ upTo: '1000', unitPrice: '0.0015', flatPrice: '2.00' }, { upTo: null, unitPrice: '0.001', flatPrice: null }] },
      ],
    ],
  },
  {
    name: 'rate card prices',
    run: async () => {
      const meter = await createMeter(t.client, acme.key);
      const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
      await patch(`/products/${product.id}/versions/${version.id}`, { prices: [{ meter: meter.key, unitPrice: '0.1' }] });
      await publishVersion(t.client, acme.key, product.id, version.id);
      const enrollment = await enroll(t.client, acme.key, customerId, product.id);
      const card = await post(`/customers/${enrollment.id}/rate-cards`, { prices: [{ meter: meter.key, unitPrice: '0.2' }] });
      const [listed] = (await get(`/customers/${enrollment.id}/rate-cards`)).rateCards;
      return { created: card.prices[0].unitPrice, read: listed.prices[0].unitPrice };
    },
    expected: '0.20',
  },
  {
    // 2 x 49.9 = 99.80; 1000 x 0.0015 = 1.50; subtotal = total = 101.30.
    name: 'invoice totals and lines (unit prices keep finer digits)',
    run: async () => {
      const created = await post('/billing/invoices', {
        customerId,
        currency: 'BRL',
        lineItems: [
          { description: 'Consulting', quantity: '2', unitPrice: '49.9' },
          { description: 'Calls', quantity: '1000', unitPrice: '0.0015' },
        ],
      });
      return { created: invoiceAmounts(created), read: invoiceAmounts(await get(`/billing/invoices/${created.id}`)) };
    },
    expected: { subtotal: '101.30', total: '101.30', amountDue: '101.30', tax: '0.00', lines: [['2', '49.90', '99.80'], ['1000', '0.0015', '1.50']] },
  },
  {
    // 3 x 1500 = 4500 JPY: no decimals, since the yen has none.
    name: 'a JPY invoice: no decimals',
    run: async () => {
      const created = await post('/billing/invoices', { customerId, currency: 'JPY', lineItems: [{ description: 'Ramen', quantity: '3', unitPrice: '1500' }] });
      return { created: invoiceAmounts(created), read: invoiceAmounts(await get(`/billing/invoices/${created.id}`)) };
    },
    expected: { subtotal: '4500', total: '4500', amountDue: '4500', tax: '0', lines: [['3', '1500', '4500']] },
  },
  {
    // 15 less 10% = 15 - 1.50 = 13.50; the discount line was stored as "-1.5".
    name: 'coupon discount line',
    run: async () => {
      const code = uniqueKey('TEN').replace(/[^A-Za-z0-9_-]/g, '');
      await post('/billing/coupons', { code, percentOff: '10', duration: 'once' });
      const created = await post('/billing/invoices', { customerId, currency: 'BRL', couponCode: code, lineItems: [{ description: 'Box', quantity: '1', unitPrice: '15' }] });
      return { created: invoiceAmounts(created), read: invoiceAmounts(await get(`/billing/invoices/${created.id}`)) };
    },
    expected: { subtotal: '13.50', total: '13.50', amountDue: '13.50', tax: '0.00', lines: [['1', '15.00', '15.00'], ['1', '-1.50', '-1.50']] },
  },
  {
    name: 'payment amount and refundedAmount; the refund',
    run: async () => {
      const { payment } = await paidPayment();
      const refund = await post(`/billing/payments/${payment.id}/refunds`, { amount: '5' });
      const read = await get(`/billing/payments/${payment.id}`);
      const [listedRefund] = (await get(`/billing/payments/${payment.id}/refunds`)).refunds;
      return { created: [payment.amount, refund.amount], read: [read.amount, read.refundedAmount, listedRefund.amount] };
    },
    expected: ['49.90', '5.00'],
    expectedRead: ['49.90', '5.00', '5.00'],
  },
  {
    // A credit of 5 on a paid invoice of 49.90: a 5.00 credit note, the customer's BRL balance 5.00.
    name: 'credit note and customer balance',
    run: async () => {
      const payer = (await createCustomer(t.client, acme.key, { name: 'Bia', email: 'bia@example.com' })).id;
      const draft = await post('/billing/invoices', { customerId: payer, currency: 'BRL', lineItems: [{ description: 'Consulting', quantity: '1', unitPrice: '49.9' }] });
      await post(`/billing/invoices/${draft.id}/finalize`, undefined, 200);
      const payment = await post(`/billing/invoices/${draft.id}/payments`, { method: 'pix' });
      await post(`/test/payments/${payment.id}/confirm`, undefined, 200);
      const note = await post(`/billing/invoices/${draft.id}/credit-notes`, { amount: '5', reason: 'Late delivery', outcome: 'credit' });
      const read = await get(`/billing/credit-notes/${note.id}`);
      const customer = await get(`/customers/${payer}`);
      return { created: [note.amount, customer.balances], read: [read.amount, customer.balances] };
    },
    expected: ['5.00', [{ currency: 'BRL', amount: '5.00' }]],
  },
  {
    name: 'storefront shippingFlatAmount (create, update) and the shop page data',
    run: async () => {
      const product = await oneTimeProduct();
      const shop = await post('/storefronts', { name: 'Padaria', slug: `shop-${uniqueKey('s').replace(/[^a-z0-9]/g, '')}`, fulfillmentMode: 'both', shippingFlatAmount: '15', productIds: [product.id] });
      const read = await get(`/storefronts/${shop.id}`);
      const shown = ok(await t.client.get(`/public/storefronts/${shop.slug}`, null));
      const updated = await patch(`/storefronts/${shop.id}`, { shippingFlatAmount: '7.5' });
      const reread = await get(`/storefronts/${shop.id}`);
      return {
        created: [shop.shippingFlatAmount, updated.shippingFlatAmount],
        read: [read.shippingFlatAmount, shown.shippingFlatAmount, shown.products[0].unitPrice, reread.shippingFlatAmount],
      };
    },
    expected: ['15.00', '7.50'],
    expectedRead: ['15.00', '15.00', '49.90', '7.50'],
  },
];

describe('money amounts carry their currency scale', () => {
  it.each(cases)('$name', async ({ run, expected, expectedRead }) => {
    const { created, read } = await run();
    expect(created).toEqual(expected);
    expect(read).toEqual(expectedRead ?? expected);
  });
});
