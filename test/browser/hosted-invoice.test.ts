// The hosted invoice page in a real browser: Debian's chromium, driven by playwright-core, opens the
// page of a finalized invoice served by the real app on a random port, reads what a payer sees (in
// English and in pt-BR), and
// saves a screenshot under test-results/screenshots/ (gitignored) for a person to look at.
// CI installs chromium (.ci/run); without it this file skips, saying why.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('hosted invoice page in chromium', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let browser: Browser;
  let origin: string;
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
    ({ t, browser, origin } = session);
    acme = await seedAccount(t.client, 'Acme');
  });
  afterAll(() => session?.close());

  async function finalizedInvoice() {
    expect((await t.client.patch('/account/tenant', acme.key, { name: 'Padaria Pão Quente', supportEmail: 'contato@paoquente.example' })).status).toBe(200);
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana Souza', email: 'ana@example.com' });
    expect(customer.status, customer.raw).toBe(201);
    const draft = await t.client.post('/billing/invoices', acme.key, {
      customerId: customer.body.id,
      currency: 'BRL',
      lineItems: [
        { description: 'Assinatura anual', quantity: '1', unitPrice: '1234.50' },
        { description: 'Pães extras', quantity: '12', unitPrice: '0.75' },
      ],
    });
    expect(draft.status, draft.raw).toBe(201);
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
    expect(open.status, open.raw).toBe(200);
    return open.body as { invoiceUrl: string; invoiceNumber: string };
  }

  it('in English (Accept-Language): the amount, lines, status, seller name and support email; the CSP blocks nothing', async () => {
    const invoice = await finalizedInvoice();
    const link = new URL(invoice.invoiceUrl);
    const page = await browser.newPage({ viewport: { width: 900, height: 900 }, locale: 'en-US', extraHTTPHeaders: { 'accept-language': 'en-US,en;q=0.9' } });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto(`${origin}${link.pathname}${link.search}`);
    expect(response?.status()).toBe(200);

    await expect.poll(() => page.title()).toBe(`Invoice ${invoice.invoiceNumber} from Padaria Pão Quente`);
    expect(await page.getByTestId('account-name').innerText()).toBe('Padaria Pão Quente');
    expect(await page.getByTestId('status').innerText()).toMatch(/^open$/i);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByTestId('amount-due').innerText()).toBe('R$1,243.50');
    expect(await page.getByTestId('total').innerText()).toBe('R$1,243.50');
    const rows = await page.getByTestId('lines').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['Assinatura anual', '1', 'R$1,234.50', 'R$1,234.50'],
      ['Pães extras', '12', 'R$0.75', 'R$9.00'],
    ]);
    const support = page.getByTestId('support-email');
    expect(await support.innerText()).toBe('contato@paoquente.example');
    expect(await support.getAttribute('href')).toBe('mailto:contato@paoquente.example');
    expect(await page.getByTestId('invoice-number').isVisible()).toBe(true);
    // The stylesheet is allowed by its hash: the CSP blocked nothing, and the page is styled.
    expect(consoleErrors).toEqual([]);
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(255, 255, 255)');

    await screenshot(page, 'hosted-invoice-en.png');
    await page.close();
  });

  it('in Portuguese (pt-BR) by default: lang, labels and amounts formatted for Brazil', async () => {
    const invoice = await finalizedInvoice();
    const link = new URL(invoice.invoiceUrl);
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    await page.setExtraHTTPHeaders({ 'accept-language': 'pt-BR,pt;q=0.9' });
    expect((await page.goto(`${origin}${link.pathname}${link.search}`))?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await page.title()).toBe(`Fatura ${invoice.invoiceNumber} de Padaria Pão Quente`);
    expect(await page.getByTestId('status').innerText()).toMatch(/^em aberto$/i);
    expect(await page.getByTestId('amount-due').innerText()).toMatch(/^R\$\s1\.243,50$/);
    expect(await page.getByTestId('method-pix').innerText()).toBe('Pix');
    await screenshot(page, 'hosted-invoice-pt-BR.png');
    await page.close();
  });

  it('shows the not-found page for a wrong token', async () => {
    const invoice = await finalizedInvoice();
    const link = new URL(invoice.invoiceUrl);
    const page = await browser.newPage({ extraHTTPHeaders: { 'accept-language': 'pt-BR' } });
    const response = await page.goto(`${origin}${link.pathname}?token=wrong`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Fatura não encontrada');
    expect(await page.content()).not.toContain('Padaria');
    await screenshot(page, 'hosted-invoice-not-found.png', false);
    await page.close();
  });
});
