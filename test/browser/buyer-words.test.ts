// pt-BR wherever a buyer looks (issue #31, item 3; docs/decisions/locale.md): every buyer page in
// Chromium in pt-BR (payment link checkout and its refused form, hosted invoice with its coupon
// line, pay panel, refused card form and receipt, sandbox confirmation page before and after,
// boleto, shop with its refused order and the invoice with its shipping line, the "not found"
// pages), every email the story sends and the invoice lines the service wrote, checked against a
// list of English words: the words of the English catalogues that are not words of the Portuguese
// ones, plus common English words. The same pages in English are checked for Portuguese words.
// Without chromium this file skips, saying why; the catalogues' own check runs anyway.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineText } from '../../src/core/invoice-line.text.ts';
import { INVOICE_PAGE_TEXT } from '../../src/flows/checkout/invoice-page.text.ts';
import { LINK_PAGE_CYCLES, LINK_PAGE_METHODS, LINK_PAGE_TEXT } from '../../src/flows/checkout/link-page.text.ts';
import { SANDBOX_PAGE_TEXT } from '../../src/flows/payment-confirmation/sandbox-page.text.ts';
import { SHOP_PAGE_TEXT } from '../../src/flows/storefronts/shop-page.text.ts';
import { PAGE_VALIDATION_TEXT } from '../../src/http/page-validation.text.ts';
import { DELIVERY_EMAIL_TEXT } from '../../src/modules/fulfillment/delivery-email.text.ts';
import { INVOICE_EMAIL_TEXT } from '../../src/modules/invoices/invoice-email.text.ts';
import { createProduct, publishVersion } from '../factories/catalog.ts';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

type Locale = 'pt-BR' | 'en';

/** The service-written invoice lines of every kind, in one locale (sample values). */
function sampleLines(locale: Locale): string[] {
  const w = lineText(locale);
  const [from, to] = [new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')];
  return [
    w.coupon('BEMVINDO', '10'), w.shipping, w.recurringFee('Plano', 'monthly', from, to), w.prepaidCredit('Créditos', 'weekly', from, to),
    w.proration({ kind: 'time', product: 'Plano', from, to, pausedDays: '10', activeDays: '21', periodDays: '31' }),
    w.proration({ kind: 'unused', product: 'Plano', from, to, pausedDays: null, activeDays: '21', periodDays: '31' }),
    w.proration({ kind: 'paused', product: 'Plano', from, to, pausedDays: null, activeDays: '10', periodDays: '31' }),
    w.span('Chamadas', '2026-03-01T00:00:00Z', '2026-03-20T00:00:00Z'), w.granted('Chamadas', '100', '100'), w.packages('Chamadas', '150', '2', '100'),
    w.flatFee('Chamadas'), w.tier('Chamadas', 1, '0', '100'), w.tier('Chamadas', 2, '100', null), w.tierFlatFee('Chamadas', 1),
    w.commitmentCredit(w.money('70.00', 'BRL')), w.commitment(w.money('100.00', 'BRL'), w.money('30.00', 'BRL')), w.recurringFee('Plano', 'annual', from, to),
  ];
}

/** Every string a catalogue holds, its functions called with sample values. */
function catalogueStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'function') out.push(String((value as (...args: string[]) => unknown)('Plano', 'Plano', 'Plano', 'Plano')));
  else if (value && typeof value === 'object') for (const item of Object.values(value)) catalogueStrings(item, out);
  return out;
}

function catalogue(locale: Locale): string[] {
  const parts = [INVOICE_PAGE_TEXT, LINK_PAGE_TEXT, LINK_PAGE_CYCLES, LINK_PAGE_METHODS, SHOP_PAGE_TEXT, SANDBOX_PAGE_TEXT, PAGE_VALIDATION_TEXT, INVOICE_EMAIL_TEXT, DELIVERY_EMAIL_TEXT];
  return [...parts.flatMap((part) => catalogueStrings(part[locale])), ...sampleLines(locale)];
}

