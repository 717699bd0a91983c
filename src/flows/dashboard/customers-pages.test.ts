// The dashboard's customers pages (issue #32, second slice) on a real database: the list's search
// (name, email, document, externalId), its pages newest first, one customer's page (invoices,
// payments, credit balance), and the 404 rule (another account's id, a malformed id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../core/locale.ts';
import { ADMIN_TOKEN, startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser } from '../../../test/dashboard.ts';
import { createCustomer } from '../../modules/invoices/test-fixtures.ts';
import { charge, openInvoice } from '../../modules/payments/test-fixtures.ts';

let t: TestContext;
let carla: string;
let davi: string;
let brunosCustomer: string;
let paymentId: string;
let anaKey: string;

async function accountWithOwner(name: string, email: string): Promise<string> {
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner: { email, password: 'a long password' } });
  expect(res.status, res.raw).toBe(201);
  return (res.body.keys as Array<{ type: string; environment: string; key: string }>).find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
}

async function signedIn(email = 'ana@loja.example', language = 'pt-BR'): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t, language);
  expect((await browser.signIn(email, 'a long password')).status).toBe(303);
  return browser;
}

/** A published usage product priced 0.10 per unit of a new sum meter; its id. */
async function usageProduct(meter: string, name: string): Promise<string> {
  expect((await t.client.post('/meters', anaKey, { key: meter, name, aggregation: 'sum' })).status).toBe(201);
  const created = await t.client.post('/products', anaKey, { key: meter + '-plan', name, pricingModel: 'usage' });
  expect(created.status, created.raw).toBe(201);
  const { product, version } = created.body;
  expect((await t.client.patch(`/products/${product.id}/versions/${version.id}`, anaKey, { prices: [{ meter, unitPrice: '0.10' }] })).status).toBe(200);
  expect((await t.client.post(`/products/${product.id}/versions/${version.id}/publish`, anaKey)).status).toBe(200);
  return product.id;
}

const idsIn = (html: string) => [...html.matchAll(/<li id="customer-([0-9a-f-]+)">/g)].map((m) => m[1]);

beforeAll(async () => {
  t = await startTestApp();
  anaKey = await accountWithOwner('Loja da Ana', 'ana@loja.example');
  const brunoKey = await accountWithOwner('Loja do Bruno', 'bruno@loja.example');
  carla = await createCustomer(t, anaKey, { name: 'Carla Dias', email: 'carla@example.com', document: '529.982.247-25' });
  davi = await createCustomer(t, anaKey, { name: 'Davi Reis', email: 'davi@example.com', externalId: 'crm_42' });
  brunosCustomer = await createCustomer(t, brunoKey, { name: 'Carla de Outra Loja', email: 'carla@other.example' });
  // Carla: one invoice of 100.00 paid by Pix, one of 25.00 open.
  const paid = await openInvoice(t, anaKey, carla);
  const payment = await charge(t, anaKey, paid.id, { method: 'pix' });
  expect((await t.client.post(`/test/payments/${payment.id}/confirm`, anaKey)).status).toBe(200);
  paymentId = payment.id;
  await openInvoice(t, anaKey, carla, { lineItems: [{ description: 'Pedido', quantity: '1', unitPrice: '25.00' }] });
});
afterAll(() => t.close());

describe('the customers list', () => {
  it('lists the tenant\'s customers newest first, never another account\'s', async () => {
    const page = await (await signedIn()).get('/dashboard/customers');
    expect(page.status).toBe(200);
    expect(idsIn(page.html)).toEqual([davi, carla]);
    expect(page.html).toContain('<a href="/dashboard/customers" id="nav-customers" aria-current="page">Clientes</a>');
  });

  it('searches name, email, externalId (any case) and the document (punctuation ignored)', async () => {
    const browser = await signedIn();
    const search = async (q: string) => idsIn((await browser.get(`/dashboard/customers?q=${encodeURIComponent(q)}`)).html);
    expect(await search('carla')).toEqual([carla]);
    expect(await search('DAVI@EXAMPLE')).toEqual([davi]);
    expect(await search('crm_4')).toEqual([davi]);
    expect(await search('982.247')).toEqual([carla]);
    expect(await search('52998224725')).toEqual([carla]);
    expect(await search('%')).toEqual([]); // a LIKE wildcard is a plain character
    expect((await browser.get('/dashboard/customers?q=ninguém')).html).toContain('id="no-customers"');
  });

  it('pages of 25, the next page\'s link keeps the search', async () => {
    const many: string[] = [];
    for (let i = 0; i < 26; i++) many.push(await createCustomer(t, anaKey, { name: `Lote ${i}`, email: `lote${i}@example.com` }));
    const browser = await signedIn();
    const first = await browser.get('/dashboard/customers?q=lote');
    expect(idsIn(first.html)).toEqual([...many].reverse().slice(0, 25));
    const next = /id="next-page"/.test(first.html) ? /<a href="([^"]+)" id="next-page">/.exec(first.html)![1]!.replace(/&amp;/g, '&').replace(/&#x3D;/g, '=') : '';
    expect(next).toMatch(/^\/dashboard\/customers\?q=lote&cursor=/);
    const second = await browser.get(next);
    expect(idsIn(second.html)).toEqual([many[0]]);
    expect(second.html).not.toContain('id="next-page"');
  });
});

