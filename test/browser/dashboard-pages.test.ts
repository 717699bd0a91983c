// The dashboard's business pages in chromium (issue #32, second slice): a seller's owner signs in,
// sees the home figures (revenue, the payments chart, what needs attention), searches a customer
// through the nav and opens its page; at 390 px nothing overflows sideways, and the pages render
// under their CSP (a violation is a console error). Screenshots under test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/locale.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { charge, openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('dashboard pages in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('signs in, sees the home figures and a customer page, and fits 390 px', async () => {
    const { t } = session;
    const { key } = await createOwnedAccount(t, 'Loja da Ana', 'ana@loja.example');
    const customer = await createCustomer(t, key, { name: 'Carla Dias', email: 'carla.dias.com.um.email.bem.comprido@example.com', document: '529.982.247-25' });
    // Paid now by Pix: 49.90 and 100.00 (this month: 149.90); by boleto 100.00; one 25.00 left open.
    for (const [amount, method] of [['49.90', 'pix'], ['100.00', 'pix'], ['100.00', 'boleto']] as const) {
      const invoice = await openInvoice(t, key, customer, { lineItems: [{ description: 'Pedido', quantity: '1', unitPrice: amount }] });
      const payment = await charge(t, key, invoice.id, { method });
      expect((await t.client.post(`/test/payments/${payment.id}/confirm`, key)).status).toBe(200);
    }
    await openInvoice(t, key, customer, { lineItems: [{ description: 'Pedido', quantity: '1', unitPrice: '25.00' }] });

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(page, 'ana@loja.example', 'uma senha comprida');
    // This month: 49.90 + 100.00 + 100.00 = 249.90 (every invoice was paid today).
    expect(await page.locator('#revenue-this-month').textContent()).toBe(formatAmount('249.90', 'BRL', 'pt-BR'));
    expect(await page.locator('#payments-chart rect').count()).toBe(2);
    expect(await page.locator('#bar-pix-BRL text').textContent()).toBe(`Pix · 2 pagamentos · ${formatAmount('149.90', 'BRL', 'pt-BR')}`);
    expect(await page.locator('#open-invoices li').count()).toBe(1);
    await screenshot(page, 'dashboard-pages-home.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-pages-home-390.png');

    await page.locator('#nav-customers').click();
    await page.waitForURL(/\/dashboard\/customers$/);
    await page.locator('#q').fill('982.247');
    await page.locator('#search').click();
    await page.waitForURL(/q=982\.247/);
    expect(await page.locator('#customers li').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-pages-customers-390.png');
    await page.locator(`#customer-${customer} a`).click();
    await page.waitForURL(new RegExp(`/dashboard/customers/${customer}$`));
    expect(await page.locator('#customer-name').textContent()).toBe('Carla Dias');
    expect(await page.locator('#customer-invoices li').count()).toBe(4);
    expect(await page.locator('#customer-payments li').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-pages-customer-390.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'dashboard-pages-customer.png');
    expect(errors).toEqual([]);
  });
});