/** Words of a text, lower case; links and email addresses are not words a buyer reads. */
/** A text's words, leaving out URLs, emails and ids (a payment's UUID once read "…-fee3-…" as "fee"). */
function words(text: string): string[] {
  const prose = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ');
  return (prose.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());
}

const EN = new Set(catalogue('en').flatMap(words));
const PT = new Set(catalogue('pt-BR').flatMap(words));
/** Words both languages write alike that a catalogue may hold in one only; "total" is Portuguese too. */
const BOTH = ['a', 'as', 'no', 'do', 'e', 'o', 'se', 'total', 'mm', 'x'];
const COMMON_EN = ['the', 'and', 'hello', 'shipping', 'coupon', 'off', 'must', 'valid', 'pay', 'invoice', 'due', 'of', 'to', 'is', 'your', 'from', 'thank', 'you'];
const COMMON_PT = ['fatura', 'pagar', 'olá', 'frete', 'cupom', 'desconto', 'vencimento', 'obrigado', 'você', 'não', 'é', 'pagamento'];
/** English words a pt-BR text must not hold. */
const ENGLISH = new Set([...[...EN].filter((w) => !PT.has(w)), ...COMMON_EN].filter((w) => !BOTH.includes(w)));
/**
 * Portuguese words an English text must not hold ("de", "da": product names the seller wrote in
 * Portuguese; the seller's texts here avoid the catalogues' other words).
 */
const PORTUGUESE = new Set([...[...PT].filter((w) => !EN.has(w)), ...COMMON_PT].filter((w) => !BOTH.includes(w) && w !== 'de' && w !== 'da'));

function foreignWords(text: string, list: Set<string>): string[] {
  return [...new Set(words(text).filter((w) => list.has(w)))];
}

describe('the catalogues', () => {
  it('hold no English word in pt-BR and no Portuguese word in English', () => {
    expect(ENGLISH.size).toBeGreaterThan(200);
    expect(PORTUGUESE.size).toBeGreaterThan(200);
    for (const text of catalogue('pt-BR')) expect(foreignWords(text, ENGLISH), text).toEqual([]);
    for (const text of catalogue('en')) expect(foreignWords(text, PORTUGUESE), text).toEqual([]);
    // The list catches the texts the issue found.
    expect(foreignWords('Hello Ana Souza ... Total: BRL 3.00', ENGLISH)).toEqual(['hello']);
    expect(foreignWords('Coupon BEMVINDO: 10% off', ENGLISH)).toEqual(['coupon', 'off']);
    expect(foreignWords('is not a valid CPF (check digits do not match)', ENGLISH)).toEqual(expect.arrayContaining(['valid', 'check', 'digits']));
    expect(foreignWords('must be >= 1', ENGLISH)).toContain('must');
    expect(foreignWords('Pagamento 01a21fbc-fee3-7704-9405-e9665faf1da1', ENGLISH)).toEqual([]);
    expect(foreignWords('Valor a pagar: R$ 3,00', PORTUGUESE)).toEqual(expect.arrayContaining(['valor', 'pagar']));
  });
});

/**
 * Everything a buyer can read on the page: text (hidden parts included), title, labels, messages
 * the script holds. `skip`: parts left out (an English page's invoice lines, stored in pt-BR).
 */
async function readable(page: Page, skip: string): Promise<string> {
  return page.evaluate((skipped) => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest(skipped)) out.push(node.textContent ?? '');
    }
    for (const el of document.querySelectorAll('[alt], [title], [placeholder], [aria-label]')) {
      for (const name of ['alt', 'title', 'placeholder', 'aria-label']) out.push(el.getAttribute(name) ?? '');
    }
    // The messages handed to the scripts: their values (keys and the locale are not shown).
    const values = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => (k === 'locale' ? [] : values(v))) : [];
    for (const el of document.querySelectorAll('[data-failed], [data-network], [data-empty], [data-labels], [data-validation]')) {
      for (const name of ['data-failed', 'data-network', 'data-empty']) out.push(el.getAttribute(name) ?? '');
      for (const name of ['data-labels', 'data-validation']) if (el.hasAttribute(name)) out.push(...values(JSON.parse(el.getAttribute(name)!)));
    }
    for (const block of document.querySelectorAll('script[type="application/json"]')) out.push(...values(JSON.parse(block.textContent ?? '{}')));
    return out.join('\n');
  }, skip);
}

