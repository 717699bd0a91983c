// A buyer pays a production invoice by card in a real browser, through the connected processor's
// own library: the hosted page loads Stripe.js from js.stripe.com under a CSP that allows exactly
// Stripe's origins, mounts the card Element with the connection's publishable key, confirms with the
// PaymentIntent's client secret, and once Stripe's signed webhook confirms the charge the page shows
// the receipt by itself. No internet here: the browser's request for https://js.stripe.com/v3/ is
// answered with a small stand-in that records how the page calls Stripe.js (the API Stripe
// documents: Stripe(), elements().create('card').mount(), confirmCardPayment()); the service's
// calls to Stripe go to the validating mock serving Stripe's document.
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_SECRET_KEY, StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import { SPEC_PATH } from '../../src/modules/payments/processors/processor-b/test-setup.ts';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { startValidatingMock, type ValidatingMock } from '../processor-mocks/validating-mock.ts';
import { chromiumAvailable, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

const STRIPE_JS_STAND_IN = `
window.__stripe = [];
window.Stripe = function (publishableKey, options) {
  window.__stripe.push(['Stripe', publishableKey, options && options.locale]);
  return {
    elements: function () {
      return { create: function (type) {
        window.__stripe.push(['create', type]);
        return { mount: function (element) { var field = document.createElement('div'); field.setAttribute('data-testid', 'stripe-card-field'); field.textContent = '4242 4242 4242 4242'; element.appendChild(field); window.__stripe.push(['mount']); } };
      } };
    },
    confirmCardPayment: function (clientSecret, data) {
      window.__stripe.push(['confirmCardPayment', clientSecret, Boolean(data && data.payment_method && data.payment_method.card)]);
      if (window.__decline) return Promise.resolve({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
      return Promise.resolve({ paymentIntent: { id: clientSecret.split('_secret')[0], status: 'succeeded' } });
    },
  };
};`;

describe.skipIf(!chromiumAvailable)('a live card payment on the hosted page in chromium (processor_b)', () => {
  let stripe: StripeFake;
  let mock: ValidatingMock;
  let session: BrowserTest;
  let t: TestContext;
  let browser: Browser;
  let acme: SeededAccount;
  let webhookPath: string;
  let customerId: string;

  beforeAll(async () => {
    stripe = new StripeFake();
    mock = await startValidatingMock({ specPath: SPEC_PATH, serverUrl: 'https://api.stripe.com/', fake: stripe.handle });
    session = await startBrowserTest({ env: { SECRETS_KEY: Buffer.alloc(32, 4).toString('base64'), PROCESSOR_B_API_URL: mock.url } });
    ({ t, browser } = session);
    acme = await seedAccount(t.client, 'Escola Aurora');
    const put = await t.client.put('/account/providers/processor_b', acme.liveKey, {
      methods: ['card'],
      credentials: { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_live_aurora_public', webhookSecret: 'whsec_aurora_browser' },
    });
    expect(put.status, put.raw).toBe(200);
    webhookPath = new URL(put.body.webhookUrl).pathname;
    const customer = await t.client.post('/customers', acme.liveKey, { name: 'Ana Souza', email: 'ana.live@example.com' });
    customerId = customer.body.id;
  });
  afterAll(async () => {
    await session?.close();
    await mock?.close();
  });

  async function openInvoicePath(): Promise<{ path: string; id: string }> {
    const draft = await t.client.post('/billing/invoices', acme.liveKey, { customerId, currency: 'BRL', lineItems: [{ description: 'Curso de violão', quantity: '1', unitPrice: '250.00' }] });
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.liveKey);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    return { path: url.pathname + url.search, id: open.body.id };
  }

  async function deliverSucceeded(intentId: string) {
    const payload = JSON.stringify({ id: `evt_browser_${intentId}`, object: 'event', type: 'payment_intent.succeeded', api_version: '2025-09-30.clover', created: 1_790_000_000, livemode: true, data: { object: stripe.succeed(intentId) } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_aurora_browser' });
    const res = await t.app.inject({ method: 'POST', url: webhookPath, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  it('Stripe.js under a CSP of Stripe’s origins only; the card Element, confirmCardPayment with the intent’s secret; paid by the webhook, the receipt appears', async () => {
    const invoice = await openInvoicePath();
    const context = await browser.newContext({ locale: 'pt-BR', extraHTTPHeaders: { 'accept-language': 'pt-BR' }, viewport: { width: 900, height: 1100 } });
    await context.route('https://js.stripe.com/v3/', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STAND_IN }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${session.origin}${invoice.path}`);
    expect(response?.status()).toBe(200);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain('script-src');
    expect(csp).toMatch(/script-src 'nonce-[^']+' https:\/\/js\.stripe\.com;/);
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    // Production shows only what a connected processor serves: card.
    expect(await page.locator('button[data-method]').evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).dataset.method))).toEqual(['card']);

    await page.locator('button[data-method="card"]').click();
    await expect.poll(() => page.getByTestId('stripe-card-field').isVisible()).toBe(true);
    const payments = (await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.liveKey)).body.payments;
    expect(payments).toHaveLength(1);
    const intent = stripe.intents.get(payments[0].providerId)!;
    await screenshot(page, 'pay-live-card-pt-BR.png');
    await page.getByTestId('pay-card').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __stripe: unknown[][] }).__stripe.map((call) => call[0]))).toContain('confirmCardPayment');
    const calls = await page.evaluate(() => (window as unknown as { __stripe: unknown[][] }).__stripe);
    expect(calls).toEqual([
      ['Stripe', 'pk_live_aurora_public', 'pt-BR'],
      ['create', 'card'],
      ['mount'],
      ['confirmCardPayment', intent.client_secret, true],
    ]);

    await deliverSucceeded(intent.id);
    await expect.poll(() => page.getByTestId('receipt').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'pay-live-card-receipt-pt-BR.png');
    expect(errors).toEqual([]);
    expect(mock.violations).toEqual([]);
    await context.close();
  });

  it('a decline from Stripe.js shows its message and nothing is paid', async () => {
    const invoice = await openInvoicePath();
    const context = await browser.newContext({ locale: 'en', extraHTTPHeaders: { 'accept-language': 'en' } });
    await context.route('https://js.stripe.com/v3/', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STAND_IN }));
    const page = await context.newPage();
    await page.goto(`${session.origin}${invoice.path}`);
    await page.evaluate(() => ((window as unknown as { __decline: boolean }).__decline = true));
    await page.locator('button[data-method="card"]').click();
    await expect.poll(() => page.getByTestId('stripe-card-field').isVisible()).toBe(true);
    await page.getByTestId('pay-card').click();
    await expect.poll(() => page.getByTestId('pay-error').innerText()).toMatch(/insufficient|Insufficient/);
    expect((await t.client.get(`/billing/invoices/${invoice.id}`, acme.liveKey)).body.status).toBe('open');
    await context.close();
  });
});
