// The seller's journey the dashboard issue (#32) names, in one story in chromium: a new seller's
// owner signs in, creates a product, publishes it and makes a payment link; a buyer pays the link by
// Pix in sandbox; the owner sees the payment on the home page, refunds part of it and sees the
// refund's credit note and the ledger lines; creates an API key and revokes it (the key then
// answers 401); and a support member cannot change the settings (no form, and the form posted
// anyway answers 403, nothing changed). Every page under its CSP. Screenshots under
// test-results/screenshots/dashboard-journey-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/locale.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount, addSupportMember, payLinkByPix } from './chromium.ts';

const brl = (amount: string) => formatAmount(amount, 'BRL', 'pt-BR');

describe.skipIf(!chromiumAvailable)("a seller's journey through the dashboard in chromium", () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('sells through a link, refunds part of it, revokes a key; support cannot change settings', async () => {
    const { t, origin } = session;
    const { key: accountKey } = await createOwnedAccount(t, 'Empório da Ana', 'ana@emporio.example');

    // The owner signs in and creates a product at 80.00, publishes v1 and links it.
    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(page, 'ana@emporio.example', 'uma senha comprida');
    await page.locator('#nav-catalog').click();
    await page.waitForURL(/\/dashboard\/catalog$/);
    await page.getByLabel('Nome').fill('Cesta de queijos');
    await page.getByLabel('Chave').fill('cesta-queijos');
    await page.getByLabel('Preço base').fill('80,00');
    await Promise.all([page.waitForURL(/\/dashboard\/catalog\/products\/[0-9a-f-]+$/), page.locator('#create-product').click()]);
    const v1 = page.locator('#versions li').first();
    await Promise.all([page.waitForLoadState('load'), v1.getByRole('button', { name: 'Publicar como padrão' }).click()]);
    await expect.poll(() => page.locator('#versions li').first().locator('.version-status').textContent()).toBe('publicada (padrão)');
    await page.locator('#link-version').selectOption({ label: 'v1 (padrão)' });
    await Promise.all([page.waitForURL(/#link-[0-9a-f-]+$/), page.locator('#create-link').click()]);
    const linkId = new URL(page.url()).hash.slice('#link-'.length);
    const url = await page.locator(`#url-${linkId}`).inputValue();
    await screenshot(page, 'dashboard-journey-product.png');

    // A buyer pays the link by Pix; the sandbox page confirms the payment.
    const buyer = await openPage(session, new URL(url).pathname, 'pt-BR');
    await payLinkByPix(buyer.page, origin, 'bruno.jornada@example.com');
    expect(buyer.errors).toEqual([]);
    await buyer.page.context().close();

    // Home: one Pix payment of 80.00 in the last 30 days.
    await page.locator('#nav-home').click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.locator('#bar-pix-BRL text').textContent()).toBe(`Pix · 1 pagamento · ${brl('80.00')}`);
    await screenshot(page, 'dashboard-journey-home.png');

    // The payment's page: refund 30.00 of 80.00, leaving 50.00 to refund.
    const [payment] = (await t.client.get('/billing/payments?limit=1', accountKey)).body.payments as Array<{ id: string }>;
    await page.locator('#nav-payments').click();
    await page.waitForURL(/\/dashboard\/payments$/);
    await page.locator(`#payment-${payment!.id} a`).click();
    await page.waitForURL(new RegExp(`/dashboard/payments/${payment!.id}$`));
    await page.locator('#refund-amount').fill('30,00');
    await page.locator('#refund-reason').fill('Um queijo chegou partido');
    await page.locator('#refund').click();
    await page.waitForURL(new RegExp(`/dashboard/payments/${payment!.id}$`));
    expect(await page.locator('#payment-refunded').textContent()).toBe(brl('30.00'));
    expect(await page.locator('#payment-credit-notes li').textContent()).toContain(brl('30.00'));
    // The ledger: confirmed (clearing +80.00 / receivable -80.00) and refunded (the customer's
    // credit +30.00 / clearing -30.00); the credit note's own lines name credit_notes.
    const ledger = await page.locator('#payment-ledger').textContent();
    expect(ledger).toContain('payment.refunded');
    expect(ledger).toContain(brl('80.00'));
    expect(ledger).toContain(brl('30.00'));
    expect(await page.locator('table[id^="credit-note-ledger-"]').textContent()).toContain('credit_notes');
    await screenshot(page, 'dashboard-journey-refund.png');

    // A key made for a report, then revoked: it answers 401 afterwards.
    await page.locator('#nav-developers').click();
    await page.waitForURL(/\/dashboard\/developers$/);
    await page.locator('#key-name').fill('relatório');
    await page.locator('#scope-customers-read').check();
    await page.locator('#create-key').click();
    await page.waitForURL(/\/dashboard\/developers\/keys$/);
    const key = (await page.locator('#secret').textContent())!;
    expect((await t.client.get('/customers', key)).status).toBe(200);
    await page.locator('#back').click();
    await page.waitForURL(/\/dashboard\/developers$/);
    await page.locator('#keys li', { hasText: 'relatório' }).locator('button.revoke').click();
    await page.waitForURL(/\/dashboard\/developers$/);
    expect((await t.client.get('/customers', key)).status).toBe(401);
    expect(errors).toEqual([]);

    // A support member: the Rail settings page shows no form, and the form posted anyway is refused.
    await addSupportMember(t, 'ana@emporio.example', 'bia@emporio.example', 'a senha da bia');
    const support = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(support.page, 'bia@emporio.example', 'a senha da bia');
    const railBefore = await t.client.get('/rail/settings', accountKey);
    await support.page.goto(`${origin}/dashboard/developers/rail`);
    expect(await support.page.locator('#rail-settings-form').count()).toBe(0);
    await support.page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/dashboard/developers/rail/settings';
      const fields = [['csrf', document.querySelector<HTMLInputElement>('input[name="csrf"]')!.value], ['idempotencyKey', crypto.randomUUID()], ['network', 'eip155:8453'], ['asset', '0x0000000000000000000000000000000000000001']];
      for (const [name, value] of fields) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name!;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    });
    await support.page.waitForURL(/\/dashboard\/developers\/rail\/settings$/);
    await screenshot(support.page, 'dashboard-journey-support-403.png');
    expect(support.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    // Nothing changed: the Rail is still not configured (409 rail_not_configured, before and after).
    const railAfter = await t.client.get('/rail/settings', accountKey);
    expect([railBefore.status, railBefore.body.error_code]).toEqual([409, 'rail_not_configured']);
    expect([railAfter.status, railAfter.body.error_code]).toEqual([409, 'rail_not_configured']);
  });
});
