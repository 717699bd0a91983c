// The dashboard's invoices pages (issue #32) on a real database: the list (filters, pages of 25),
// one invoice's page (lines, totals, payments, credit notes, hosted link), and its actions through
// the API (finalize, send, mark uncollectible, void): CSRF 403, role 403, another account's id
// 404, the API's own refusal shown with its status, and a double submit that acts once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser } from '../../../test/dashboard.ts';
import { createCustomer, createOneOffInvoice } from '../../modules/invoices/test-fixtures.ts';
import { eventsOf, openInvoice, paidPayment } from '../../modules/payments/test-fixtures.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { formFields, memberWithRole, shopWithOwner, type SeededShop } from '../../../test/dashboard-money.ts';

let t: TestContext;
let ana: SeededShop;
let bruno: SeededShop;
let carla: string;
let brunosInvoice: string;

const idsIn = (html: string) => [...html.matchAll(/<li id="invoice-([0-9a-f-]+)">/g)].map((m) => m[1]);
const statusOf = async (key: string, id: string) => (await t.client.get(`/billing/invoices/${id}`, key)).body.status as string;

/** Posts the action's form as found on the invoice page (its csrf and idempotencyKey). */
async function act(browser: DashboardBrowser, id: string, action: string, change: Partial<Record<'csrf' | 'idempotencyKey', string>> = {}) {
  const page = await browser.get(`/dashboard/invoices/${id}`);
  const fields = { ...formFields(page.html, `/dashboard/invoices/${id}/${action}`), ...change };
  return { fields, answer: await browser.post(`/dashboard/invoices/${id}/${action}`, fields) };
}

beforeAll(async () => {
  t = await startTestApp();
  ana = await shopWithOwner(t, 'Loja da Ana', 'ana@loja.example');
  bruno = await shopWithOwner(t, 'Loja do Bruno', 'bruno@loja.example');
  carla = await createCustomer(t, ana.key, { name: 'Carla Dias', email: 'carla@example.com' });
  const brunosCustomer = await createCustomer(t, bruno.key, { name: 'Cliente do Bruno', email: 'c@bruno.example' });
  brunosInvoice = (await openInvoice(t, bruno.key, brunosCustomer)).id;
});
afterAll(() => t.close());

describe('the invoices list', () => {
  it('lists the tenant\'s invoices newest first, filters by status and customer, pages of 25', async () => {
    const davi = await createCustomer(t, ana.key, { name: 'Davi Reis', email: 'davi@example.com' });
    const draft = await createOneOffInvoice(t, ana.key, carla);
    const open = await openInvoice(t, ana.key, carla);
    const many: string[] = [];
    for (let i = 0; i < 26; i++) many.push((await createOneOffInvoice(t, ana.key, davi)).id);
    const all = await ana.owner.get('/dashboard/invoices');
    expect(all.status).toBe(200);
    expect(all.html).toContain('id="nav-invoices" aria-current="page"');
    expect(idsIn(all.html)).toEqual([...many].reverse().slice(0, 25));
    expect(idsIn(all.html)).not.toContain(brunosInvoice);
    expect(idsIn((await ana.owner.get(`/dashboard/invoices?customerId=${carla}`)).html)).toEqual([open.id, draft.id]);
    expect(idsIn((await ana.owner.get(`/dashboard/invoices?customerId=${carla}&status=open`)).html)).toEqual([open.id]);
    expect((await ana.owner.get('/dashboard/invoices?customerId=not-a-uuid')).html).toContain('id="no-invoices"');
    const first = await ana.owner.get(`/dashboard/invoices?customerId=${davi}&status=draft`);
    const next = /<a href="([^"]+)" id="next-page">/.exec(first.html)![1]!.replace(/&amp;/g, '&').replace(/&#x3D;/g, '=');
    expect(next).toMatch(new RegExp(`^/dashboard/invoices\\?status=draft&customerId=${davi}&cursor=`));
    const second = await ana.owner.get(next);
    expect(idsIn(second.html)).toEqual([many[0]]);
    expect(second.html).not.toContain('id="next-page"');
  });

  it('sends a signed-out browser to the sign-in page', async () => {
    expect((await new DashboardBrowser(t).get('/dashboard/invoices')).location).toBe('/dashboard/login');
  });
});

