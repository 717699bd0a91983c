// The payment link's checkout page in a real browser: Debian's chromium, driven by playwright-core,
// opens a link's page served by the real app on a random port, fills the payer form, submits it
// (the page's script posts the checkout with an Idempotency-Key) and lands on the hosted invoice
// page showing the amount; the page in pt-BR and in English, a refused document shown next to the
// form. Screenshots go under test-results/screenshots/ (gitignored) for a person to look at.
// CI installs chromium (.ci/run); without it this file skips, saying why.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, publishVersion } from '../factories/catalog.ts';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('payment link checkout page in chromium', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let browser: Browser;
  let origin: string;
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
    ({ t, browser, origin } = session);
    acme = await seedAccount(t.client, 'Acme');
    const branded = await t.client.patch('/account/tenant', acme.key, { name: 'Padaria Pão Quente', supportEmail: 'contato@paoquente.example', termsUrl: 'https://paoquente.example/termos', cnpj: '11222333000181' });
    expect(branded.status, branded.raw).toBe(200);
  });
  afterAll(() => session?.close());

  async function linkPath(product: Record<string, unknown>, shipping = false): Promise<string> {
    const created = await createProduct(t.client, acme.key, product);
    if (shipping) expect((await t.client.patch(`/products/${created.product.id}`, acme.key, { requiresShipping: true })).status).toBe(200);
    await publishVersion(t.client, acme.key, created.product.id, created.version.id);
    const links = await t.client.get(`/payment-links?productId=${created.product.id}`, acme.key);
    return new URL(links.body.paymentLinks[0].url).pathname;
  }

  const open = (path: string, locale: string) => openPage(session, path, locale);

  it('pt-BR: fills the form, submits once on a double click, and lands on the hosted invoice page showing the amount', async () => {
    const path = await linkPath({ name: 'Cesta de café da manhã', description: 'Pães, frutas e café', basePrice: '1234.50' }, true);
    const { page, errors } = await open(path, 'pt-BR');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await page.getByTestId('product-name').innerText()).toBe('Cesta de café da manhã');
    expect(await page.getByTestId('price').innerText()).toMatch(/^R\$\s1\.234,50$/);
    expect(await page.getByTestId('account-name').innerText()).toBe('Padaria Pão Quente');
    expect(await page.getByTestId('support-email').getAttribute('href')).toBe('mailto:contato@paoquente.example');
    expect(await page.getByTestId('test-mode').isVisible()).toBe(true);
    // The seller by name and CNPJ, and what the buyer is about to pay for.
    expect(await page.getByTestId('seller-cnpj').innerText()).toBe('11.222.333/0001-81');
    expect(await page.getByTestId('product-description').innerText()).toBe('Pães, frutas e café');
    expect(await page.getByTestId('order-summary').innerText()).toContain('1 × Cesta de café da manhã');
    expect(await page.getByTestId('summary-total').innerText()).toMatch(/^R\$\s1\.234,50$/);

    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('E-mail').fill('ana.browser@example.com');
    await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
    await page.getByLabel('Rua e número').fill('Rua das Flores, 10');
    await page.getByLabel('Cidade').fill('São Paulo');
    // Brazil is chosen first: the state is a select of the 27 units and the CEP is masked as typed.
    expect(await page.getByLabel('País').inputValue()).toBe('BR');
    expect(await page.getByTestId('state-select').locator('option').count()).toBe(28);
    await page.getByLabel('Estado').selectOption('SP');
    await page.getByLabel('CEP').pressSequentially('01310100');
    expect(await page.getByLabel('CEP').inputValue()).toBe('01310-100');
    await page.getByLabel('Pix').check();
    await screenshot(page, 'payment-link-pt-BR.png');

    await Promise.all([page.waitForURL(/\/invoices\/[0-9a-f-]+\?token=/), page.getByTestId('submit').dblclick()]);
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/pay/${acme.slug}/invoices/`));
    await expect.poll(() => page.locator('body').innerText()).toMatch(/1[.,]234[.,]50/);
    expect(errors).toEqual([]);
    await screenshot(page, 'payment-link-invoice.png');

    // The double click made one customer and one invoice.
    const customers = await t.client.get('/customers?email=ana.browser@example.com', acme.key);
    expect(customers.body.customers).toHaveLength(1);
    const invoices = await t.client.get('/billing/invoices?limit=100', acme.key);
    const theirs = invoices.body.invoices.filter((i: { payerId: string | null }) => i.payerId === customers.body.customers[0].id);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ status: 'open', total: '1234.50' });
    await page.context().close();
  });

  it('en: shows the page in English, a refused document next to the form, then goes on once corrected', async () => {
    const path = await linkPath({ name: 'Sourdough loaf', basePrice: '25.00' });
    const { page, errors } = await open(path, 'en-US');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByTestId('price').innerText()).toBe('R$25.00');
    expect(await page.getByTestId('submit').innerText()).toBe('Continue to payment');

    await page.getByLabel('Full name').fill('John Smith');
    await page.getByLabel('Email').fill('john.browser@example.com');
    await page.getByLabel('CPF or CNPJ').fill('111.111.111-12');
    await page.getByTestId('submit').click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.innerText()).toContain('CPF or CNPJ: is not a valid CPF (check digits do not match)');
    expect(await page.getByLabel('CPF or CNPJ').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'payment-link-en-refused.png');

    await page.getByLabel('CPF or CNPJ').fill('11.222.333/0001-81');
    await Promise.all([page.waitForURL(/\/invoices\/[0-9a-f-]+\?token=/), page.getByTestId('submit').click()]);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/25[.,]00/);
    expect(errors.filter((e) => !/422/.test(e))).toEqual([]);
    await screenshot(page, 'payment-link-en-invoice.png');
    await page.context().close();
  });

  it('shows the not-found page for an inactive link', async () => {
    const path = await linkPath({ name: 'Old offer' });
    const linkId = path.split('/').pop()!;
    expect((await t.client.patch(`/payment-links/${linkId}`, acme.key, { active: false })).status).toBe(200);
    const page = await browser.newPage({ locale: 'pt-BR', extraHTTPHeaders: { 'accept-language': 'pt-BR' } });
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('not-found').innerText()).toBe('Link de pagamento não encontrado');
    await screenshot(page, 'payment-link-not-found.png');
    await page.close();
  });
});
