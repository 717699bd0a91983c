// The dashboard's payments pages (issue #32) on a real database: the list (filters), one payment's
// page (processor reference, refunds, credit notes, ledger lines), and its refund form through
// POST /billing/payments/{id}/refunds: CSRF 403, role 403, another account's id 404, the API's
// refusals shown with their status, and a double submit that refunds once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser } from '../../../test/dashboard.ts';
import { createCustomer } from '../../modules/invoices/test-fixtures.ts';
import { charge, openInvoice, paidPayment } from '../../modules/payments/test-fixtures.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { refundAmountOf } from './payments-routes.ts';
import { formFields, memberWithRole, shopWithOwner, type SeededShop } from '../../../test/dashboard-money.ts';

let t: TestContext;
let ana: SeededShop;
let bruno: SeededShop;
let carla: string;
let brunosPayment: string;

const idsIn = (html: string) => [...html.matchAll(/<li id="payment-([0-9a-f-]+)">/g)].map((m) => m[1]);
const refundsOf = async (key: string, id: string) => (await t.client.get(`/billing/payments/${id}/refunds`, key)).body.refunds as Array<{ amount: string }>;
const row = (account: string, debit: string, credit: string) => `<tr><td>${account}</td><td>${debit}</td><td>${credit}</td></tr>`;
const brl = (amount: string) => `R$\u00a0${amount}`;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Posts the refund form as found on the payment page, with the typed amount and reason. */
async function refund(browser: DashboardBrowser, id: string, typed: { amount?: string; reason?: string }, change: Partial<Record<'csrf' | 'idempotencyKey', string>> = {}) {
  const page = await browser.get(`/dashboard/payments/${id}`);
  const fields = { ...formFields(page.html, `/dashboard/payments/${id}/refunds`), amount: typed.amount ?? '', reason: typed.reason ?? '', ...change };
  return { fields, answer: await browser.post(`/dashboard/payments/${id}/refunds`, fields) };
}

beforeAll(async () => {
  t = await startTestApp();
  ana = await shopWithOwner(t, 'Loja da Ana', 'ana@loja.example');
  bruno = await shopWithOwner(t, 'Loja do Bruno', 'bruno@loja.example');
  carla = await createCustomer(t, ana.key, { name: 'Carla Dias', email: 'carla@example.com' });
  brunosPayment = (await paidPayment(t, bruno.key, await createCustomer(t, bruno.key, { name: 'B', email: 'b@bruno.example' }))).payment.id;
});
afterAll(() => t.close());

describe('the payments list', () => {
  it('lists the tenant\'s payments newest first, filtered by status and method', async () => {
    const { payment: paid } = await paidPayment(t, ana.key, carla);
    const pending = await charge(t, ana.key, (await openInvoice(t, ana.key, carla)).id, { method: 'boleto' });
    const all = await ana.owner.get('/dashboard/payments');
    expect(all.status).toBe(200);
    expect(all.html).toContain('id="nav-payments" aria-current="page"');
    expect(idsIn(all.html).slice(0, 2)).toEqual([pending.id, paid.id]);
    expect(idsIn(all.html)).not.toContain(brunosPayment);
    expect(idsIn((await ana.owner.get('/dashboard/payments?status=confirmed')).html)).not.toContain(pending.id);
    expect(idsIn((await ana.owner.get('/dashboard/payments?method=boleto')).html)).toEqual([pending.id]);
    expect((await ana.owner.get('/dashboard/payments?status=pending&method=pix')).html).toContain('id="no-payments"');
  });
});

