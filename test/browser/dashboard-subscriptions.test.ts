// The dashboard's subscriptions pages in chromium (issue #32): the owner opens the list from the
// navigation, a subscription's page, previews a change of version (the proration shown), confirms
// it, and pauses. The pages fit 390 px and render under their CSP (a violation is a console
// error). Screenshots in test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/locale.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('dashboard subscriptions in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('previews a change of version, confirms it, and pauses', async () => {
    const { t } = session;
    const { key } = await createOwnedAccount(t, 'Loja da Ana', 'ana@assina.example');
    const customer = await createCustomer(t, key, { name: 'Carla Dias', email: 'carla@example.com' });
    const plan = await t.client.post('/products', key, { key: 'plano', name: 'Plano', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
    await t.client.post(`/products/${plan.body.product.id}/versions/${plan.body.version.id}/publish`, key);
    const pro = await t.client.post(`/products/${plan.body.product.id}/versions`, key, { basePrice: '58.00' });
    expect((await t.client.post(`/products/${plan.body.product.id}/versions/${pro.body.id}/publish`, key, { default: false })).status).toBe(200);
    const subscription = await t.client.post('/billing/subscriptions', key, { customerId: customer, productVersionId: plan.body.version.id });
    expect(subscription.status, subscription.raw).toBe(201);
    const id = subscription.body.id as string;

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page, 'ana@assina.example', 'uma senha comprida');
    await page.locator('#nav-subscriptions').click();
    await page.waitForURL(/\/dashboard\/subscriptions$/);
    await fits();
    await screenshot(page, 'dashboard-subscriptions-390.png');
    await page.locator(`#subscription-${id} a`).click();
    await page.waitForURL(new RegExp(`/dashboard/subscriptions/${id}$`));
    expect(await page.locator('#subscription-status').textContent()).toBe('ativa');
    await fits();

    await page.locator('#productVersionId').selectOption(pro.body.id);
    await page.locator('#action-preview').click();
    await page.waitForSelector('#preview');
    const previewed = await page.locator('#preview-subtotal').textContent();
    await fits();
    await screenshot(page, 'dashboard-subscription-preview-390.png');
    await page.locator('#action-confirm-change').click();
    await page.waitForURL(new RegExp(`/dashboard/subscriptions/${id}$`));
    expect(await page.locator('#subscription-product').textContent()).toBe('Plano · versão 2');
    // The confirm invoiced what the preview showed (the newest invoice of the subscription).
    const [proration] = (await t.client.get(`/billing/invoices?subscriptionId=${id}`, key)).body.invoices;
    expect(previewed).toBe(formatAmount(proration.subtotal, 'BRL', 'pt-BR'));

    await page.locator('#action-pause').click();
    await page.waitForURL(new RegExp(`/dashboard/subscriptions/${id}$`));
    expect(await page.locator('#subscription-status').textContent()).toBe('pausada');
    expect((await t.client.get(`/billing/subscriptions/${id}`, key)).body.status).toBe('paused');
    await fits();
    await screenshot(page, 'dashboard-subscription-paused-390.png');
    expect(errors).toEqual([]);
  });
});
