// The dashboard's catalog in chromium (issue #32): an owner signs in, creates a product, a draft
// version with a new price, publishes it and creates a payment link; a buyer opens the link's URL
// shown on the page, pays it by Pix in sandbox (the sandbox confirmation page's button), and the
// owner sees the payment on the dashboard home. The pages fit 390 px and render under their CSP
// (a violation is a console error). Screenshots under test-results/screenshots/dashboard-catalog-*.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/locale.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount, payLinkByPix } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('dashboard catalog in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('creates, prices and publishes a product, links it, and the payment of the link reaches the home page', async () => {
    const { t, origin } = session;
    const { key } = await createOwnedAccount(t, 'Padaria da Ana', 'ana@padaria.example');

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(page, 'ana@padaria.example', 'uma senha comprida');

    await page.locator('#nav-catalog').click();
    await page.waitForURL(/\/dashboard\/catalog$/);
    await page.getByLabel('Nome').fill('Cesta de café da manhã');
    await page.getByLabel('Chave').fill('cesta-cafe');
    await page.getByLabel('Preço base').fill('89,90');
    await screenshot(page, 'dashboard-catalog-new-product.png');
    await Promise.all([page.waitForURL(/\/dashboard\/catalog\/products\/[0-9a-f-]+$/), page.locator('#create-product').click()]);
    expect(await page.locator('#product-name').textContent()).toBe('Cesta de café da manhã');
    // v1 is a draft at 89.90 (typed "89,90").
    expect(await page.locator('#versions li .version-price').first().textContent()).toBe(formatAmount('89.90', 'BRL', 'pt-BR'));

    // A new draft at 99.90, published as the default.
    await page.locator('#version-price').fill('99,90');
    await Promise.all([page.waitForLoadState('load'), page.locator('#create-version').click()]);
    await expect.poll(() => page.locator('#versions li').count()).toBe(2);
    const v2 = page.locator('#versions li').first();
    expect(await v2.locator('strong').first().textContent()).toBe('v2');
    expect(await v2.locator('.version-price').textContent()).toBe(formatAmount('99.90', 'BRL', 'pt-BR'));
    await Promise.all([page.waitForLoadState('load'), v2.getByRole('button', { name: 'Publicar como padrão' }).click()]);
    await expect.poll(() => page.locator('#versions li').first().locator('.version-status').textContent()).toBe('publicada (padrão)');

    // Publishing the first default made the product's first link; this one is the form's.
    await page.locator('#link-version').selectOption({ label: 'v2 (padrão)' });
    await Promise.all([page.waitForURL(/#link-[0-9a-f-]+$/), page.locator('#create-link').click()]);
    const linkId = new URL(page.url()).hash.slice('#link-'.length);
    const url = await page.locator(`#url-${linkId}`).inputValue();
    expect(url).toMatch(new RegExp(`/pay/[^/]+/${linkId}$`));
    expect(await page.locator('#links li').count()).toBe(2);
    await screenshot(page, 'dashboard-catalog-product.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-catalog-product-390.png');
    for (const path of ['/dashboard/catalog', '/dashboard/catalog/meters', '/dashboard/catalog/coupons', '/dashboard/catalog/payment-links']) {
      await page.goto(`${origin}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await screenshot(page, 'dashboard-catalog-links-390.png');
    await page.setViewportSize({ width: 900, height: 1100 });

    // The buyer opens the URL the page showed and pays by Pix; the sandbox page confirms it.
    const buyer = await openPage(session, new URL(url).pathname, 'pt-BR');
    expect(await buyer.page.getByTestId('price').innerText()).toMatch(/^R\$\s99,90$/);
    const sandbox = await payLinkByPix(buyer.page, origin, 'bruno.catalogo@example.com');
    await screenshot(sandbox, 'dashboard-catalog-buyer-paid.png');
    expect(buyer.errors).toEqual([]);
    await buyer.page.context().close();

    // The owner's home: one Pix payment of 99.90 (1 × v2's 99.90) in the last 30 days.
    await page.locator('#nav-home').click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.locator('#bar-pix-BRL text').textContent()).toBe(`Pix · 1 pagamento · ${formatAmount('99.90', 'BRL', 'pt-BR')}`);
    await screenshot(page, 'dashboard-catalog-home.png');
    const payments = (await t.client.get('/billing/invoices?limit=10', key)).body.invoices as Array<{ status: string; total: string }>;
    expect(payments).toMatchObject([{ status: 'paid', total: '99.90' }]);
    expect(errors).toEqual([]);
  });
});
