// Every page a buyer opens fits a phone (issue 31, item 4): at 320, 390 and 768 px wide nothing
// sticks out sideways (the document is no wider than the viewport) on the hosted invoice page, its
// pay panel for each method (Pix, boleto, card, USDC), the printable boleto, the sandbox
// confirmation page, the payment link's checkout, the shop, the invoice its order opens and the
// receipt once paid. The receipt prints (or saves as PDF) without the page's buttons (emulated print
// media). A failure names the elements that stick out. Screenshots go to test-results/screenshots/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, publishVersion } from '../factories/catalog.ts';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

const WIDTHS = [320, 390, 768];

/** The document is no wider than each viewport; on failure, the elements whose right edge passes it. */
async function assertFits(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const measure = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      const outside = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > limit + 0.5 && e.getClientRects().length > 0)
        .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : ''} (${Math.round(e.getBoundingClientRect().right)}px)`);
      return { scrollWidth: document.documentElement.scrollWidth, limit, outside: outside.slice(0, 8) };
    });
    expect(measure.scrollWidth, `${name} at ${width}px is ${measure.scrollWidth}px wide: ${measure.outside.join(', ')}`).toBeLessThanOrEqual(measure.limit);
    await screenshot(page, `mobile-${name}-${width}.png`);
  }
}

describe.skipIf(!chromiumAvailable)('buyer pages on a phone in chromium', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
    t = session.t;
    acme = await seedAccount(t.client, 'Acme');
    const seller = await t.client.patch('/account/tenant', acme.key, {
      name: 'Padaria e Confeitaria Pão Quente da Vila Madalena',
      supportEmail: 'atendimento.ao.cliente@padariapaoquentedavilamadalena.example',
      cnpj: '11.222.333/0001-81',
    });
    expect(seller.status, seller.raw).toBe(200);
  });
  afterAll(() => session?.close());

  /** An open invoice with long descriptions and large amounts: the widest table a buyer meets. */
  async function invoicePath(): Promise<string> {
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana Souza', email: `ana.${Date.now()}@example.com`, document: '529.982.247-25' });
    expect(customer.status, customer.raw).toBe(201);
    const draft = await t.client.post('/billing/invoices', acme.key, {
      customerId: customer.body.id,
      currency: 'BRL',
      lineItems: [
        { description: 'Assinatura anual do plano profissional com suporte prioritário', quantity: '12', unitPrice: '123456.78' },
        { description: 'Pães extras', quantity: '1500', unitPrice: '0.0015' },
      ],
    });
    expect(draft.status, draft.raw).toBe(201);
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    return url.pathname + url.search;
  }

  it('the hosted invoice page and its pay panel for each method, the boleto and the sandbox confirmation page', async () => {
    const { page, errors } = await openPage(session, await invoicePath(), 'pt-BR');
    expect(await page.getByTestId('seller-cnpj').innerText()).toBe('11.222.333/0001-81');
    await assertFits(page, 'invoice');
    const shown: Record<string, string> = { pix: 'pix-qr', boleto: 'boleto-line', card: 'card-name', crypto: 'crypto-amount' };
    for (const method of ['pix', 'boleto', 'card', 'crypto']) {
      await page.setViewportSize({ width: 900, height: 1000 });
      await page.getByTestId(`method-${method}`).click();
      await expect.poll(() => page.getByTestId(shown[method]!).isVisible()).toBe(true);
      if (method === 'crypto') expect(await page.locator('#crypto-settlement').innerText()).toMatch(/^USDC( na rede (Base|Solana))?$/);
      await assertFits(page, `invoice-${method}`);
      if (method === 'boleto') {
        const boleto = await openPage(session, (await page.getByTestId('boleto-print').getAttribute('href'))!, 'pt-BR');
        await assertFits(boleto.page, 'boleto');
        await boleto.page.context().close();
      }
      if (method === 'pix') {
        const sandbox = await openPage(session, (await page.getByTestId('sandbox-confirm').getAttribute('href'))!, 'pt-BR');
        await assertFits(sandbox.page, 'sandbox-confirmation');
        await sandbox.page.context().close();
      }
      await page.getByTestId('switch').click();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the payment link checkout with its address', async () => {
    const created = await createProduct(t.client, acme.key, {
      name: 'Cesta de café da manhã completa para duas pessoas',
      description: 'Pães artesanais, frutas da estação, geleias da casa, queijos e café especial moído na hora.',
      basePrice: '1234567.89',
    });
    expect((await t.client.patch(`/products/${created.product.id}`, acme.key, { requiresShipping: true })).status).toBe(200);
    await publishVersion(t.client, acme.key, created.product.id, created.version.id);
    const links = await t.client.get(`/payment-links?productId=${created.product.id}`, acme.key);
    const { page, errors } = await openPage(session, new URL(links.body.paymentLinks[0].url).pathname, 'pt-BR');
    await assertFits(page, 'payment-link');
    // Another country: free text state, unmasked postal code; still no overflow with the longest names.
    await page.getByLabel('País').selectOption('GS');
    expect(await page.locator('#state').isVisible()).toBe(true);
    await assertFits(page, 'payment-link-abroad');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the shop, the invoice of its order and the receipt, which prints without its buttons', async () => {
    const ids: string[] = [];
    for (const [name, basePrice] of [['Bolo de fubá com goiabada cremosa (inteiro, 24 fatias)', '1234.50'], ['Pão de queijo', '12.50']] as const) {
      const { product, version } = await createProduct(t.client, acme.key, { name, basePrice, description: 'Feito na hora, todos os dias, com ingredientes de produtores locais.' });
      await publishVersion(t.client, acme.key, product.id, version.id);
      ids.push(product.id);
    }
    const created = await t.client.post('/storefronts', acme.key, {
      name: 'Padaria e Confeitaria Pão Quente da Vila Madalena',
      slug: `vila-${Date.now().toString(36)}`,
      fulfillmentMode: 'both',
      shippingFlatAmount: '15.00',
      productIds: ids,
    });
    expect(created.status, created.raw).toBe(201);
    const { page, errors } = await openPage(session, `/shop/${created.body.slug}`, 'pt-BR');
    await page.getByTestId('add').nth(0).click();
    await page.getByTestId('add').nth(1).click();
    await page.getByLabel('Receber em casa').check();
    await assertFits(page, 'shop');

    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('E-mail').fill('ana.mobile@example.com');
    await page.getByLabel('Rua e número').fill('Rua Harmonia, 1000');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('Estado').selectOption('SP');
    await page.getByLabel('CEP').fill('05435000');
    await Promise.all([page.waitForURL(/\/invoices\/[0-9a-f-]+\?token=/), page.getByTestId('submit').click()]);
    await assertFits(page, 'shop-order');

    // Paid with the sandbox's test wallet; the page moves to the receipt by itself.
    await page.setViewportSize({ width: 900, height: 1000 });
    await page.getByTestId('method-crypto').click();
    await page.getByTestId('test-wallet').click();
    await expect.poll(() => page.getByTestId('receipt').isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    await assertFits(page, 'receipt');

    // "Imprimir / salvar PDF" is there; printed, the receipt stays and its buttons go.
    const print = page.getByTestId('print');
    expect(await print.innerText()).toBe('Imprimir / salvar PDF');
    expect(await print.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await print.isVisible()).toBe(false);
    expect(await page.getByTestId('receipt').isVisible()).toBe(true);
    expect(await page.getByTestId('total').isVisible()).toBe(true);
    await screenshot(page, 'receipt-print.png');
    await page.emulateMedia({ media: 'screen' });
    // The button calls the browser's print dialog (stubbed here: a headless browser has none).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => { (window as unknown as { printed: number }).printed += 1; };
    });
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
