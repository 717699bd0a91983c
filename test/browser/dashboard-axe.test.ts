// Every dashboard page has no serious or critical accessibility violation (axe-core in chromium),
// in pt-BR and English: the signed-out forms, and each signed-in section with a detail page of it
// (issue #32). bypassCSP lets axe's script in; the pages themselves are unchanged.
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { charge, openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner } from '../dashboard.ts';
import { chromiumAvailable, startBrowserTest, type BrowserTest, signIn } from './chromium.ts';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: unknown[] }>> {
  await page.addScriptTag({ path: axeSource });
  const result = await page.evaluate(() => (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run());
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

// Each signed-in page; {name} is filled with the id seeded under that name.
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/dashboard/customers',
  '/dashboard/customers/{customer}',
  '/dashboard/invoices',
  '/dashboard/invoices/{invoice}',
  '/dashboard/invoices/{credited}',
  '/dashboard/subscriptions',
  '/dashboard/subscriptions/{subscription}',
  '/dashboard/payments',
  '/dashboard/payments/{payment}',
  '/dashboard/catalog',
  '/dashboard/catalog/meters',
  '/dashboard/catalog/coupons',
  '/dashboard/catalog/payment-links',
  '/dashboard/catalog/products/{product}',
  '/dashboard/developers',
  '/dashboard/developers/events',
  '/dashboard/developers/webhooks/{endpoint}',
  '/dashboard/developers/webhooks/{endpoint}/delete',
  '/dashboard/developers/providers',
  '/dashboard/developers/providers/pix_api',
  '/dashboard/developers/rail',
  '/dashboard/storefronts',
  '/dashboard/storefronts/{shop}',
  '/dashboard/storefronts/{shop}/preview',
  '/dashboard/members',
  '/dashboard/password',
  '/dashboard/account/security',
  '/dashboard/audit',
];

describe.skipIf(!chromiumAvailable)('dashboard accessibility (axe-core)', () => {
  let session: BrowserTest;
  let ids: Record<string, string>;

  beforeAll(async () => {
    session = await startBrowserTest();
    const { t } = session;
    const acme = await seedAccountWithOwner(t, 'Loja Acessível', 'dona@acessivel.example', 'uma senha comprida');
    const customer = await createCustomer(t, acme.sandboxKey, { name: 'Carla Dias', email: 'carla@example.com' });
    const invoice = await openInvoice(t, acme.sandboxKey, customer, { lineItems: [{ description: 'Pedido', quantity: '1', unitPrice: '49.90' }] });
    const payment = await charge(t, acme.sandboxKey, invoice.id, { method: 'pix' });
    expect((await t.client.post(`/test/payments/${payment.id}/confirm`, acme.sandboxKey)).status).toBe(200);
    // An open invoice credited by line, so its page shows the credit note forms for an open
    // invoice, a credit note with its lines, and the credit note's ledger lines.
    const credited = await openInvoice(t, acme.sandboxKey, customer, { lineItems: [{ description: 'Pedido', quantity: '2', unitPrice: '20.00' }, { description: 'Frete', quantity: '1', unitPrice: '10.00' }] });
    const note = await t.client.post(`/billing/invoices/${credited.id}/credit-notes`, acme.sandboxKey, { lines: [{ lineItemId: credited.lineItems[1].id, amount: '10.00' }], reason: 'Frete grátis', outcome: 'credit' });
    expect(note.status).toBe(201);
    // A pending invitation, so the members page shows its list with resend and revoke.
    const owner = new DashboardBrowser(t);
    expect((await owner.signIn('dona@acessivel.example', 'uma senha comprida')).status).toBe(303);
    const members = await owner.get('/dashboard/members');
    expect((await owner.post('/dashboard/members', { email: 'convidada@acessivel.example', role: 'support', csrf: csrfOf(members.html) })).status).toBe(200);
    const shop = await t.client.post('/storefronts', acme.sandboxKey, { name: 'Loja da Carla', slug: 'loja-acessivel' });
    expect(shop.status).toBe(201);
    const endpoint = await t.client.post('/account/webhooks', acme.sandboxKey, { url: 'https://hooks.example.com/acessivel', events: ['*'] });
    expect(endpoint.status).toBe(201);
    // A product with a graduated price (its words and the version form's tiers table) and an offer.
    expect((await t.client.post('/meters', acme.sandboxKey, { key: 'api-calls', name: 'Chamadas', aggregation: 'count' })).status).toBe(201);
    const product = (await t.client.post('/products', acme.sandboxKey, { key: 'api', name: 'API', pricingModel: 'usage' })).body.product as { id: string };
    const tiered = { prices: [{ meter: 'api-calls', model: 'tiered', tiers: [{ upTo: '1000', unitPrice: '0.00' }, { upTo: null, unitPrice: '0.10' }] }] };
    for (const asDefault of [true, false]) {
      const version = await t.client.post(`/products/${product.id}/versions`, acme.sandboxKey, tiered);
      expect((await t.client.post(`/products/${product.id}/versions/${version.body.id}/publish`, acme.sandboxKey, { default: asDefault })).status).toBe(200);
    }
    // A subscription to a plan with a second published version, so its page shows every form.
    const plan = await t.client.post('/products', acme.sandboxKey, { key: 'plano-acessivel', name: 'Plano', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
    expect((await t.client.post(`/products/${plan.body.product.id}/versions/${plan.body.version.id}/publish`, acme.sandboxKey)).status).toBe(200);
    const pro = await t.client.post(`/products/${plan.body.product.id}/versions`, acme.sandboxKey, { basePrice: '58.00' });
    expect((await t.client.post(`/products/${plan.body.product.id}/versions/${pro.body.id}/publish`, acme.sandboxKey, { default: false })).status).toBe(200);
    const subscription = await t.client.post('/billing/subscriptions', acme.sandboxKey, { customerId: customer, productVersionId: plan.body.version.id });
    expect(subscription.status).toBe(201);
    ids = {
      customer,
      invoice: invoice.id,
      credited: credited.id,
      subscription: subscription.body.id,
      payment: payment.id,
      product: product.id,
      endpoint: endpoint.body.id,
      shop: shop.body.id,
    };
  });
  afterAll(() => session?.close());

  for (const locale of ['pt-BR', 'en']) {
    // One test per page, each with its own time budget: a whole locale in one test took more than
    // the 60 s limit on a loaded CI machine. The signed-out pages come first, then one sign-in.
    describe(locale, () => {
      let context: BrowserContext;
      let page: Page;
      let signedIn = false;
      beforeAll(async () => {
        context = await session.browser.newContext({ bypassCSP: true, locale, extraHTTPHeaders: { 'accept-language': locale } });
        page = await context.newPage();
      });
      afterAll(() => context?.close());

      for (const path of ['/dashboard/login', '/dashboard/forgot-password']) {
        it(`${path}, signed out`, async () => {
          await page.goto(`${session.origin}${path}`);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
      for (const template of SIGNED_IN_PAGES) {
        it(template, async () => {
          if (!signedIn) {
            await page.goto(`${session.origin}/dashboard/login`);
            await signIn(page, 'dona@acessivel.example', 'uma senha comprida');
            signedIn = true;
          }
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
            const id = ids[name];
            if (!id) throw new Error(`no id seeded as ${name}`);
            return id;
          });
          const answer = await page.goto(`${session.origin}${path}`);
          expect(answer?.status()).toBe(200);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    });
  }
});
