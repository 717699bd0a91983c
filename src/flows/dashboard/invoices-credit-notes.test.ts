// The invoice page's credit note forms (issue #32) on a real database, through the API's own
// POST /billing/invoices/{id}/credit-notes: a whole amount credited to the customer's balance, per
// line on an open invoice (lowering amountDue), a refund of the payment (by support), the API's
// refusals shown on the page (422 credit_note_exceeds_invoice, 409 on a void invoice), a double
// submit that credits once, CSRF 403, read_only 403 with nothing written, another account's 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import type { DashboardBrowser } from '../../../test/dashboard.ts';
import { memberWithRole, shopWithOwner, type SeededShop } from '../../../test/dashboard-money.ts';
import { createCustomer } from '../../modules/invoices/test-fixtures.ts';
import { openInvoice, paidPayment } from '../../modules/payments/test-fixtures.ts';
import { CREDIT_NOTE_TEXT } from './invoices-credit-notes.text.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';

let t: TestContext;
let ana: SeededShop;
let bruno: SeededShop;
let carla: string;

/** Two lines: 2 x 50.00 = 100.00 and 3 x 10.00 = 30.00; total 130.00. */
const TWO_LINES = { lineItems: [{ description: 'Consultoria', quantity: '2', unitPrice: '50.00' }, { description: 'Suporte', quantity: '3', unitPrice: '10.00' }] };

/** The csrf and idempotencyKey of the form with this id on the page. */
function formOf(html: string, formId: string): { csrf: string; idempotencyKey: string } {
  const start = html.indexOf(`id="${formId}"`);
  if (start < 0) throw new Error(`no form ${formId}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(form)![1]!;
  return { csrf: field('csrf'), idempotencyKey: field('idempotencyKey') };
}

/** Posts a credit note form as found on the invoice page, with these fields typed in. */
async function credit(browser: DashboardBrowser, invoiceId: string, by: 'amount' | 'lines', typed: Record<string, string>) {
  const page = await browser.get(`/dashboard/invoices/${invoiceId}`);
  const fields = { ...formOf(page.html, by === 'amount' ? 'credit-note-amount-form' : 'credit-note-lines-form'), by, ...typed };
  return { fields, answer: await browser.post(`/dashboard/invoices/${invoiceId}/credit-notes`, fields) };
}

/** A customer of Ana's of its own, with no balance: no earlier credit is applied to its invoices. */
const freshCustomer = (name: string) => createCustomer(t, ana.key, { name, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com` });
const invoiceOf = async (key: string, id: string) => (await t.client.get(`/billing/invoices/${id}`, key)).body;
const creditNotesOf = async (key: string, id: string) => (await t.client.get(`/billing/invoices/${id}/credit-notes`, key)).body.creditNotes as Array<Record<string, any>>;
const balancesOf = async (key: string, customerId: string) => (await t.client.get(`/customers/${customerId}`, key)).body.balances;

beforeAll(async () => {
  t = await startTestApp();
  ana = await shopWithOwner(t, 'Loja da Ana', 'ana@loja.example');
  bruno = await shopWithOwner(t, 'Loja do Bruno', 'bruno@loja.example');
  carla = await createCustomer(t, ana.key, { name: 'Carla Dias', email: 'carla@example.com' });
});
afterAll(() => t.close());

