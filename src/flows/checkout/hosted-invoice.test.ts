// The hosted invoice page: every invoice link (API invoiceUrl, emailed link) serves the invoice to
// whoever holds it, and anything else is a 404 page; nothing of another account, no secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { markInvoicePaid } from '../../modules/invoices/service.ts';
import { contextFor, createCustomer, createOneOffInvoice } from '../../modules/invoices/test-fixtures.ts';

let t: TestContext;
let acme: SeededAccount;
let globex: SeededAccount;
let acmeCustomer: string;

const LINES = [
  { description: 'Annual plan <Pro>', quantity: '1', unitPrice: '1234.50' },
  { description: 'Extra seats', quantity: '3', unitPrice: '0.10' },
];

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  globex = await seedAccount(t.client, 'Globex');
  const patched = await t.client.patch('/account/tenant', acme.key, { name: 'Acme & Sons <Ltda>', supportEmail: 'help@acme.example' });
  expect(patched.status).toBe(200);
  acmeCustomer = await createCustomer(t, acme.key, { name: 'Ana Souza', email: 'ana@example.com' });
});
afterAll(() => t.close());

async function openInvoice(key = acme.key, customerId = acmeCustomer) {
  const draft = await createOneOffInvoice(t, key, customerId, { lineItems: LINES });
  const res = await t.client.post(`/billing/invoices/${draft.id}/finalize`, key);
  expect(res.status, res.raw).toBe(200);
  return res.body as { id: string; invoiceUrl: string; invoiceNumber: string; total: string };
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

async function page(path: string, language = 'en') {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': language } });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

describe('hosted invoice page', () => {
  it('serves the invoice of its invoiceUrl: seller, support email, number, status, lines and exact amounts', async () => {
    const invoice = await openInvoice();
    expect(invoice.invoiceUrl).toMatch(new RegExp(`/pay/${acme.slug}/invoices/${invoice.id}\\?token=`));
    const res = await page(pathOf(invoice.invoiceUrl));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.html).toContain('Acme &amp; Sons &lt;Ltda&gt;');
    expect(res.html).toContain('href="mailto:help@acme.example"');
    expect(res.html).toContain(`<span data-testid="invoice-number">${invoice.invoiceNumber}</span>`);
    expect(res.html).toContain('<span class="status status-open" data-testid="status">Open</span>');
    expect(res.html).toContain('Annual plan &lt;Pro&gt;');
    expect(res.html).toContain('<html lang="en">');
    expect(res.html).toContain('<td class="num qty">1</td><td class="num unit">R$1,234.50</td><td class="num amount">R$1,234.50</td>');
    expect(res.html).toContain('<td class="num qty">3</td><td class="num unit">R$0.10</td><td class="num amount">R$0.30</td>');
    expect(invoice.total).toBe('1234.80');
    expect(res.html).toContain('<td class="num" data-testid="total">R$1,234.80</td>');
    expect(res.html).toContain('<strong data-testid="amount-due">R$1,234.80</strong>');
    expect(res.html).toContain('Test mode');
    // The pay panel: one script, allowed by this answer's nonce; no inline handler.
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(res.html.match(/<script nonce="/g)).toHaveLength(1);
    expect(res.html).toContain(`<script nonce="${nonce}">`);
    expect(res.html).not.toMatch(/\son[a-z]+=/);
    for (const method of ['pix', 'boleto', 'card', 'crypto']) expect(res.html).toContain(`data-method="${method}"`);
  });

  it('is in Portuguese (pt-BR) by default, with amounts and dates formatted for it', async () => {
    const invoice = await openInvoice();
    const res = await page(pathOf(invoice.invoiceUrl), '');
    expect(res.status).toBe(200);
    expect(res.headers['content-language']).toBe('pt-BR');
    expect(res.html).toContain('<html lang="pt-BR">');
    expect(res.html).toContain('data-testid="status">Em aberto</span>');
    expect(res.html).toContain('<strong data-testid="amount-due">R$\u00a01.234,80</strong>');
    expect(res.html).toContain('<td class="num qty">3</td><td class="num unit">R$\u00a00,10</td><td class="num amount">R$\u00a00,30</td>');
    expect(res.html).toContain('Pagar de outra forma');
    const fr = await page(pathOf(invoice.invoiceUrl), 'fr-FR, en;q=0.5');
    expect(fr.html).toContain('<html lang="en">');
  });

  it('shows nothing secret or internal: no token, no ids, no keys', async () => {
    const invoice = await openInvoice();
    const res = await page(pathOf(invoice.invoiceUrl));
    const token = new URL(invoice.invoiceUrl).searchParams.get('token')!;
    for (const hidden of [token, acme.id, acmeCustomer, invoice.id, acme.key, acme.publishableKey, 'ana@example.com']) {
      expect(res.html).not.toContain(hidden);
    }
  });

  it('takes a method to start (the payment link form sets it), never echoing it; an unknown one is ignored', async () => {
    const invoice = await openInvoice();
    for (const method of ['pix', '<img src=x>', 'x'.repeat(21)]) {
      const res = await page(`${pathOf(invoice.invoiceUrl)}&method=${encodeURIComponent(method)}`);
      expect(res.status, method).toBe(200);
      expect(res.html).toContain('data-testid="method-pix"');
      expect(res.html).not.toContain('<img src=x>');
    }
  });

  it('sends security headers on the page, and only the headers of every answer on the JSON API', async () => {
    const invoice = await openInvoice();
    const res = await page(pathOf(invoice.invoiceUrl));
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');

    // Every answer's (test/foundation/security-headers.test.ts), none of the page's others.
    const api = await t.client.get('/account/tenant', acme.key);
    expect(api.status).toBe(200);
    expect(api.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none';frame-ancestors 'none'" });
    for (const header of ['referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy']) {
      expect(api.headers[header]).toBeUndefined();
    }
  });

  it('answers the 404 page for a wrong slug, id or token, a missing token, a malformed id, or a draft', async () => {
    const invoice = await openInvoice();
    const url = new URL(invoice.invoiceUrl);
    const token = url.searchParams.get('token')!;
    const other = await openInvoice();
    const draft = await createOneOffInvoice(t, acme.key, acmeCustomer);
    const draftToken = new URL(draft.invoiceUrl).searchParams.get('token')!;
    const cases = [
      `/pay/${globex.slug}/invoices/${invoice.id}?token=${token}`,
      `/pay/no-such-seller/invoices/${invoice.id}?token=${token}`,
      `/pay/${acme.slug}/invoices/${other.id}?token=${token}`,
      `/pay/${acme.slug}/invoices/${invoice.id}?token=${token.slice(0, -1)}`,
      `/pay/${acme.slug}/invoices/${invoice.id}?token=`,
      `/pay/${acme.slug}/invoices/${invoice.id}`,
      `/pay/${acme.slug}/invoices/${invoice.id}?token=${token}&token=${token}`,
      `/pay/${acme.slug}/invoices/not-a-uuid?token=${token}`,
      `/pay/${acme.slug}/invoices/${draft.id}?token=${draftToken}`,
      // Strings the database cannot hold name no invoice either (the fuzz battery found a 422 here).
      `/pay/${acme.slug}/invoices/${invoice.id}?token=%00`,
      `/pay/${acme.slug}/invoices/${invoice.id}?token=%ED%A0%80`,
      `/pay/${acme.slug}%00/invoices/${invoice.id}?token=${token}`,
    ];
    for (const path of cases) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.html).toContain('Invoice not found');
      expect(res.html).not.toContain('Acme');
    }
    expect((await page(pathOf(invoice.invoiceUrl))).status).toBe(200);
  });

  it('never shows another account\'s invoice under this account\'s slug, even with its token', async () => {
    const globexCustomer = await createCustomer(t, globex.key, { name: 'Bia', email: 'bia@example.com' });
    const theirs = await openInvoice(globex.key, globexCustomer);
    const token = new URL(theirs.invoiceUrl).searchParams.get('token')!;
    const res = await page(`/pay/${acme.slug}/invoices/${theirs.id}?token=${token}`);
    expect(res.status).toBe(404);
    const own = await page(pathOf(theirs.invoiceUrl));
    expect(own.status).toBe(200);
    expect(own.html).toContain('Globex');
    expect(own.html).not.toContain('Acme');
  });

  it('the link of a sent invoice email opens the page', async () => {
    const invoice = await openInvoice();
    const sent = await t.client.post(`/billing/invoices/${invoice.id}/send`, acme.key);
    expect(sent.status, sent.raw).toBe(200);
    const emails = await t.client.get('/test/emails?to=ana@example.com&limit=100', acme.key);
    const email = emails.body.emails.find((e: { text: string }) => e.text.includes(invoice.invoiceNumber));
    const link = /Ver e pagar a fatura: (\S+)/.exec(email.text)![1]!;
    expect(link).toBe(invoice.invoiceUrl);
    const res = await page(pathOf(link));
    expect(res.status).toBe(200);
    expect(res.html).toContain(invoice.invoiceNumber);
  });

  it('shows paid and void invoices with their status and what is due', async () => {
    const voided = await openInvoice();
    expect((await t.client.post(`/billing/invoices/${voided.id}/void`, acme.key)).status).toBe(200);
    const res = await page(pathOf(voided.invoiceUrl));
    expect(res.status).toBe(200);
    expect(res.html).toContain('data-testid="status">Void</span>');
    expect(res.html).toContain('<strong data-testid="amount-due">R$0.00</strong>');
    expect(res.html).not.toContain('data-method=');

    const paid = await openInvoice();
    const paidAt = new Date('2026-05-04T10:00:00Z');
    await t.database.db.transaction().execute((tx) => markInvoicePaid(tx, contextFor(t, acme), paid.id, paidAt));
    const paidPage = await page(pathOf(paid.invoiceUrl));
    expect(paidPage.status).toBe(200);
    expect(paidPage.html).toContain('data-testid="status">Paid</span>');
    expect(paidPage.html).toContain('Paid on May 4, 2026.');
    expect(paidPage.html).toContain('<strong data-testid="amount-due">R$0.00</strong>');
    expect(paidPage.html).toContain('<td class="num" data-testid="total">R$1,234.80</td>');
    expect(paidPage.html).toContain('data-testid="receipt"');
    expect(paidPage.html).toContain('<dd data-testid="receipt-amount">R$1,234.80</dd>');
    expect(paidPage.html).toContain('<dd data-testid="receipt-date">May 4, 2026</dd>');
    // The receipt's print button is the one script, under the page's nonce.
    expect(paidPage.html).not.toMatch(/<script(?![^>]*\snonce=)/);
  });

  it('shows a production invoice without the test-mode notice', async () => {
    const customer = await createCustomer(t, acme.liveKey, { name: 'Caio', email: 'caio@example.com' });
    const invoice = await openInvoice(acme.liveKey, customer);
    const res = await page(pathOf(invoice.invoiceUrl));
    expect(res.status).toBe(200);
    expect(res.html).not.toContain('Test mode');
    // No provider connected in production yet: no pay buttons, a sentence saying so.
    expect(res.html).not.toContain('data-testid="method-');
    expect(res.html).toContain('data-testid="no-methods"');
    expect(res.html).not.toContain('<script');
  });
});