describe('a customer page', () => {
  it('shows the customer, its invoices and payments, in pt-BR and English', async () => {
    const page = await (await signedIn()).get(`/dashboard/customers/${carla}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1 id="customer-name">Carla Dias</h1>');
    // Two invoices: 100.00 (paid) and 25.00 (open); one payment, Pix 100.00, confirmed.
    expect(page.html).toContain(`<strong>${formatAmount('100.00', 'BRL', 'pt-BR')}</strong> <span class="note">paga · `);
    expect(page.html).toContain(`<strong>${formatAmount('25.00', 'BRL', 'pt-BR')}</strong> <span class="note">em aberto · `);
    expect(page.html).toContain(`<li id="payment-${paymentId}"><a href="/dashboard/payments/${paymentId}">Pix</a> <strong>R$\u00a0100,00</strong> <span class="note">confirmado · `);
    expect(page.html).toContain('Nenhum crédito.');
    // Owes: the ledger's receivable, 100.00 invoiced and paid (net 0) + 25.00 open = 25.00.
    expect(page.html).toContain(`<dd id="customer-receivable">${formatAmount('25.00', 'BRL', 'pt-BR')}<br></dd>`);
    const english = await (await signedIn('ana@loja.example', 'en')).get(`/dashboard/customers/${carla}`);
    expect(english.html).toContain('<strong>R$100.00</strong> <span class="note">confirmed · ');
  });

  it('shows enrollments, subscriptions with their current period, usage per meter and the basis of its period', async () => {
    const eva = await createCustomer(t, anaKey, { name: 'Eva Lima', email: 'eva@example.com' });
    const api = await usageProduct('calls', 'API plan');
    const sms = await usageProduct('sms', 'SMS');
    const sub = await t.client.post('/billing/subscriptions', anaKey, { customerId: eva, productId: api, billingCycle: 'monthly' });
    expect(sub.status, sub.raw).toBe(201);
    expect((await t.client.post(`/customers/${eva}/enrollments`, anaKey, { productId: sms })).status).toBe(201);
    const now = new Date().toISOString();
    for (const [meter, productId, value] of [['calls', api, '120'], ['calls', api, '30.5'], ['sms', sms, '7']] as const) {
      const res = await t.client.post('/metering/events', anaKey, { meter, productId, customerId: eva, value, timestamp: now });
      expect(res.status, res.raw).toBe(201);
    }
    const page = await (await signedIn()).get(`/dashboard/customers/${eva}`);
    expect(page.status).toBe(200);
    const subscriptionId = sub.body.id as string;
    // The subscription: started now, monthly, so its current period runs from today to a month on.
    const start = new Date(sub.body.anchor);
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, Math.min(start.getUTCDate(), new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 2, 0)).getUTCDate())));
    const day = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
    expect(page.html).toContain(`<li id="subscription-${subscriptionId}"><a href="/dashboard/subscriptions/${subscriptionId}">API plan · versão 1</a> <strong>ativa</strong> <span class="note">período atual ${day(start)} – ${day(end)}</span></li>`);
    // Usage: calls 120 + 30.5 = 150.5 in the subscription's period; sms 7 in the calendar month (no subscription).
    expect(page.html).toContain(`<li id="usage-${subscriptionId}-calls"><span>API plan · calls</span> <strong>150,5</strong> <span class="note">período da assinatura ${day(start)} – ${day(end)}</span></li>`);
    expect(page.html).toMatch(/<li id="usage-[0-9a-f-]+-sms"><span>SMS · sms<\/span> <strong>7<\/strong> <span class="note">mês do calendário \d\d\/\d\d\/\d{4} – 01\/\d\d\/\d{4}<\/span><\/li>/);
    expect(page.html).toMatch(/<li id="enrollment-[0-9a-f-]+"><span>SMS · versão 1<\/span> <strong>ativa<\/strong>/);
    expect(page.html).toContain(`<li id="enrollment-${subscriptionId}"><span>API plan · versão 1</span> <strong>ativa</strong>`);
    // Nothing invoiced yet (usage is billed in arrears): nothing owed.
    expect(page.html).toContain('<dd id="customer-receivable">Nada a receber.</dd>');
    const english = await (await signedIn('ana@loja.example', 'en')).get(`/dashboard/customers/${eva}`);
    expect(english.html).toContain('<strong>150.5</strong> <span class="note">subscription period ');
    expect(english.html).toContain('API plan · version 1</a> <strong>active</strong> <span class="note">current period ');
  });

  it('answers 404 for another account\'s customer and for a malformed id', async () => {
    const browser = await signedIn();
    for (const id of [brunosCustomer, 'not-a-uuid', '00000000-0000-7000-8000-000000000000']) {
      const page = await browser.get(`/dashboard/customers/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.html).toContain('id="not-found"');
      expect(page.html).not.toContain('Carla de Outra Loja');
    }
    // Bruno sees his own and not Ana's.
    expect((await (await signedIn('bruno@loja.example')).get(`/dashboard/customers/${carla}`)).status).toBe(404);
    expect((await (await signedIn('bruno@loja.example')).get(`/dashboard/customers/${brunosCustomer}`)).status).toBe(200);
  });

  it('sends a signed-out browser to the sign-in page', async () => {
    const page = await new DashboardBrowser(t).get(`/dashboard/customers/${carla}`);
    expect(page.status).toBe(303);
    expect(page.location).toBe('/dashboard/login');
  });
});
