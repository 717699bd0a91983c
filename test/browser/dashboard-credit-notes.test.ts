// The invoice page's credit note forms in chromium (issue #32): the owner credits one line of a paid
// invoice by quantity from the per-line form, picking the outcome by its words, and sees the credit
// note with its line and ledger lines; the page fits 390 px and renders under its CSP (a violation
// is a console error). Screenshots in test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/locale.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { paidPayment } from '../../src/modules/payments/test-fixtures.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount } from './chromium.ts';

const brl = (amount: string) => formatAmount(amount, 'BRL', 'pt-BR');

describe.skipIf(!chromiumAvailable)('credit notes from the invoice page in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('credits a line of a paid invoice by quantity to the customer balance, at 390 px', async () => {
    const { t } = session;
    const { key } = await createOwnedAccount(t, 'Loja da Ana', 'ana@loja.example');
    const customer = await createCustomer(t, key, { name: 'Carla Dias', email: 'carla@example.com' });
    // 2 x 60.00 + 1 x 15.00 = 135.00, paid by Pix.
    const lines = [{ description: 'Pedido', quantity: '2', unitPrice: '60.00' }, { description: 'Frete', quantity: '1', unitPrice: '15.00' }];
    const { invoice } = await paidPayment(t, key, customer, { lineItems: lines });

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'ana@loja.example', 'uma senha comprida');
    await page.goto(`${session.origin}/dashboard/invoices/${invoice.id}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('#credit-note-lines-form').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-credit-note-form-390.png');

    // One of the 2 units of "Pedido": 1 x 60.00 = 60.00, credited to Carla's balance.
    await page.getByLabel('Quantidade').first().fill('1');
    await page.locator('#credit-lines-reason').fill('Um item voltou');
    await page.locator('#lines-outcome-credit').check();
    await page.locator('#issue-credit-note-lines').click();
    await page.waitForURL(new RegExp(`/dashboard/invoices/${invoice.id}$`));
    expect(await page.locator('#invoice-credited').textContent()).toBe(brl('60.00'));
    expect(await page.locator('#invoice-credit-notes li[id^="credit-note-"]').count()).toBe(1);
    expect(await page.locator('#invoice-credit-notes').textContent()).toContain(`Pedido: ${brl('60.00')}`);
    expect(await page.locator('table.ledger').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-credit-note-done-390.png');
    // Read back through the API: Carla's balance 0.00 + 60.00 = 60.00.
    expect((await t.client.get(`/customers/${customer}`, key)).body.balances).toEqual([{ currency: 'BRL', amount: '60.00' }]);
    expect(errors).toEqual([]);
  });
});
