// The dashboard's storefronts in chromium (issue #32), with the page CSP enforced: an owner creates
// a storefront, picks the product and a theme, uploads a PNG logo from a file input (multipart,
// no script), sees the logo on the settings page and the shop, as buyers will see it, in the
// preview frame, while the shop is still disabled and its public page answers 404. At 390 px
// nothing overflows sideways. Screenshots under test-results/screenshots/.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, publishVersion } from '../factories/catalog.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount } from './chromium.ts';

/** A 48 x 48 PNG, a green square. */
function logoPng(): Buffer {
  const image = new PNG({ width: 48, height: 48 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([22, 130, 70, 255], i);
  return PNG.sync.write(image);
}

describe.skipIf(!chromiumAvailable)('dashboard storefronts in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest({ ownOrigin: true });
  });
  afterAll(() => session?.close());

  it('creates a shop, uploads its logo and previews it before opening it', async () => {
    const { t, origin } = session;
    const { key } = await createOwnedAccount(t, 'Doceria da Ana', 'ana@doceria.example');
    const { product, version } = await createProduct(t.client, key, { name: 'Bolo de fubá', basePrice: '24.90' });
    await publishVersion(t.client, key, product.id, version.id);

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(page, 'ana@doceria.example', 'uma senha comprida');
    await page.locator('#nav-storefronts').click();
    await page.waitForURL(/\/dashboard\/storefronts$/);
    await page.locator('#new-storefront input[name="name"]').fill('Doceria');
    await page.locator('#new-storefront input[name="slug"]').fill('doceria-da-ana');
    await Promise.all([page.waitForURL(/\/dashboard\/storefronts\/[0-9a-f-]+$/), page.locator('#new-storefront button[type="submit"]').click()]);
    const storefrontId = page.url().split('/').at(-1)!;

    // Not open yet: disabled, with the cake, a bold green theme.
    await page.locator('#sf-status').selectOption('disabled');
    await page.locator('#sf-preset').selectOption('bold');
    await page.locator('#sf-accent').selectOption('green');
    await page.locator(`#product-${product.id}`).check();
    await Promise.all([page.waitForLoadState('load'), page.locator('#save').click()]);
    expect((await fetch(`${origin}/shop/doceria-da-ana`)).status).toBe(404);

    await page.locator('#logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await Promise.all([page.waitForLoadState('load'), page.locator('#send-logo').click()]);
    await expect.poll(() => page.locator('#logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    const saved = (await t.client.get(`/storefronts/${storefrontId}`, key)).body;
    expect(saved).toMatchObject({ status: 'disabled', theme: { preset: 'bold', accent: 'green' }, productIds: [product.id], logoObjectKey: expect.any(String) });

    // The preview frame: the shop as buyers will see it, logo, product and price, nothing to order.
    const preview = page.frameLocator('#preview-frame');
    await expect.poll(() => preview.getByTestId('shop-name').textContent()).toBe('Doceria');
    expect(await preview.getByTestId('preview').isVisible()).toBe(true);
    expect(await preview.getByTestId('price').innerText()).toMatch(/^R\$\s24,90$/);
    expect(await preview.getByTestId('submit').isDisabled()).toBe(true);
    await expect.poll(() => preview.locator('header img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await page.locator('#preview-frame').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-storefront.png');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-storefront-390.png');
    expect(errors).toEqual([]);
  });
});