describe('a credit note from the invoice page', () => {
  it("credits a whole amount of a paid invoice to the customer's balance, and lists it with its ledger lines", async () => {
    // 2 x 50.00 = 100.00, paid by Pix.
    const elisa = await freshCustomer('Elisa Prado');
    const { invoice } = await paidPayment(t, ana.key, elisa);
    const page = await ana.owner.get(`/dashboard/invoices/${invoice.id}`);
    expect(page.html).toContain('id="credit-note-forms"');
    expect(page.html).toContain(CREDIT_NOTE_TEXT['pt-BR'].outcomes.creditPaid);
    expect(page.html).toContain(CREDIT_NOTE_TEXT['pt-BR'].outcomes.refund);
    const { answer } = await credit(ana.owner, invoice.id, 'amount', { amount: '30,00', reason: 'Desconto combinado', outcome: 'credit' });
    expect(answer.status, answer.html).toBe(303);
    expect(answer.location).toBe(`/dashboard/invoices/${invoice.id}`);
    // creditedAmount 0.00 + 30.00 = 30.00; the invoice stays paid (amountDue 0.00); the customer's
    // BRL balance 0.00 + 30.00 = 30.00, for her next invoice.
    expect(await invoiceOf(ana.key, invoice.id)).toMatchObject({ status: 'paid', creditedAmount: '30.00', amountDue: '0.00', total: '100.00' });
    expect(await balancesOf(ana.key, elisa)).toEqual([{ currency: 'BRL', amount: '30.00' }]);
    const [note] = await creditNotesOf(ana.key, invoice.id);
    expect(note).toMatchObject({ amount: '30.00', outcome: 'credit', reason: 'Desconto combinado', lines: [] });
    const after = await ana.owner.get(`/dashboard/invoices/${invoice.id}`);
    expect(after.html).toContain('<dd id="invoice-credited">R$\u00a030,00</dd>');
    expect(after.html).toContain(`<li id="credit-note-${note!.id}"><span>${note!.number}</span> <strong>R$\u00a030,00</strong> <span class="note">crédito · Desconto combinado`);
    // Its ledger transaction: 30.00 on one side and the other (sales returns against the customer's credit).
    const ledger = new RegExp(`<table class="ledger" id="credit-note-ledger-${note!.id}">(.*?)</table>`, 's').exec(after.html)?.[1] ?? '';
    expect(ledger).toContain('credit_note');
    expect(ledger.match(/R\$\u00a030,00/g)).toHaveLength(2);
    expect(ledger).toContain(`customers:${elisa}:credit`);
  });

  it('credits lines of an open invoice by amount and by quantity, lowering its amount due', async () => {
    const invoice = await openInvoice(t, ana.key, await freshCustomer('Fabio Lima'), TWO_LINES);
    const page = await ana.owner.get(`/dashboard/invoices/${invoice.id}`);
    // An open invoice: credit lowers what is owed; there is no payment to refund.
    expect(page.html).toContain(CREDIT_NOTE_TEXT['pt-BR'].outcomes.creditOpen);
    expect(page.html).not.toContain('id="lines-outcome-refund"');
    expect(page.html).toContain('<legend>Consultoria · R$\u00a0100,00</legend>');
    const { answer } = await credit(ana.owner, invoice.id, 'lines', { amount_0: '20,00', quantity_0: '', amount_1: '', quantity_1: '1', reason: 'Horas não usadas', outcome: 'credit' });
    expect(answer.status, answer.html).toBe(303);
    // Line 1: 20.00 by amount; line 2: 1 x 10.00 = 10.00 by quantity; 20.00 + 10.00 = 30.00.
    // amountDue 130.00 - 30.00 = 100.00; the invoice stays open; no balance for the customer.
    const [note] = await creditNotesOf(ana.key, invoice.id);
    expect(note).toMatchObject({ amount: '30.00', outcome: 'credit' });
    expect(note!.lines.map((line: Record<string, string>) => [line.lineItemId, line.quantity, line.amount])).toEqual([
      [invoice.lineItems[0].id, null, '20.00'],
      [invoice.lineItems[1].id, '1', '10.00'],
    ]);
    expect(await invoiceOf(ana.key, invoice.id)).toMatchObject({ status: 'open', creditedAmount: '30.00', amountDue: '100.00' });
    const after = await ana.owner.get(`/dashboard/invoices/${invoice.id}`);
    expect(after.html).toContain(`<ul class="prices" id="credit-note-lines-${note!.id}"`);
    expect(after.html).toContain('<li>Consultoria: R$\u00a020,00</li><li>Suporte: R$\u00a010,00</li>');
  });

  it('support refunds the payment of a paid invoice', async () => {
    const support = await memberWithRole(t, ana, 'suporte@loja.example', 'support');
    const gabi = await freshCustomer('Gabi Souza');
    const { invoice, payment } = await paidPayment(t, ana.key, gabi);
    const { answer } = await credit(support, invoice.id, 'amount', { amount: '40.00', reason: 'Produto com defeito', outcome: 'refund' });
    expect(answer.status, answer.html).toBe(303);
    // 40.00 of the 100.00 payment goes back: refundedAmount 0.00 + 40.00 = 40.00; the invoice's
    // creditedAmount 40.00; the customer's balance does not move (the money went back instead).
    expect((await t.client.get(`/billing/payments/${payment.id}`, ana.key)).body.refundedAmount).toBe('40.00');
    expect(await invoiceOf(ana.key, invoice.id)).toMatchObject({ status: 'paid', creditedAmount: '40.00' });
    expect(await creditNotesOf(ana.key, invoice.id)).toMatchObject([{ amount: '40.00', outcome: 'refund' }]);
    expect(await balancesOf(ana.key, gabi)).toEqual([]);
  });

  it("shows the API's refusals on the page at their status, the typed values kept, nothing written", async () => {
    const { invoice } = await paidPayment(t, ana.key, carla);
    // 150.00 is more than the 100.00 - 0.00 left of the invoice.
    const over = await credit(ana.owner, invoice.id, 'amount', { amount: '150.00', reason: 'Engano', outcome: 'credit' });
    expect(over.answer.status).toBe(422);
    expect(over.answer.html).toContain(MONEY_TEXT['pt-BR'].errors.credit_note_exceeds_invoice);
    expect(over.answer.html).toContain('id="credit-amount" name="amount" inputmode="decimal" maxlength="20" required value="150.00"');
    const malformed = await credit(ana.owner, invoice.id, 'amount', { amount: '1.000,00', reason: 'Engano', outcome: 'credit' });
    expect([malformed.answer.status, malformed.answer.html.includes(MONEY_TEXT['pt-BR'].badAmount)]).toEqual([422, true]);
    const noLine = await credit(ana.owner, invoice.id, 'lines', { reason: 'Engano', outcome: 'credit' });
    expect([noLine.answer.status, noLine.answer.html.includes(CREDIT_NOTE_TEXT['pt-BR'].noLines)]).toEqual([422, true]);
    expect(await creditNotesOf(ana.key, invoice.id)).toEqual([]);
    expect((await invoiceOf(ana.key, invoice.id)).creditedAmount).toBe('0.00');
    // A void invoice takes no credit note: the API's 409, shown; the form is not offered there.
    const open = await openInvoice(t, ana.key, carla);
    const fields = formOf((await ana.owner.get(`/dashboard/invoices/${open.id}`)).html, 'credit-note-amount-form');
    expect((await t.client.post(`/billing/invoices/${open.id}/void`, ana.key)).status).toBe(200);
    const voided = await ana.owner.get(`/dashboard/invoices/${open.id}`);
    expect(voided.html).not.toContain('id="credit-note-forms"');
    const conflict = await ana.owner.post(`/dashboard/invoices/${open.id}/credit-notes`, { ...fields, by: 'amount', amount: '10.00', reason: 'x', outcome: 'credit' });
    expect(conflict.status).toBe(409);
    expect(conflict.html).toContain(MONEY_TEXT['pt-BR'].errors.conflict);
    expect(await creditNotesOf(ana.key, open.id)).toEqual([]);
  });

  it('a double submit (the same Idempotency-Key) credits once', async () => {
    const { invoice } = await paidPayment(t, ana.key, carla);
    const { fields, answer } = await credit(ana.owner, invoice.id, 'amount', { amount: '10.00', reason: 'Duplo clique', outcome: 'credit' });
    expect(answer.status).toBe(303);
    const again = await ana.owner.post(`/dashboard/invoices/${invoice.id}/credit-notes`, fields);
    expect(again.status).toBe(303);
    // One credit note of 10.00, not two: creditedAmount 10.00, not 20.00.
    expect(await creditNotesOf(ana.key, invoice.id)).toHaveLength(1);
    expect((await invoiceOf(ana.key, invoice.id)).creditedAmount).toBe('10.00');
  });
});

