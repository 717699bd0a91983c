// The dashboard's invoices and payments pages in chromium (issue #32): a seller's owner signs in,
// a sandbox invoice paid (through the API with the sandbox key, confirmed by the test helper)
// shows on the home page and the payments page; the owner refunds part of it from the payment's
// page and sees the refund, the credit note it made and the ledger lines. The pages fit 390 px
// and render under their CSP (a violation is a console error). Screenshots in test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/locale.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { charge, openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount } from './chromium.ts';

const brl = (amount: string) => formatAmount(amount, 'BRL', 'pt-BR');

describe.skipIf(!chromiumAvailable)('dashboard invoices and payments in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('sees a paid invoice on home and payments, refunds part of it, sees the refund, credit note and ledger', async () => {
    const { t } = session;
    const { key } = await createOwnedAccount(t, 'Loja da Ana', 'ana@loja.example');
    const customer = await createCustomer(t, key, { name: 'Carla Dias', email: 'carla@example.com' });
    // One invoice: 2 x 60.00 = 120.00, paid by Pix.
    const invoice = await openInvoice(t, key, customer, { lineItems: [{ description: 'Pedido', quantity: '2', unitPrice: '60.00' }] });
    const payment = await charge(t, key, invoice.id, { method: 'pix' });
    expect((await t.client.post(`/test/payments/${payment.id}/confirm`, key)).status).toBe(200);

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page, 'ana@loja.example', 'uma senha comprida');
    // Revenue this month: the one paid invoice, 120.00.
    expect(await page.locator('#revenue-this-month').textContent()).toBe(brl('120.00'));
    await screenshot(page, 'dashboard-money-home-390.png');

    await page.locator('#nav-payments').click();
    await page.waitForURL(/\/dashboard\/payments$/);
    expect(await page.locator(`#payment-${payment.id}`).textContent()).toContain(brl('120.00'));
    await fits();
    await screenshot(page, 'dashboard-money-payments-390.png');
    await page.locator(`#payment-${payment.id} a`).click();
    await page.waitForURL(new RegExp(`/dashboard/payments/${payment.id}$`));
    expect(await page.locator('#payment-status').textContent()).toBe('confirmado');

    // Refund 45.50 of 120.00: 120.00 - 45.50 = 74.50 is left to refund.
    await page.locator('#refund-amount').fill('45,50');
    await page.locator('#refund-reason').fill('Um item voltou');
    await page.locator('#refund').click();
    await page.waitForURL(new RegExp(`/dashboard/payments/${payment.id}$`));
    expect(await page.locator('#payment-refunded').textContent()).toBe(brl('45.50'));
    expect(await page.locator('#payment-refunds li').count()).toBe(1);
    expect(await page.locator('#payment-refunds li').textContent()).toContain(brl('45.50'));
    expect(await page.locator('#payment-credit-notes li').textContent()).toContain(brl('45.50'));
    // The payment's ledger: confirmed (clearing +120.00 / receivable -120.00) and refunded (the
    // customer's credit +45.50 / clearing -45.50): 2 transactions, 4 lines.
    expect(await page.locator('#payment-ledger tr[id^="ledger-"]').count()).toBe(2);
    const ledger = await page.locator('#payment-ledger').textContent();
    expect(ledger).toContain('payment.refunded');
    expect(ledger).toContain(brl('45.50'));
    expect(ledger).toContain(brl('120.00'));
    // The credit note's: credit_notes +45.50 / the customer's credit -45.50.
    expect(await page.locator('table[id^="credit-note-ledger-"]').textContent()).toContain('credit_notes');
    await fits();
    await screenshot(page, 'dashboard-money-payment-390.png');

    await page.locator('#payment-invoice').click();
    await page.waitForURL(new RegExp(`/dashboard/invoices/${invoice.id}$`));
    // The invoice: total 120.00, credited 45.50, nothing due.
    expect(await page.locator('#invoice-total').textContent()).toBe(brl('120.00'));
    expect(await page.locator('#invoice-credited').textContent()).toBe(brl('45.50'));
    expect(await page.locator('#hosted-link').inputValue()).toBe(invoice.invoiceUrl);
    await fits();
    await screenshot(page, 'dashboard-money-invoice-390.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'dashboard-money-invoice.png');
    expect(errors).toEqual([]);
  });
});
