// The dashboard home's figures (issue #32, second slice) on a real database: revenue this month
// and last, payments of the last 30 days by method (and their SVG bars), open invoices and failed
// payments; only the session's own account and environment; pt-BR money by default, English by
// Accept-Language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../core/locale.ts';
import { ManualClock } from '../../core/clock.ts';
import { ADMIN_TOKEN, startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser } from '../../../test/dashboard.ts';
import { createCustomer } from '../../modules/invoices/test-fixtures.ts';
import { charge, openInvoice } from '../../modules/payments/test-fixtures.ts';
import { randomUUID } from 'node:crypto';

const randomKey = () => randomUUID().slice(0, 8);

const clock = new ManualClock('2026-01-15T12:00:00Z');
let t: TestContext;
let failedId: string;
let openNumber: string;

/** An account with an owner who signs in with a password, and its sandbox secret key. */
async function accountWithOwner(name: string, email: string): Promise<{ key: string; email: string }> {
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner: { email, password: 'a long password' } });
  expect(res.status, res.raw).toBe(201);
  const key = (res.body.keys as Array<{ type: string; environment: string; key: string }>).find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
  return { key, email };
}

/** An invoice of `amount` BRL paid now by `method` (a sandbox charge confirmed). */
async function paidInvoice(key: string, customerId: string, amount: string, method: string): Promise<void> {
  const invoice = await openInvoice(t, key, customerId, { lineItems: [{ description: 'Pedido', quantity: '1', unitPrice: amount }] });
  const payment = await charge(t, key, invoice.id, { method });
  const res = await t.client.post(`/test/payments/${payment.id}/confirm`, key);
  expect(res.status, res.raw).toBe(200);
}

async function signedIn(email: string, language = 'pt-BR'): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t, language);
  expect((await browser.signIn(email, 'a long password')).status).toBe(303);
  return browser;
}

const brl = (amount: string, locale: 'pt-BR' | 'en' = 'pt-BR') => formatAmount(amount, 'BRL', locale);
const listOf = (html: string, id: string) => new RegExp(`<ul class="[^"]+" id="${id}">(.*?)</ul>`, 's').exec(html)?.[1] ?? '';

beforeAll(async () => {
  t = await startTestApp({ clock });
  const ana = await accountWithOwner('Loja da Ana', 'ana@loja.example');
  const bruno = await accountWithOwner('Loja do Bruno', 'bruno@loja.example');
  const customer = await createCustomer(t, ana.key, { name: 'Carla', email: 'carla@example.com' });
  const other = await createCustomer(t, bruno.key, { name: 'Davi', email: 'davi@example.com' });
  await paidInvoice(ana.key, customer, '30.00', 'pix'); // 15 Jan: before last month, and over 30 days before 10 Mar
  clock.set(new Date('2026-02-20T12:00:00Z'));
  await paidInvoice(ana.key, customer, '100.00', 'pix'); // last month; within 30 days of 10 Mar (from 8 Feb)
  clock.set(new Date('2026-03-02T09:00:00Z'));
  await paidInvoice(ana.key, customer, '49.90', 'pix');
  await paidInvoice(bruno.key, other, '999.00', 'pix'); // another account's: never in Ana's figures
  clock.set(new Date('2026-03-05T09:00:00Z'));
  await paidInvoice(ana.key, customer, '100.00', 'boleto');
  const open = await openInvoice(t, ana.key, customer, { lineItems: [{ description: 'Pedido', quantity: '1', unitPrice: '25.00' }], dueDate: '2026-03-20T12:00:00Z' });
  openNumber = open.invoiceNumber;
  const failed = await charge(t, ana.key, open.id, { method: 'pix' });
  expect((await t.client.post(`/test/payments/${failed.id}/fail`, ana.key, { failureCode: 'provider_error' })).status).toBe(200);
  failedId = failed.id;
  clock.set(new Date('2026-03-10T12:00:00Z'));
});
afterAll(() => t.close());