describe('an invoice page', () => {
  it('shows lines, totals, the hosted link, payments and credit notes, in pt-BR and English', async () => {
    // 2 x 50.00 = 100.00, paid by Pix; a credit note of 30.00 (outcome refund) refunds part of it.
    const { invoice, payment } = await paidPayment(t, ana.key, carla);
    const note = await t.client.post(`/billing/invoices/${invoice.id}/credit-notes`, ana.key, { amount: '30.00', reason: 'Desconto combinado', outcome: 'refund' });
    expect(note.status, note.raw).toBe(201);
    const page = await ana.owner.get(`/dashboard/invoices/${invoice.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<span id="invoice-number">${invoice.invoiceNumber}</span>`);
    expect(page.html).toContain('<dd id="invoice-status">paga</dd>');
    expect(page.html).toContain('<tr><td>Consulting</td><td>2</td><td>R$\u00a050,00</td><td>R$\u00a0100,00</td></tr>');
    expect(page.html).toContain('<dd id="invoice-total">R$\u00a0100,00</dd>');
    expect(page.html).toContain('<dd id="invoice-credited">R$\u00a030,00</dd>');
    expect(page.html).toContain(`value="${invoice.invoiceUrl.replace(/=/g, '&#x3D;')}" readonly`);
    expect(page.html).toContain(`<a href="/dashboard/payments/${payment.id}">Pix</a> <strong>R$\u00a0100,00</strong>`);
    expect(page.html).toContain(`<span>${note.body.number}</span> <strong>R$\u00a030,00</strong> <span class="note">estorno · Desconto combinado`);
    expect(page.html).toContain(`<a href="/dashboard/customers/${carla}">Carla Dias</a>`);
    expect(page.html).toContain('id="no-actions"'); // a paid invoice has no action
    const english = await (await shopBrowser('en')).get(`/dashboard/invoices/${invoice.id}`);
    expect(english.html).toContain('<dd id="invoice-total">R$100.00</dd>');
    expect(english.html).toContain('<dd id="invoice-status">paid</dd>');
  });

  it('answers 404 for another account\'s invoice and a malformed id, on the page and its actions', async () => {
    const mine = await createOneOffInvoice(t, ana.key, carla);
    const fields = formFields((await ana.owner.get(`/dashboard/invoices/${mine.id}`)).html, `/dashboard/invoices/${mine.id}/void`);
    for (const id of [brunosInvoice, 'not-a-uuid', '00000000-0000-7000-8000-000000000000']) {
      const page = await ana.owner.get(`/dashboard/invoices/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.html).toContain('id="not-found"');
      const posted = await ana.owner.post(`/dashboard/invoices/${id}/void`, fields);
      expect(posted.status, id).toBe(404);
    }
    expect(await statusOf(bruno.key, brunosInvoice)).toBe('open');
  });
});

async function shopBrowser(language: string): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t, language);
  expect((await browser.signIn(ana.email, 'a long password')).status).toBe(303);
  return browser;
}

describe('the invoice actions', () => {
  it('finalizes a draft through the API; a double submit replays and finalizes once', async () => {
    const draft = await createOneOffInvoice(t, ana.key, carla);
    const page = await ana.owner.get(`/dashboard/invoices/${draft.id}`);
    expect(page.html).toContain('id="action-finalize"');
    expect(page.html).toContain('id="action-void"');
    expect(page.html).not.toContain('id="action-send"');
    const { fields, answer } = await act(ana.owner, draft.id, 'finalize');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/dashboard/invoices/${draft.id}`);
    const again = await ana.owner.post(`/dashboard/invoices/${draft.id}/finalize`, fields);
    expect(again.status).toBe(303);
    const finalized = (await eventsOf(t, ana.key, 'invoice.finalized')).filter((event) => event.data.id === draft.id);
    expect(finalized).toHaveLength(1);
    const after = await ana.owner.get(`/dashboard/invoices/${draft.id}`);
    expect(after.html).toContain('<dd id="invoice-status">em aberto</dd>');
    expect(after.html).toContain('id="action-send"');
    expect(after.html).toContain('id="hosted-link"');
  });

  it('shows the API\'s refusal with its status when the status does not allow the action', async () => {
    const draft = await createOneOffInvoice(t, ana.key, carla);
    const fields = formFields((await ana.owner.get(`/dashboard/invoices/${draft.id}`)).html, `/dashboard/invoices/${draft.id}/void`);
    const answer = await ana.owner.post(`/dashboard/invoices/${draft.id}/mark-uncollectible`, fields);
    expect(answer.status).toBe(409);
    expect(answer.html).toContain(MONEY_TEXT['pt-BR'].errors.conflict);
    expect(await statusOf(ana.key, draft.id)).toBe('draft');
  });

  it('voids and marks uncollectible (owner), sends by email', async () => {
    const toVoid = await openInvoice(t, ana.key, carla);
    expect((await act(ana.owner, toVoid.id, 'void')).answer.status).toBe(303);
    expect(await statusOf(ana.key, toVoid.id)).toBe('void');
    const toWriteOff = await openInvoice(t, ana.key, carla);
    expect((await act(ana.owner, toWriteOff.id, 'mark-uncollectible')).answer.status).toBe(303);
    expect(await statusOf(ana.key, toWriteOff.id)).toBe('uncollectible');
    const toSend = await openInvoice(t, ana.key, carla);
    expect((await act(ana.owner, toSend.id, 'send')).answer.status).toBe(303);
    expect((await eventsOf(t, ana.key, 'invoice.sent')).filter((event) => event.data.id === toSend.id)).toHaveLength(1);
  });

  it('refuses a missing or wrong CSRF token with 403 and changes nothing', async () => {
    const open = await openInvoice(t, ana.key, carla);
    for (const csrf of ['', 'wrong']) {
      const { answer } = await act(ana.owner, open.id, 'void', { csrf });
      expect(answer.status).toBe(403);
    }
    expect(await statusOf(ana.key, open.id)).toBe('open');
  });

  it('support may only send; read_only may only read; both get 403 and nothing changes', async () => {
    const support = await memberWithRole(t, ana, 'suporte@loja.example', 'support');
    const readOnly = await memberWithRole(t, ana, 'leitura@loja.example', 'read_only');
    const open = await openInvoice(t, ana.key, carla);
    const supportPage = await support.get(`/dashboard/invoices/${open.id}`);
    expect(supportPage.html).toContain('id="action-send"');
    expect(supportPage.html).not.toContain('id="action-void"');
    const readOnlyPage = await readOnly.get(`/dashboard/invoices/${open.id}`);
    expect(readOnlyPage.status).toBe(200);
    expect(readOnlyPage.html).toContain('id="no-actions"');
    // The forms they do not see, posted anyway with their own session's token.
    const supportFields = formFields(supportPage.html, `/dashboard/invoices/${open.id}/send`);
    for (const action of ['void', 'mark-uncollectible']) {
      const answer = await support.post(`/dashboard/invoices/${open.id}/${action}`, supportFields);
      expect(answer.status, action).toBe(403);
      expect(answer.html).toContain(MONEY_TEXT['pt-BR'].forbidden);
    }
    const readOnlyCsrf = /name="csrf" value="([^"]+)"/.exec(readOnlyPage.html)![1]!;
    const refused = await readOnly.post(`/dashboard/invoices/${open.id}/send`, { csrf: readOnlyCsrf, idempotencyKey: 'read-only-try' });
    expect(refused.status).toBe(403);
    expect(await statusOf(ana.key, open.id)).toBe('open');
    expect((await eventsOf(t, ana.key, 'invoice.sent')).filter((event) => event.data.id === open.id)).toHaveLength(0);
    expect((await support.post(`/dashboard/invoices/${open.id}/send`, supportFields)).status).toBe(303);
    expect((await eventsOf(t, ana.key, 'invoice.sent')).filter((event) => event.data.id === open.id)).toHaveLength(1);
  });
});
