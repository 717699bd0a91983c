// A buyer pays on the hosted pages in a real browser (Debian's chromium driven by playwright-core,
// the real app on a random port, sandbox money): Pix bought through a payment link, confirmed on the
// sandbox page, the invoice page moving to the receipt by itself and the deliverable downloaded; a
// declined card then a good one, landing on the successUrl; boleto then "pay another way" by Pix
// (the boleto superseded); a reload resuming a pending Pix with its QR; crypto with the test
// wallet; axe-core on both pages. Screenshots go to
// test-results/screenshots/ (gitignored). Without chromium this file skips, saying why.
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, publishVersion } from '../factories/catalog.ts';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('paying on the hosted pages in chromium', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let browser: Browser;
  let origin: string;
  let session: BrowserTest;
  let customerId: string;

  beforeAll(async () => {
    session = await startBrowserTest();
    ({ t, browser, origin } = session);
    acme = await seedAccount(t.client, 'Acme');
    expect((await t.client.patch('/account/tenant', acme.key, { name: 'Escola Aurora', supportEmail: 'ajuda@aurora.example' })).status).toBe(200);
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana Souza', email: 'ana.pay@example.com', document: '529.982.247-25' });
    expect(customer.status, customer.raw).toBe(201);
    customerId = customer.body.id;
  });
  afterAll(() => session?.close());

  const open = (path: string, locale: string) => openPage(session, path, locale);

  /** An open 250.00 BRL invoice made through the API; its page's path and query. */
  async function invoicePath(extra: Record<string, unknown> = {}): Promise<{ path: string; id: string }> {
    const draft = await t.client.post('/billing/invoices', acme.key, {
      customerId,
      currency: 'BRL',
      lineItems: [{ description: 'Curso de violão', quantity: '1', unitPrice: '250.00' }],
      ...extra,
    });
    expect(draft.status, draft.raw).toBe(201);
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    return { path: url.pathname + url.search, id: open.body.id };
  }

  const paymentsOf = async (invoiceId: string) =>
    (await t.client.get(`/billing/payments?invoiceId=${invoiceId}`, acme.key)).body.payments as Array<{ method: string; status: string; failureCode: string | null }>;

  it('Pix through a payment link: QR and countdown, confirmed on the sandbox page, the receipt appears by itself, the download works', async () => {
    const created = await createProduct(t.client, acme.key, { name: 'Apostila de acordes', basePrice: '49.90' });
    const deliverable = await t.client.put(`/products/${created.product.id}/deliverable`, acme.key, { kind: 'link', url: 'https://files.aurora.example/apostila' });
    expect(deliverable.status, deliverable.raw).toBe(200);
    await publishVersion(t.client, acme.key, created.product.id, created.version.id);
    const links = await t.client.get(`/payment-links?productId=${created.product.id}`, acme.key);
    const { page, errors } = await open(new URL(links.body.paymentLinks[0].url).pathname, 'pt-BR');

    await page.getByLabel('Nome completo').fill('Bruno Lima');
    await page.getByLabel('E-mail').fill('bruno.pix@example.com');
    await page.getByLabel('CPF ou CNPJ').fill('111.444.777-35');
    await page.getByLabel('Pix').check();
    await Promise.all([page.waitForURL(/\/invoices\/[0-9a-f-]+\?token=[^&]+$/), page.getByTestId('submit').click()]);

    // The form's choice started the Pix charge on arrival.
    const qr = page.getByTestId('pix-qr');
    await expect.poll(() => qr.isVisible()).toBe(true);
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    expect(await page.getByTestId('pix-code').inputValue()).toMatch(/^000201/);
    await expect.poll(() => page.getByTestId('pix-countdown').innerText()).toMatch(/^(\d+:)?\d\d:\d\d$/);
    await screenshot(page, 'pay-pix-pt-BR.png');

    // The payer "scans" the QR: the sandbox page's button confirms it, in another tab.
    const confirmHref = await page.getByTestId('sandbox-confirm').getAttribute('href');
    const sandbox = await page.context().newPage();
    await sandbox.goto(`${origin}${confirmHref}`);
    await sandbox.getByRole('button', { name: 'Confirmar o pagamento' }).click();
    await expect.poll(() => sandbox.locator('h1').innerText()).toBe('Pagamento confirmado');

    // No successUrl: the page finds the invoice paid and shows its receipt with the download.
    await expect.poll(() => page.getByTestId('receipt').isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('status').innerText()).toMatch(/^paga$/i);
    expect(await page.getByTestId('receipt-method').innerText()).toBe('Pix');
    expect(await page.getByTestId('receipt-amount').innerText()).toMatch(/^R\$\s49,90$/);
    const download = await page.getByTestId('download').getAttribute('href');
    expect(download).toMatch(/^\/public\/downloads\/[^/]+$/);
    const followed = await page.request.get(`${origin}${download}`, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toBe('https://files.aurora.example/apostila');
    expect(errors).toEqual([]);
    await screenshot(page, 'pay-pix-receipt-pt-BR.png');
    await page.context().close();
  });

  it('a declined card shows its message, a good card then pays, and the buyer lands on the successUrl (English)', async () => {
    const successUrl = `${origin}/healthz?paid=1`;
    const invoice = await invoicePath({ successUrl });
    const { page, errors } = await open(invoice.path, 'en-US');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByTestId('method-card').click();
    // No name on the card: the form says so and posts no card (the charge the method made stays pending).
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByTestId('pay-card').click();
    await expect.poll(() => page.getByTestId('pay-error').innerText()).toBe('Enter the name on the card.');
    expect((await paymentsOf(invoice.id)).map((p) => [p.method, p.status, p.failureCode])).toEqual([['card', 'pending', null]]);
    await page.getByLabel('Name on the card').fill('ANA SOUZA');
    await page.getByLabel('Expiry month').fill('12');
    await page.getByLabel('Expiry year').fill(String(new Date().getUTCFullYear() + 3));
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByTestId('pay-card').click();
    const alert = page.getByTestId('pay-error');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.innerText()).toBe('The card was declined by its issuer. Try another card.');
    await screenshot(page, 'pay-card-declined-en.png');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await Promise.all([page.waitForURL(successUrl, { timeout: 15_000 }), page.getByTestId('pay-card').click()]);
    expect(errors).toEqual([]);
    const payments = await paymentsOf(invoice.id);
    expect(payments.map((p) => [p.method, p.status, p.failureCode]).sort()).toEqual([
      ['card', 'confirmed', null],
      ['card', 'failed', 'card_declined'],
    ]);
    expect((await t.client.get(`/billing/invoices/${invoice.id}`, acme.key)).body.status).toBe('paid');
    await page.context().close();
  });

  it('boleto, then "pay another way" by Pix: the line, barcode and print link, and the boleto is superseded', async () => {
    const invoice = await invoicePath();
    const { page, errors } = await open(invoice.path, 'pt-BR');
    await page.getByTestId('method-boleto').click();
    const line = page.getByTestId('boleto-line');
    await expect.poll(() => line.innerText()).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    await expect.poll(() => page.getByTestId('boleto-barcode').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    const print = await page.getByTestId('boleto-print').getAttribute('href');
    expect((await page.request.get(`${origin}${print}`)).status()).toBe(200);
    await screenshot(page, 'pay-boleto-pt-BR.png');

    await page.getByTestId('switch').click();
    await page.getByTestId('method-pix').click();
    await expect.poll(() => page.getByTestId('pix-qr').isVisible()).toBe(true);
    expect(await line.isVisible()).toBe(false);
    await expect
      .poll(async () => (await paymentsOf(invoice.id)).map((p) => [p.method, p.status, p.failureCode]).sort())
      .toEqual([
        ['boleto', 'failed', 'superseded'],
        ['pix', 'pending', null],
      ]);
    expect(errors).toEqual([]);
    await screenshot(page, 'pay-switched-to-pix-pt-BR.png');
    await page.context().close();
  });

  it('a reload resumes the pending Pix with its QR, which only that first status read carries', async () => {
    const invoice = await invoicePath();
    const { page, errors } = await open(invoice.path, 'pt-BR');
    await page.getByTestId('method-pix').click();
    await expect.poll(() => page.getByTestId('pix-qr').isVisible()).toBe(true);
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/status?')) polls.push(new URL(request.url()).searchParams.get('images') ?? 'none');
    });
    await page.reload();
    const qr = page.getByTestId('pix-qr');
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    expect(await page.getByTestId('pix-code').inputValue()).toMatch(/^000201/);
    // The page polls every 2 seconds: after the resume's read (images=true) they leave the image out.
    // (A poll of the page before the reload may come first.)
    const resumed = polls.indexOf('true');
    expect(resumed).toBeGreaterThanOrEqual(0);
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(resumed + 1);
    expect(polls.slice(resumed + 1).every((images) => images === 'none')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('crypto: the widget data and the sandbox test wallet pay the invoice', async () => {
    const invoice = await invoicePath();
    const { page, errors } = await open(invoice.path, 'en-US');
    await page.getByTestId('method-crypto').click();
    await expect.poll(() => page.getByTestId('crypto-amount').innerText()).toBe('250.00 BRL');
    expect(await page.getByTestId('crypto-network').innerText()).toBe('test');
    await screenshot(page, 'pay-crypto-en.png');
    await page.getByTestId('test-wallet').click();
    await expect.poll(() => page.getByTestId('receipt').isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('receipt-method').innerText()).toBe('USDC (crypto)');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on the checkout and invoice pages (axe-core)', async () => {
    const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    const created = await createProduct(t.client, acme.key, { name: 'Aula avulsa', basePrice: '80.00' });
    await publishVersion(t.client, acme.key, created.product.id, created.version.id);
    const links = await t.client.get(`/payment-links?productId=${created.product.id}`, acme.key);
    const invoice = await invoicePath();
    for (const path of [new URL(links.body.paymentLinks[0].url).pathname, invoice.path]) {
      // bypassCSP lets axe's script in; the pages themselves are unchanged.
      const context = await browser.newContext({ bypassCSP: true, extraHTTPHeaders: { 'accept-language': 'pt-BR' } });
      const page = await context.newPage();
      await page.goto(`${origin}${path}`);
      if (path === invoice.path) {
        await page.getByTestId('method-pix').click();
        await expect.poll(() => page.getByTestId('pix-qr').isVisible()).toBe(true);
      }
      await page.addScriptTag({ path: axeSource });
      const result = await page.evaluate(() => (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe.run());
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, `${path}: ${JSON.stringify(serious)}`).toEqual([]);
      await context.close();
    }
  });
});