describe.skipIf(!chromiumAvailable)('buyer pages and emails in pt-BR hold no English word (and in English no Portuguese)', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let session: BrowserTest;
  /** What was read, by where it was read, for one assertion per locale at the end. */
  const seen: Record<Locale, Array<[string, string]>> = { 'pt-BR': [], en: [] };

  beforeAll(async () => {
    session = await startBrowserTest();
    t = session.t;
    acme = await seedAccount(t.client, 'Padaria Pão Quente');
    expect((await t.client.patch('/account/tenant', acme.key, { supportEmail: 'contato@paoquente.example' })).status).toBe(200);
  });
  afterAll(() => session?.close());

  async function read(page: Page, where: string, locale: Locale): Promise<void> {
    // An invoice's lines keep the text they were written with: the account's locale (pt-BR here), whatever the page's.
    // In English, stored invoice lines keep the words they were written in, and the country and
    // state selects list place names ("São Tomé and Príncipe", "São Paulo") in any language.
    seen[locale].push([where, await readable(page, locale === 'en' ? 'script, style, [data-testid=lines] tbody, select' : 'script, style')]);
  }

  async function published(name: string, basePrice: string, deliverable = false): Promise<string> {
    const { product, version } = await createProduct(t.client, acme.key, { name, description: 'Receita mineira tradicional', basePrice });
    if (deliverable) expect((await t.client.put(`/products/${product.id}/deliverable`, acme.key, { kind: 'link', url: 'https://files.paoquente.example/receitas' })).status).toBe(200);
    await publishVersion(t.client, acme.key, product.id, version.id);
    return product.id;
  }

  it('payment link checkout: the page, a refused CPF in the page\'s words, then the hosted invoice', async () => {
    const productId = await published('Cesta de café da manhã', '49.90');
    const links = await t.client.get(`/payment-links?productId=${productId}`, acme.key);
    const path = new URL(links.body.paymentLinks[0].url).pathname;
    for (const locale of ['pt-BR', 'en'] as const) {
      const { page } = await openPage(session, path, locale);
      await page.getByTestId('submit').click(); // empty: every required field refused
      await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
      await read(page, `link page, empty form (${locale})`, locale);
      await page.locator('#payer-name').fill('Ana Souza');
      await page.locator('[name=email]').fill(`ana.${locale}@example.com`);
      await page.locator('[name=document]').fill('111.111.111-12');
      await page.getByTestId('submit').click();
      await expect.poll(() => page.getByRole('alert').innerText()).toContain(locale === 'pt-BR' ? 'não é um CPF válido' : 'is not a valid CPF');
      await read(page, `link page, refused CPF (${locale})`, locale);
      await page.locator('[name=document]').fill('529.982.247-25');
      await Promise.all([page.waitForURL(/\/invoices\/[0-9a-f-]+\?token=/), page.getByTestId('submit').click()]);
      await read(page, `hosted invoice from the link (${locale})`, locale);
      if (locale === 'pt-BR') await screenshot(page, 'buyer-words-link-invoice-pt-BR.png');
      await page.context().close();
    }
  });

  it('hosted invoice with a coupon: the page, a refused card month, Pix, the sandbox page, the receipt; the invoice and delivery emails', async () => {
    expect((await t.client.post('/billing/coupons', acme.key, { code: 'BEMVINDO', percentOff: '10', duration: 'once' })).status).toBe(201);
    const productId = await published('Livro de receitas', '30.00', true);
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana Souza', email: 'ana.souza@example.com', document: '529.982.247-25' });
    const draft = await t.client.post('/billing/invoices', acme.key, {
      customerId: customer.body.id,
      currency: 'BRL',
      couponCode: 'BEMVINDO',
      lineItems: [{ description: 'Livro de receitas', quantity: '1', unitPrice: '30.00', productId }],
    });
    expect(draft.status, draft.raw).toBe(201);
    // The coupon line is written in the account's locale: none set, a BRL invoice, so pt-BR.
    expect(draft.body.lineItems[1].description).toBe('Cupom BEMVINDO: 10% de desconto');
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
    expect((await t.client.post(`/billing/invoices/${draft.body.id}/send`, acme.key)).status).toBe(200);
    const url = new URL(open.body.invoiceUrl);

    for (const locale of ['pt-BR', 'en'] as const) {
      const { page } = await openPage(session, url.pathname + url.search, locale);
      await read(page, `hosted invoice (${locale})`, locale);
      await page.getByTestId('method-card').click();
      await page.locator('#card-form [name=holderName]').fill('Ana Souza');
      await page.locator('#card-form [name=number]').fill('4242 4242 4242 4242');
      await page.locator('#card-form [name=expMonth]').fill('0');
      await page.locator('#card-form [name=expYear]').fill('2031');
      await page.locator('#card-form [name=cvc]').fill('123');
      await page.getByTestId('pay-card').click();
      await expect.poll(() => page.getByTestId('pay-error').innerText()).toContain(locale === 'pt-BR' ? 'Mês de validade' : 'Expiry month');
      await read(page, `hosted invoice, refused card month (${locale})`, locale);
      if (locale === 'pt-BR') await screenshot(page, 'buyer-words-card-refused-pt-BR.png');
      await page.context().close();
    }

    // Pix, confirmed on the sandbox page (read before and after, in both languages), then the receipt.
    const pix = await t.client.post(`/billing/invoices/${open.body.id}/payments`, acme.key, { method: 'pix' });
    expect(pix.status, pix.raw).toBe(201);
    const confirm = new URL(pix.body.sandboxConfirmUrl);
    const english = await openPage(session, confirm.pathname + confirm.search, 'en');
    await read(english.page, 'sandbox page, pending (en)', 'en');
    await english.page.context().close();
    const { page } = await openPage(session, confirm.pathname + confirm.search, 'pt-BR');
    await read(page, 'sandbox page, pending (pt-BR)', 'pt-BR');
    await page.getByRole('button').click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Pagamento confirmado');
    await read(page, 'sandbox page, confirmed (pt-BR)', 'pt-BR');
    await screenshot(page, 'buyer-words-sandbox-confirmed-pt-BR.png');
    await page.goto(`${session.origin}${url.pathname}${url.search}`);
    await expect.poll(() => page.getByTestId('receipt').isVisible()).toBe(true);
    await read(page, 'receipt (pt-BR)', 'pt-BR');
    await page.context().close();
    const receipt = await openPage(session, url.pathname + url.search, 'en');
    await read(receipt.page, 'receipt (en)', 'en');
    await receipt.page.context().close();

    const emails = (await t.client.get('/test/emails?to=ana.souza@example.com', acme.key)).body.emails as Array<{ subject: string; text: string; html: string }>;
    // The invoice email and the delivery email, both in pt-BR, amounts as a Brazilian reads them.
    expect(emails.map((e) => e.subject).sort()).toEqual([`Fatura ${open.body.invoiceNumber} de Padaria Pão Quente`, 'Sua compra de Padaria Pão Quente está pronta']);
    const invoiceEmail = emails.find((e) => e.subject.startsWith('Fatura'))!;
    expect(invoiceEmail.text).toContain('Olá, Ana Souza,');
    expect(invoiceEmail.text.replace(/\u00a0/g, ' ')).toContain('Total: R$ 27,00'); // 30.00 - 10% = 27.00
    for (const email of emails) seen['pt-BR'].push([`email "${email.subject}"`, `${email.subject}\n${email.text}\n${email.html.replace(/<[^>]*>/g, ' ')}`]);
  });

  it('boleto page (pt-BR only: a Brazilian bank document)', async () => {
    const customer = await t.client.post('/customers', acme.key, { name: 'Bruno Lima', email: 'bruno@example.com', document: '529.982.247-25' });
    const draft = await t.client.post('/billing/invoices', acme.key, { customerId: customer.body.id, currency: 'BRL', lineItems: [{ description: 'Bolo de fubá', quantity: '2', unitPrice: '30.00' }] });
    await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
    const boleto = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, acme.key, { method: 'boleto' });
    expect(boleto.status, boleto.raw).toBe(201);
    const { page } = await openPage(session, new URL(boleto.body.boletoUrl).pathname + new URL(boleto.body.boletoUrl).search, 'pt-BR');
    await read(page, 'boleto page', 'pt-BR');
    await page.context().close();
  });

  it('shop: the page, a refused order in the page\'s words, then the invoice with its shipping line; and the "not found" pages', async () => {
    const ids = [await published('Pão de queijo', '12.50'), await published('Bolo de fubá', '30.00')];
    const shop = await t.client.post('/storefronts', acme.key, {
      name: 'Padaria Pão Quente', slug: `padaria-${randomUUID().slice(0, 8)}`, description: 'Pães e bolos artesanais',
      fulfillmentMode: 'both', shippingFlatAmount: '15.00', pickupNote: 'Balcão: 8h - 18h.', productIds: ids,
    });
    expect(shop.status, shop.raw).toBe(201);
    for (const locale of ['pt-BR', 'en'] as const) {
      const { page } = await openPage(session, `/shop/${shop.body.slug}`, locale);
      await page.getByTestId('submit').click(); // an empty cart: said by the page
      await read(page, `shop, empty cart (${locale})`, locale);
      await page.getByTestId('add').first().click();
      await page.getByTestId('add').first().click();
      await page.locator('input[name=mode][value=shipping]').check();
      await page.locator('[name=name]').fill('Ana Souza');
      await page.locator('[name=email]').fill(`ana.shop.${locale}@example.com`);
      await page.locator('[name=document]').fill('111.111.111-11');
      await page.locator('[name=line1]').fill('Rua das Flores, 10');
      await page.locator('[name=city]').fill('São Paulo');
      await page.getByTestId('state-select').selectOption('SP'); // Brazil is the country the select starts on
      await page.locator('[name=postalCode]').pressSequentially('01000000');
      await page.getByTestId('submit').click();
      await expect.poll(() => page.locator('#errors').innerText()).toContain(locale === 'pt-BR' ? 'CPF ou CNPJ: não é um CPF válido' : 'CPF or CNPJ: is not a valid CPF');
      await read(page, `shop, refused CPF (${locale})`, locale);
      await page.locator('[name=document]').fill('529.982.247-25');
      await Promise.all([page.waitForURL(/\/invoices\/[0-9a-f-]+\?token=/), page.getByTestId('submit').click()]);
      await read(page, `invoice of the shop's order (${locale})`, locale);
      await page.context().close();
    }
    for (const path of ['/shop/no-such-shop', `/pay/${acme.slug}/${randomUUID()}`, `/pay/${acme.slug}/invoices/${randomUUID()}?token=x`]) {
      for (const locale of ['pt-BR', 'en'] as const) {
        const context = await session.browser.newContext({ locale, extraHTTPHeaders: { 'accept-language': locale } });
        const page = await context.newPage();
        expect((await page.goto(`${session.origin}${path}`))?.status(), path).toBe(404);
        await read(page, `not found ${path} (${locale})`, locale);
        await context.close();
      }
    }
  });

  it('in pt-BR, no English word was on any of them; in English, no Portuguese word', () => {
    expect(seen['pt-BR'].length).toBeGreaterThan(15);
    const english = seen['pt-BR'].map(([where, text]) => ({ where, found: foreignWords(text, ENGLISH) })).filter(({ found }) => found.length > 0);
    expect(english).toEqual([]);
    const portuguese = seen.en.map(([where, text]) => ({ where, found: foreignWords(text, PORTUGUESE) })).filter(({ found }) => found.length > 0);
    expect(portuguese).toEqual([]);
  });
});