describe('a payment page and its refund form', () => {
  it('refunds part of a payment once; the page shows the refund, its credit note and the ledger lines', async () => {
    // 2 x 50.00 = 100.00 paid by Pix; refunded 30.50, so 100.00 - 30.50 = 69.50 is left.
    const { invoice, payment } = await paidPayment(t, ana.key, carla);
    const before = await ana.owner.get(`/dashboard/payments/${payment.id}`);
    expect(before.html).toContain('<dd id="payment-provider">sandbox</dd>');
    expect(before.html).toContain(`<dd id="payment-reference">${payment.providerId}</dd>`);
    expect(before.html).toContain(`<a href="/dashboard/invoices/${payment.invoiceId}" id="payment-invoice">${invoice.invoiceNumber}</a>`);
    const { fields, answer } = await refund(ana.owner, payment.id, { amount: '30,50', reason: 'Item com defeito' });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/dashboard/payments/${payment.id}`);
    const again = await ana.owner.post(`/dashboard/payments/${payment.id}/refunds`, fields);
    expect(again.status).toBe(303);
    expect(await refundsOf(ana.key, payment.id)).toEqual([expect.objectContaining({ amount: '30.50' })]);
    const page = await ana.owner.get(`/dashboard/payments/${payment.id}`);
    expect(page.html).toContain(`<dd id="payment-refunded">${brl('30,50')}</dd>`);
    expect(page.html).toMatch(new RegExp(`<li id="refund-[0-9a-f-]+"><strong>${literal(brl('30,50'))}</strong> <span class="note">concluído · Item com defeito · `));
    expect(page.html).toMatch(new RegExp(`<li id="credit-note-[0-9a-f-]+"><span>CN-\\d{6}</span> <strong>${literal(brl('30,50'))}</strong> <span class="note">Item com defeito · `));
    // The payment's ledger: confirmed, clearing +100.00 / receivable -100.00; refunded, the
    // customer's credit +30.50 / clearing -30.50. The credit note's: credit_notes +30.50 / credit -30.50.
    expect(page.html).toContain(row('providers:sandbox:clearing', brl('100,00'), ''));
    expect(page.html).toContain(row(`customers:${carla}:receivable`, '', brl('100,00')));
    expect(page.html).toContain(row(`customers:${carla}:credit`, brl('30,50'), ''));
    expect(page.html).toContain(row('providers:sandbox:clearing', '', brl('30,50')));
    expect(page.html).toContain(row('credit_notes', brl('30,50'), ''));
    expect(page.html).toContain(row(`customers:${carla}:credit`, '', brl('30,50')));
    // 69.50 is left: 70.00 is refused by the API (422), shown in the page's words, and nothing moves.
    const over = await refund(ana.owner, payment.id, { amount: '70.00' });
    expect(over.answer.status).toBe(422);
    expect(over.answer.html).toContain(MONEY_TEXT['pt-BR'].errors.refund_exceeds_payment);
    expect(over.answer.html).toContain('value="70.00"');
    expect(await refundsOf(ana.key, payment.id)).toHaveLength(1);
    // Empty amount: all that is left, 69.50; the payment is then refunded and offers no form.
    expect((await refund(ana.owner, payment.id, {})).answer.status).toBe(303);
    expect((await refundsOf(ana.key, payment.id)).map((r) => r.amount)).toEqual(['69.50', '30.50']);
    const done = await ana.owner.get(`/dashboard/payments/${payment.id}`);
    expect(done.html).toContain('<dd id="payment-status">estornado</dd>');
    expect(done.html).not.toContain('id="refund-form"');
  });

  it('refuses a typed amount that is no decimal before calling the API', async () => {
    expect(refundAmountOf(' 12,5 ')).toBe('12.5');
    expect(refundAmountOf('')).toBeUndefined();
    expect(refundAmountOf('1.234,50')).toBeNull();
    const { payment } = await paidPayment(t, ana.key, carla);
    const { answer } = await refund(ana.owner, payment.id, { amount: 'dez reais' });
    expect(answer.status).toBe(422);
    expect(answer.html).toContain(MONEY_TEXT['pt-BR'].badAmount);
    expect(await refundsOf(ana.key, payment.id)).toHaveLength(0);
  });

  it('a pending payment offers no refund; a posted one gets the API\'s 409', async () => {
    const pending = await charge(t, ana.key, (await openInvoice(t, ana.key, carla)).id, { method: 'pix' });
    const page = await ana.owner.get(`/dashboard/payments/${pending.id}`);
    expect(page.html).not.toContain('id="refund-form"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)![1]!;
    const answer = await ana.owner.post(`/dashboard/payments/${pending.id}/refunds`, { csrf, idempotencyKey: 'pending-refund-try', amount: '', reason: '' });
    expect(answer.status).toBe(409);
    expect(answer.html).toContain(MONEY_TEXT['pt-BR'].errors.invalid_payment_state);
  });

  it('refuses a missing or wrong CSRF token with 403 and refunds nothing', async () => {
    const { payment } = await paidPayment(t, ana.key, carla);
    for (const csrf of ['', 'wrong']) expect((await refund(ana.owner, payment.id, { amount: '1.00' }, { csrf })).answer.status).toBe(403);
    expect(await refundsOf(ana.key, payment.id)).toHaveLength(0);
  });

  it('support may refund; read_only gets no form and 403', async () => {
    const support = await memberWithRole(t, ana, 'suporte@loja.example', 'support');
    const readOnly = await memberWithRole(t, ana, 'leitura@loja.example', 'read_only');
    const { payment } = await paidPayment(t, ana.key, carla);
    const readOnlyPage = await readOnly.get(`/dashboard/payments/${payment.id}`);
    expect(readOnlyPage.status).toBe(200);
    expect(readOnlyPage.html).not.toContain('id="refund-form"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(readOnlyPage.html)![1]!;
    const refused = await readOnly.post(`/dashboard/payments/${payment.id}/refunds`, { csrf, idempotencyKey: 'read-only-refund', amount: '10.00', reason: '' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(MONEY_TEXT['pt-BR'].forbidden);
    expect(await refundsOf(ana.key, payment.id)).toHaveLength(0);
    // Support refunds 10.00 of 100.00.
    expect((await refund(support, payment.id, { amount: '10,00' })).answer.status).toBe(303);
    expect((await refundsOf(ana.key, payment.id)).map((r) => r.amount)).toEqual(['10.00']);
  });

  it('answers 404 for another account\'s payment and a malformed id, on the page and the refund', async () => {
    const { payment } = await paidPayment(t, ana.key, carla);
    const fields = formFields((await ana.owner.get(`/dashboard/payments/${payment.id}`)).html, `/dashboard/payments/${payment.id}/refunds`);
    for (const id of [brunosPayment, 'not-a-uuid', '00000000-0000-7000-8000-000000000000']) {
      const page = await ana.owner.get(`/dashboard/payments/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.html).toContain('id="not-found"');
      expect((await ana.owner.post(`/dashboard/payments/${id}/refunds`, { ...fields, amount: '1.00', reason: '' })).status, id).toBe(404);
    }
    expect(await refundsOf(bruno.key, brunosPayment)).toHaveLength(0);
  });

  it('sends a signed-out browser to the sign-in page', async () => {
    expect((await new DashboardBrowser(t).get('/dashboard/payments')).location).toBe('/dashboard/login');
  });
});
