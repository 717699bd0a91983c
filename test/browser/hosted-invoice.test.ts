// The hosted invoice page in a real browser: Debian's chromium, driven by playwright-core, opens the
// page of a finalized invoice served by the real app on a random port, reads what a payer sees, and
// saves a screenshot under test/browser/screenshots/ (gitignored) for a person to look at.
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

  it('shows the amount, lines, status, seller name and support email, and no script runs', async () => {
    const invoice = await finalizedInvoice();
    const link = new URL(invoice.invoiceUrl);
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto(`${origin}${link.pathname}${link.search}`);
    expect(response?.status()).toBe(200);

    await expect.poll(() => page.title()).toBe(`Invoice ${invoice.invoiceNumber} from Padaria Pão Quente`);
    expect(await page.getByTestId('account-name').innerText()).toBe('Padaria Pão Quente');
    expect(await page.getByTestId('status').innerText()).toMatch(/^open$/i);
    expect(await page.getByTestId('amount-due').innerText()).toBe('BRL 1,243.50');
    expect(await page.getByTestId('total').innerText()).toBe('BRL 1,243.50');
    const rows = await page.getByTestId('lines').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['Assinatura anual', '1', 'BRL 1,234.50', 'BRL 1,234.50'],
      ['Pães extras', '12', 'BRL 0.75', 'BRL 9.00'],
    ]);
    const support = page.getByTestId('support-email');
    expect(await support.innerText()).toBe('contato@paoquente.example');
    expect(await support.getAttribute('href')).toBe('mailto:contato@paoquente.example');
    expect(await page.getByTestId('invoice-number').isVisible()).toBe(true);
    // The stylesheet is allowed by its hash: the CSP blocked nothing, and the page is styled.
    expect(consoleErrors).toEqual([]);
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(255, 255, 255)');

    await screenshot(page, 'hosted-invoice.png');
    await page.close();
  });

  it('shows the not-found page for a wrong token', async () => {
    const invoice = await finalizedInvoice();
    const link = new URL(invoice.invoiceUrl);
    const page = await browser.newPage();
    const response = await page.goto(`${origin}${link.pathname}?token=wrong`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Invoice not found');
    expect(await page.content()).not.toContain('Padaria');
    await screenshot(page, 'hosted-invoice-not-found.png', false);
    await page.close();
  });
});
