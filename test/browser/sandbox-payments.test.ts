// The payer's sandbox pages in a real browser (Debian's chromium through playwright-core): the
// confirmation page of a Pix charge, whose button confirms it and pays the invoice, and the
// printable boleto page with its barcode image. Screenshots go to test-results/screenshots/
// (gitignored) for a person to look at. Without chromium this file skips, saying why.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('sandbox payment pages in chromium', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let browser: Browser;
  let origin: string;
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
    ({ t, browser, origin } = session);
    acme = await seedAccount(t.client, 'Padaria Pão Quente');
  });
  afterAll(() => session?.close());

  /** An open invoice of 1,243.50 BRL charged by `method`. */
  async function charge(method: string) {
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana Souza', email: 'ana@example.com' });
    const draft = await t.client.post('/billing/invoices', acme.key, {
      customerId: customer.body.id,
      currency: 'BRL',
      dueDate: '2030-12-10T12:00:00.000Z',
      lineItems: [{ description: 'Assinatura anual', quantity: '1', unitPrice: '1243.50' }],
    });
    expect((await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key)).status).toBe(200);
    const res = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, acme.key, { method });
    expect(res.status, res.raw).toBe(201);
    return res.body;
  }

  /** The page at a link the service handed out, on this test's origin. */
  async function open(link: string, locale = 'pt-BR'): Promise<{ page: Page; consoleErrors: string[]; status: number | undefined }> {
    const url = new URL(link);
    const page = await browser.newPage({ viewport: { width: 900, height: 800 }, locale, extraHTTPHeaders: { 'accept-language': locale } });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto(`${origin}${url.pathname}${url.search}`);
    return { page, consoleErrors, status: response?.status() };
  }

  it('confirms a Pix charge with the button of its sandbox page, and the invoice is paid', async () => {
    const pix = await charge('pix');
    const { page, consoleErrors, status } = await open(pix.sandboxConfirmUrl);
    expect(status).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Confirme este pagamento de teste');
    expect(spaced(await page.locator('.amount').innerText())).toBe('R$ 1.243,50');
    await screenshot(page, 'sandbox-confirm.png');
    await page.getByRole('button', { name: 'Confirmar o pagamento' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Pagamento confirmado');
    expect(await page.locator('#status').innerText()).toBe('Confirmada');
    expect(consoleErrors).toEqual([]); // the CSP allowed the form post and the styles, nothing else ran
    await screenshot(page, 'sandbox-confirmed.png');
    await page.close();
    const invoice = await t.client.get(`/billing/invoices/${pix.invoiceId}`, acme.key);
    expect(invoice.body).toMatchObject({ status: 'paid', amountDue: '0.00' });
  });

  it('shows the printable boleto with its grouped line and the barcode image', async () => {
    const boleto = await charge('boleto');
    const { page, consoleErrors, status } = await open(boleto.boletoUrl);
    expect(status).toBe(200);
    const line = await page.locator('#line').innerText();
    expect(line.replace(/\D/g, '')).toBe(boleto.boletoLine);
    expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(spaced(await page.locator('#amount').innerText())).toBe('R$ 1.243,50');
    expect(await page.locator('#due-date').innerText()).toBe('10/12/2030');
    // The barcode is a data: image the CSP allows: it loaded and has a width.
    expect(await page.locator('img.barcode').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 200)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await screenshot(page, 'boleto.png');
    await page.close();
  });
});

/** Intl puts a no-break space between R$ and the number. */
function spaced(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}