describe('the home page figures', () => {
  it('sums paid invoices by month, payments of 30 days by method, and lists what needs attention', async () => {
    const page = await (await signedIn('ana@loja.example')).get('/dashboard');
    expect(page.status).toBe(200);
    // This month (March): two invoices paid, 49.90 + 100.00 = 149.90.
    expect(listOf(page.html, 'revenue-this-month')).toBe(`<li>${brl('149.90')}</li>`);
    expect(brl('149.90')).toBe('R$\u00a0149,90');
    // Last month (February): one, 100.00. January's 30.00 is in neither.
    expect(listOf(page.html, 'revenue-last-month')).toBe(`<li>${brl('100.00')}</li>`);
    // Since 8 February: Pix 100.00 (20 Feb) + 49.90 (2 Mar) = 149.90 in 2; boleto 100.00 in 1.
    expect(page.html).toContain(`Pix · 2 pagamentos · ${brl('149.90')}`);
    expect(page.html).toContain(`Boleto · 1 pagamento · ${brl('100.00')}`);
    // The largest of the currency is the full 320 units; the boleto's 100.00 / 149.90 = 0.667 → 213.
    expect(page.html).toMatch(/<g id="bar-pix-BRL"><text[^>]*>[^<]*<\/text><rect x="0" y="\d+" width="320"/);
    expect(page.html).toMatch(/<g id="bar-boleto-BRL"><text[^>]*>[^<]*<\/text><rect x="0" y="\d+" width="213"/);
    // Attention: the one open invoice (25.00, due 20/03/2026) and its failed Pix charge.
    expect(listOf(page.html, 'open-invoices')).toContain(`<span>${openNumber}</span> <strong>${brl('25.00')}</strong> <span class="note">vence em 20/03/2026</span>`);
    expect(listOf(page.html, 'failed-payments')).toContain(`<li id="failed-${failedId}"><span>Pix</span> <strong>${brl('25.00')}</strong> <span class="note">provider_error · falhou em 05/03/2026</span>`);
    expect(page.html).not.toContain('999,00');
    expect(page.html).toContain('<nav aria-label="Navegação do painel">');
    expect(page.html).toContain('<a href="/dashboard" id="nav-home" aria-current="page">Início</a>');
  });

  it('speaks English and formats money the English way by Accept-Language', async () => {
    const page = await (await signedIn('ana@loja.example', 'en-US,en;q=0.9')).get('/dashboard');
    expect(listOf(page.html, 'revenue-this-month')).toBe(`<li>${brl('149.90', 'en')}</li>`);
    expect(brl('149.90', 'en')).toBe('R$149.90');
    expect(page.html).toContain(`Pix · 2 payments · ${brl('149.90', 'en')}`);
    expect(page.html).toContain('>Customers</a>');
  });

  it("shows another account only its own figures, and a quiet account nothing", async () => {
    const page = await (await signedIn('bruno@loja.example')).get('/dashboard');
    expect(listOf(page.html, 'revenue-this-month')).toBe(`<li>${brl('999.00')}</li>`);
    expect(listOf(page.html, 'revenue-last-month')).toBe('<li class="note">Nada ainda.</li>');
    expect(listOf(page.html, 'open-invoices')).toBe('<li class="note">Nada ainda.</li>');
    expect(page.html).not.toContain(failedId);
  });

  it('the production environment has its own figures (none here)', async () => {
    const browser = await signedIn('ana@loja.example');
    const home = await browser.get('/dashboard');
    const csrf = /name="csrf" value="([^"]+)"/.exec(home.html)![1]!;
    expect((await browser.post('/dashboard/environment', { csrf, environment: 'production' })).status).toBe(303);
    const page = await browser.get('/dashboard');
    expect(listOf(page.html, 'revenue-this-month')).toBe('<li class="note">Nada ainda.</li>');
    expect(page.html).toContain('id="payments-chart-empty"');
  });

  it('MRR: the recurring fee of active and past_due subscriptions normalized to a month, per currency', async () => {
    const carla = await accountWithOwner('Loja da Carla', 'carla@loja.example');
    const post = async (path: string, body: Record<string, unknown> = {}) => {
      const res = await t.client.post(path, carla.key, body);
      expect(res.status, res.raw).toBeLessThan(300);
      return res.body;
    };
    const plan = async (key: string, body: Record<string, unknown>) => {
      const created = await post('/products', { key, name: key, pricingModel: 'subscription', ...body });
      await post(`/products/${created.product.id}/versions/${created.version.id}/publish`);
      return created.product.id as string;
    };
    const subscribe = async (productId: string, body: Record<string, unknown> = {}) => {
      const customer = await post('/customers', { name: `Cliente ${productId.slice(0, 8)}`, email: `${randomKey()}@example.com` });
      return (await post('/billing/subscriptions', { customerId: customer.id, productId, ...body })).id as string;
    };
    const monthly = await plan('mensal', { billingCycle: 'monthly', basePrice: '99.90' });
    const yearly = await plan('anual', { billingCycle: 'annual', basePrice: '1198.80' });
    const weekly = await plan('semanal', { billingCycle: 'weekly', basePrice: '9.99' });
    const dollars = await plan('dolar', { billingCycle: 'monthly', basePrice: '20.00', currency: 'usd' });
    await subscribe(monthly);
    await subscribe(yearly);
    await subscribe(weekly);
    await subscribe(dollars);
    await subscribe(monthly, { trialDays: 14 }); // trialing: excluded
    await post(`/billing/subscriptions/${await subscribe(monthly)}/pause`); // paused: excluded
    await post(`/billing/subscriptions/${await subscribe(yearly)}/cancel`, {}); // canceled: excluded
    const page = await (await signedIn('carla@loja.example')).get('/dashboard');
    expect(page.status).toBe(200);
    // BRL: 99.90 monthly + 1,198.80 yearly (/ 12 = 99.90) + 9.99 weekly (x 52 / 12 = 519.48 / 12 = 43.29)
    // = 243.09 from 3 subscriptions; USD: 20.00 from 1. Trialing, paused and canceled add nothing.
    expect(listOf(page.html, 'mrr')).toBe(`<li>${brl('243.09')} <span class="note">3 assinaturas</span></li><li>${formatAmount('20.00', 'USD', 'pt-BR')} <span class="note">1 assinatura</span></li>`);
    // Another account's subscriptions are not in Ana's MRR (she has none).
    expect(listOf((await (await signedIn('ana@loja.example')).get('/dashboard')).html, 'mrr')).toBe('<li class="note">Nada ainda.</li>');
  });
});