describe('who may issue a credit note', () => {
  it('refuses a missing or wrong CSRF token with 403, nothing written', async () => {
    const { invoice } = await paidPayment(t, ana.key, carla);
    for (const csrf of ['', 'wrong']) {
      const { answer } = await credit(ana.owner, invoice.id, 'amount', { csrf, amount: '10.00', reason: 'x', outcome: 'credit' });
      expect(answer.status).toBe(403);
    }
    expect(await creditNotesOf(ana.key, invoice.id)).toEqual([]);
  });

  it('read_only sees no form and is refused with 403, nothing written', async () => {
    const readOnly = await memberWithRole(t, ana, 'leitura@loja.example', 'read_only');
    const { invoice } = await paidPayment(t, ana.key, carla);
    const page = await readOnly.get(`/dashboard/invoices/${invoice.id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('id="credit-note-forms"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)![1]!;
    const refused = await readOnly.post(`/dashboard/invoices/${invoice.id}/credit-notes`, { csrf, idempotencyKey: 'read-only-try', by: 'amount', amount: '10.00', reason: 'x', outcome: 'credit' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(MONEY_TEXT['pt-BR'].forbidden);
    expect(await creditNotesOf(ana.key, invoice.id)).toEqual([]);
    expect((await invoiceOf(ana.key, invoice.id)).creditedAmount).toBe('0.00');
  });

  it("answers 404 for another account's invoice and a malformed id, nothing written", async () => {
    const brunosCustomer = await createCustomer(t, bruno.key, { name: 'Cliente do Bruno', email: 'c@bruno.example' });
    const { invoice: brunos } = await paidPayment(t, bruno.key, brunosCustomer);
    const { invoice: mine } = await paidPayment(t, ana.key, carla);
    const fields = formOf((await ana.owner.get(`/dashboard/invoices/${mine.id}`)).html, 'credit-note-amount-form');
    for (const id of [brunos.id, 'not-a-uuid', '00000000-0000-7000-8000-000000000000']) {
      const posted = await ana.owner.post(`/dashboard/invoices/${id}/credit-notes`, { ...fields, by: 'amount', amount: '10.00', reason: 'x', outcome: 'credit' });
      expect(posted.status, id).toBe(404);
      expect(posted.html).toContain('id="not-found"');
    }
    expect(await creditNotesOf(bruno.key, brunos.id)).toEqual([]);
    expect((await invoiceOf(bruno.key, brunos.id)).creditedAmount).toBe('0.00');
  });
});
