// A storefront in a real browser (Debian's chromium through playwright-core): the buyer adds
// products with their "add" buttons, sees the cart summary, picks shipping with Brazil's state
// select and the CEP mask, places the order and lands on the hosted invoice page with the shipping
// line (the order stored with that address); the seller's name, CNPJ and contact; the page in pt-BR and in English; a disabled shop answers its 404 page. Screenshots go to
// test-results/screenshots/ (gitignored). Without chromium this file skips, saying why.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, publishVersion } from '../factories/catalog.ts';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('storefront in chromium', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let browser: Browser;
  let origin: string;
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
    ({ t, browser, origin } = session);
    acme = await seedAccount(t.client, 'Padaria Pão Quente');
    const seller = await t.client.patch('/account/tenant', acme.key, { cnpj: '11.222.333/0001-81', supportEmail: 'contato@paoquente.example' });
    expect(seller.status, seller.raw).toBe(200);
  });
  afterAll(() => session?.close());

  async function shop(body: Record<string, unknown> = {}) {
    const ids: string[] = [];
    for (const [name, basePrice] of [['Pão de queijo', '12.50'], ['Bolo de fubá', '30.00']] as const) {
      const { product, version } = await createProduct(t.client, acme.key, { name, basePrice });
      await publishVersion(t.client, acme.key, product.id, version.id);
      ids.push(product.id);
    }
    const res = await t.client.post('/storefronts', acme.key, {
      name: 'Padaria Pão Quente',
      slug: `padaria-${randomUUID().slice(0, 8)}`,
      description: 'Pães e bolos da casa',
      theme: { preset: 'modern', accent: 'orange' },
      fulfillmentMode: 'both',
      shippingFlatAmount: '15.00',
      pickupNote: 'Retire no balcão das 8h às 18h.',
      productIds: ids,
      ...body,
    });
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: string; slug: string };
  }

  it('fills a cart with shipping, orders, and lands on the invoice page with the shipping line (pt-BR)', async () => {
    const s = await shop();
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 900, height: 1000 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      // The browser's own favicon request answers 404: not the page's doing.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(`${message.text()} ${message.location().url}`);
    });
    const response = await page.goto(`${origin}/shop/${s.slug}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.getByTestId('shop-name').innerText()).toBe('Padaria Pão Quente');
    const prices = (await page.getByTestId('price').allInnerTexts()).map((p) => p.replace(/\u00a0/g, ' '));
    expect(prices).toEqual(['R$ 12,50', 'R$ 30,00']);

    expect(await page.getByTestId('account-name').innerText()).toBe('Padaria Pão Quente');
    expect(await page.getByTestId('seller-cnpj').innerText()).toBe('11.222.333/0001-81');
    expect(await page.getByTestId('seller-contact').getAttribute('href')).toBe('mailto:contato@paoquente.example');
    expect(await page.getByTestId('cart-empty').isVisible()).toBe(true);

    // Five pães de queijo added, one taken back; one bolo.
    const add = page.getByTestId('add');
    for (let i = 0; i < 5; i++) await add.nth(0).click();
    await add.nth(1).click();
    await page.getByRole('button', { name: 'Tirar um: Pão de queijo' }).click();
    const cartLines = page.getByTestId('cart-line');
    await expect.poll(() => cartLines.count()).toBe(2);
    expect(await cartLines.locator('.name').allInnerTexts()).toEqual(['4 × Pão de queijo', '1 × Bolo de fubá']);
    // 4 x 12,50 = 50,00 and 1 x 30,00.
    expect((await cartLines.locator('.amount').allInnerTexts()).map((a) => a.replace(/\u00a0/g, ' '))).toEqual(['R$ 50,00', 'R$ 30,00']);
    expect(await page.getByTestId('cart-empty').isHidden()).toBe(true);
    await page.getByLabel('Receber em casa').check();
    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('E-mail').fill('ana@example.com');
    await page.getByLabel('Rua e número').fill('Rua das Flores, 10');
    await page.getByLabel('Cidade').fill('São Paulo');
    // The country is a select (Brazil first); Brazil's state a select of its 27 units; the CEP masked.
    expect(await page.getByLabel('País').inputValue()).toBe('BR');
    expect(await page.getByTestId('state-select').locator('option').count()).toBe(28);
    await page.getByLabel('Estado').selectOption('SP');
    await page.getByLabel('CEP').pressSequentially('01000000');
    expect(await page.getByLabel('CEP').inputValue()).toBe('01000-000');
    // 4 x 12,50 + 30,00 + 15,00 shipping, added in the browser without floats.
    await expect.poll(async () => (await page.getByTestId('total').innerText()).replace(/\u00a0/g, ' ')).toBe('R$ 95,00');
    await screenshot(page, 'storefront-cart-pt-BR.png');

    await page.getByTestId('submit').click();
    await page.waitForURL(/\/pay\/[^/]+\/invoices\/[0-9a-f-]+\?token=/);
    expect(await page.getByTestId('amount-due').innerText()).toMatch(/^R\$\s95,00$/);
    const rows = await page.getByTestId('lines').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t')[0]!.trim())).toEqual(['Pão de queijo', 'Bolo de fubá', 'Frete']);
    // The order the new cart placed: its items and the address as the selects and the mask gave it.
    const order = await t.database.db.selectFrom('storefront_orders').selectAll().where('invoice_id', '=', new URL(page.url()).pathname.split('/').pop()!).executeTakeFirstOrThrow();
    expect(order.items.map((item) => item.quantity)).toEqual([4, 1]);
    expect(order.address).toEqual({ line1: 'Rua das Flores, 10', city: 'São Paulo', state: 'SP', postalCode: '01000-000', country: 'BR' });
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    await screenshot(page, 'storefront-order-invoice.png');
    await context.close();
  });

  it('shows the page in English and the errors of a refused order', async () => {
    const s = await shop({ fulfillmentMode: 'pickup', shippingFlatAmount: null });
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${origin}/shop/${s.slug}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('price').first().innerText()).toBe('R$12.50');
    expect(await page.getByTestId('submit').innerText()).toBe('Continue to payment');
    // Pickup only: no address asked.
    expect(await page.locator('#address').isHidden()).toBe(true);
    // Nothing in the cart: told so, nothing posted.
    await page.getByTestId('submit').click();
    await expect.poll(() => page.locator('#errors').innerText()).toBe('Choose at least one product.');
    // A document that is not a CPF: the field error in the page's words, not the API's.
    await page.getByTestId('add').first().click();
    expect(await page.getByTestId('total').innerText()).toBe('R$12.50');
    await page.getByLabel('Name').fill('Ana Souza');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('CPF or CNPJ (optional)').fill('111.111.111-11');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.locator('#errors').innerText()).toContain('CPF or CNPJ: is not a valid CPF (check digits do not match)');
    await screenshot(page, 'storefront-refused-en.png');
    await context.close();
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    const s = await shop();
    // bypassCSP lets axe's script in; the page itself is unchanged.
    const context = await browser.newContext({ locale: 'pt-BR', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${origin}/shop/${s.slug}`);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const result = await (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe.run();
      return result.violations.map((v) => `${v.impact}: ${v.id}`);
    });
    expect(violations.filter((v) => v.startsWith('serious') || v.startsWith('critical'))).toEqual([]);
    await context.close();
  });

  it('answers the 404 page for a disabled shop', async () => {
    const s = await shop();
    expect((await t.client.patch(`/storefronts/${s.id}`, acme.key, { status: 'disabled' })).status).toBe(200);
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    const response = await page.goto(`${origin}/shop/${s.slug}`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Loja não encontrada');
    expect(await page.content()).not.toContain('Pão de queijo');
    await screenshot(page, 'storefront-disabled.png', false);
    await context.close();
  });
});
