// Credit notes and the customer balance (docs/decisions/credit-notes.md, docs/ledger.md): a credit
// note with outcome credit becomes the customer's balance, which the next invoice in the currency
// applies before anything is charged; outcome refund pays the invoice's payments back; a refund of
// a paid invoice's payment makes its credit note; an advance downgrade whose proration invoice
// totals below zero (audit bug B1) becomes customer credit, and the next period's invoice bills
// the rest. Every story ends reconciled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';

const clock = new ManualClock('2026-02-01T00:00:00.000Z');
let t: TestContext;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const account = () => seedAccount(t.client, `Credit ${n++}`);

async function customer(acme: SeededAccount): Promise<string> {
  const res = await t.client.post('/customers', acme.key, { name: 'Ana', email: 'ana@example.com' });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

/** A one-off BRL invoice of these lines, finalized. */
async function finalized(acme: SeededAccount, customerId: string, lineItems: Array<{ description: string; quantity: string; unitPrice: string }>) {
  const draft = await t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems });
  expect(draft.status, draft.raw).toBe(201);
  const res = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

/** Pays the open invoice's amountDue by Pix, confirmed in the sandbox; answers the payment. */
async function pay(acme: SeededAccount, invoiceId: string) {
  const charge = await t.client.post(`/billing/invoices/${invoiceId}/payments`, acme.key, { method: 'pix' });
  expect(charge.status, charge.raw).toBe(201);
  const confirmed = await t.client.post(`/test/payments/${charge.body.id}/confirm`, acme.key);
  expect(confirmed.status, confirmed.raw).toBe(200);
  return confirmed.body;
}

const invoice = async (acme: SeededAccount, id: string) => (await t.client.get(`/billing/invoices/${id}`, acme.key)).body;
const balancesOf = async (acme: SeededAccount, customerId: string) => (await t.client.get(`/customers/${customerId}`, acme.key)).body.balances;
const ledgerBalance = async (acme: SeededAccount, customerId: string, account: string) => {
  const res = await t.client.get(`/billing/ledger/balances?customerId=${customerId}`, acme.key);
  return res.body.balances.find((b: { account: string }) => b.account === account)?.balance ?? '0.00';
};
const entries = (tx: { entries: Array<{ account: string; amount: string }> }) => tx.entries.map((e) => `${e.account} ${e.amount}`).sort();
async function transactionsOf(acme: SeededAccount, resourceType: string, resourceId: string) {
  return (await t.client.get(`/billing/ledger/transactions?resourceType=${resourceType}&resourceId=${resourceId}&limit=100`, acme.key)).body.transactions;
}
async function expectReconciled(acme: SeededAccount) {
  const res = await t.client.get('/billing/reconciliation', acme.key);
  expect(res.status, res.raw).toBe(200);
  expect(res.body.mismatches).toEqual([]);
  expect(res.body.reconciled).toBe(true);
  expect(res.body.checks).toContain('customer_balance');
}

describe('credit notes and the customer balance', () => {
  it('a 30.00 credit on a paid 100.00 invoice becomes the balance; the next 50.00 invoice bills 50.00 - 30.00 = 20.00', async () => {
    const acme = await account();
    const ana = await customer(acme);
    const first = await finalized(acme, ana, [{ description: 'Consulting', quantity: '1', unitPrice: '100.00' }]);
    await pay(acme, first.id);

    const note = await t.client.post(`/billing/invoices/${first.id}/credit-notes`, acme.key, { amount: '30.00', reason: 'Late delivery', outcome: 'credit' });
    expect(note.status, note.raw).toBe(201);
    expect(note.body).toMatchObject({ number: 'CN-000001', invoiceId: first.id, customerId: ana, currency: 'BRL', amount: '30.00', outcome: 'credit', lines: [] });
    // The invoice stays paid; creditedAmount 30.00; nothing is owed.
    expect(await invoice(acme, first.id)).toMatchObject({ status: 'paid', total: '100.00', creditedAmount: '30.00', amountDue: '0.00' });
    // Balance 0.00 + 30.00 = 30.00, on the customer and in the ledger (customers:<c>:credit, a credit: -30.00).
    expect(await balancesOf(acme, ana)).toEqual([{ currency: 'BRL', amount: '30.00' }]);
    expect(await ledgerBalance(acme, ana, `customers:${ana}:credit`)).toBe('-30.00');
    const [posted] = await transactionsOf(acme, 'credit_note', note.body.id);
    expect(entries(posted)).toEqual([`credit_notes 30.00`, `customers:${ana}:credit -30.00`]);

    // The next invoice, 50.00: the balance applies at finalization, amountDue 50.00 - 30.00 = 20.00.
    const second = await finalized(acme, ana, [{ description: 'Support', quantity: '2', unitPrice: '25.00' }]);
    expect(second).toMatchObject({ status: 'open', total: '50.00', appliedBalance: '30.00', amountDue: '20.00' });
    // Balance 30.00 - 30.00 = 0.00; the receivable of the invoice is its amountDue, 50.00 - 30.00.
    expect(await balancesOf(acme, ana)).toEqual([{ currency: 'BRL', amount: '0.00' }]);
    const applied = (await transactionsOf(acme, 'invoice', second.id)).find((tx: { kind: string }) => tx.kind === 'invoice.balance_applied');
    expect(entries(applied)).toEqual([`customers:${ana}:credit 30.00`, `customers:${ana}:receivable -30.00`]);
    // The charge asks for the 20.00 owed, not the 50.00 total.
    const payment = await pay(acme, second.id);
    expect(payment.amount).toBe('20.00');
    expect(await invoice(acme, second.id)).toMatchObject({ status: 'paid', amountDue: '0.00', appliedBalance: '30.00' });
    expect(await ledgerBalance(acme, ana, `customers:${ana}:credit`)).toBe('0.00');
    await expectReconciled(acme);
  });

  it('a balance larger than the next invoice pays it in full and keeps the rest: 30.00 - 12.00 = 18.00 left', async () => {
    const acme = await account();
    const ana = await customer(acme);
    const first = await finalized(acme, ana, [{ description: 'Consulting', quantity: '1', unitPrice: '100.00' }]);
    await pay(acme, first.id);
    expect((await t.client.post(`/billing/invoices/${first.id}/credit-notes`, acme.key, { amount: '30.00', reason: 'Goodwill', outcome: 'credit' })).status).toBe(201);
    const small = await finalized(acme, ana, [{ description: 'Add-on', quantity: '1', unitPrice: '12.00' }]);
    // 12.00 of the 30.00 applies: amountDue 12.00 - 12.00 = 0.00, paid at once, nothing charged.
    expect(small).toMatchObject({ status: 'paid', total: '12.00', appliedBalance: '12.00', amountDue: '0.00' });
    expect(await balancesOf(acme, ana)).toEqual([{ currency: 'BRL', amount: '18.00' }]);
    expect(await ledgerBalance(acme, ana, `customers:${ana}:credit`)).toBe('-18.00');
    await expectReconciled(acme);
  });

  it('outcome refund on a line: 1 of 2 units at 40.00 refunds 40.00 of the payment; the ledger takes it through the credit note', async () => {
    const acme = await account();
    const ana = await customer(acme);
    const paid = await finalized(acme, ana, [{ description: 'Seats', quantity: '2', unitPrice: '40.00' }]);
    const payment = await pay(acme, paid.id);
    const line = paid.lineItems[0].id;
    const note = await t.client.post(`/billing/invoices/${paid.id}/credit-notes`, acme.key, { lines: [{ lineItemId: line, quantity: '1' }], reason: 'One seat unused', outcome: 'refund' });
    expect(note.status, note.raw).toBe(201);
    // 1 x 40.00 = 40.00 of the 2 x 40.00 = 80.00 line.
    expect(note.body).toMatchObject({ amount: '40.00', outcome: 'refund', lines: [{ lineItemId: line, quantity: '1', amount: '40.00', description: 'Seats' }] });
    expect(await invoice(acme, paid.id)).toMatchObject({ status: 'paid', creditedAmount: '40.00', amountDue: '0.00' });
    // The payment is refunded through its provider: refundedAmount 0.00 + 40.00, still confirmed (80.00 - 40.00 left).
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.key)).body).toMatchObject({ status: 'confirmed', refundedAmount: '40.00' });
    // Ledger: the credit note credit_notes 40.00 / credit -40.00, the refund credit 40.00 / clearing -40.00.
    const [posted] = await transactionsOf(acme, 'credit_note', note.body.id);
    expect(entries(posted)).toEqual([`credit_notes 40.00`, `customers:${ana}:credit -40.00`]);
    const refund = (await transactionsOf(acme, 'payment', payment.id)).find((tx: { kind: string }) => tx.kind === 'payment.refunded');
    expect(entries(refund)).toEqual([`customers:${ana}:credit 40.00`, `providers:${payment.provider}:clearing -40.00`]);
    // Nothing stays with the customer: balance and credit account 0.00. Clearing 80.00 - 40.00 = 40.00.
    expect(await balancesOf(acme, ana)).toEqual([]);
    expect(await ledgerBalance(acme, ana, `customers:${ana}:credit`)).toBe('0.00');
    const clearing = (await t.client.get('/billing/ledger/balances', acme.key)).body.balances.find((b: { account: string }) => b.account === `providers:${payment.provider}:clearing`);
    expect(clearing.balance).toBe('40.00');
    // The line has 80.00 - 40.00 = 40.00 left to credit: 40.01 is refused.
    const over = await t.client.post(`/billing/invoices/${paid.id}/credit-notes`, acme.key, { lines: [{ lineItemId: line, amount: '40.01' }], reason: 'Too much', outcome: 'credit' });
    expect(over.status, over.raw).toBe(422);
    expect(over.body.error_code).toBe('credit_note_exceeds_invoice');
    await expectReconciled(acme);
  });

  it('a refund through POST /billing/payments/{id}/refunds makes the credit note; over-crediting is refused', async () => {
    const acme = await account();
    const ana = await customer(acme);
    const paid = await finalized(acme, ana, [{ description: 'Consulting', quantity: '1', unitPrice: '100.00' }]);
    const payment = await pay(acme, paid.id);
    const refund = await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, { amount: '25.00', reason: 'Partial refund' });
    expect(refund.status, refund.raw).toBe(201);
    const listed = await t.client.get(`/billing/invoices/${paid.id}/credit-notes`, acme.key);
    expect(listed.body.creditNotes.map((c: Record<string, unknown>) => [c.number, c.amount, c.outcome, c.reason])).toEqual([['CN-000001', '25.00', 'refund', 'Partial refund']]);
    expect(await invoice(acme, paid.id)).toMatchObject({ status: 'paid', creditedAmount: '25.00' });
    // Left to credit: 100.00 - 25.00 = 75.00. A credit note of 75.01 is refused, 75.00 (outcome credit) is taken.
    const over = await t.client.post(`/billing/invoices/${paid.id}/credit-notes`, acme.key, { amount: '75.01', reason: 'Too much', outcome: 'credit' });
    expect(over.status, over.raw).toBe(422);
    expect(over.body.error_code).toBe('credit_note_exceeds_invoice');
    const rest = await t.client.post(`/billing/invoices/${paid.id}/credit-notes`, acme.key, { amount: '75.00', reason: 'The rest as credit', outcome: 'credit' });
    expect(rest.status, rest.raw).toBe(201);
    expect(rest.body.number).toBe('CN-000002');
    // Now 100.00 - 100.00 = 0.00 is left: a refund of the 75.00 still on the payment is refused as a
    // credit note over the invoice, and the refund does not happen either.
    const refused = await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, { amount: '1.00' });
    expect(refused.status, refused.raw).toBe(422);
    expect(refused.body.error_code).toBe('credit_note_exceeds_invoice');
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.key)).body.refundedAmount).toBe('25.00');
    expect(await balancesOf(acme, ana)).toEqual([{ currency: 'BRL', amount: '75.00' }]);
    await expectReconciled(acme);
  });

  it('an open invoice credited: 100.00 - 40.00 = 60.00 due, then credited to zero it is paid', async () => {
    const acme = await account();
    const ana = await customer(acme);
    const open = await finalized(acme, ana, [{ description: 'Consulting', quantity: '1', unitPrice: '100.00' }]);
    const refund = await t.client.post(`/billing/invoices/${open.id}/credit-notes`, acme.key, { amount: '10.00', reason: 'Nothing paid', outcome: 'refund' });
    expect(refund.status, refund.raw).toBe(409);
    expect((await t.client.post(`/billing/invoices/${open.id}/credit-notes`, acme.key, { amount: '40.00', reason: 'Discount agreed', outcome: 'credit' })).status).toBe(201);
    // amountDue 100.00 - 40.00 = 60.00; the balance is untouched (the credit lowers what is owed).
    expect(await invoice(acme, open.id)).toMatchObject({ status: 'open', total: '100.00', creditedAmount: '40.00', amountDue: '60.00' });
    expect(await balancesOf(acme, ana)).toEqual([]);
    const more = await t.client.post(`/billing/invoices/${open.id}/credit-notes`, acme.key, { amount: '60.01', reason: 'Too much', outcome: 'credit' });
    expect(more.status).toBe(422);
    expect((await t.client.post(`/billing/invoices/${open.id}/credit-notes`, acme.key, { amount: '60.00', reason: 'Waived', outcome: 'credit' })).status).toBe(201);
    expect(await invoice(acme, open.id)).toMatchObject({ status: 'paid', creditedAmount: '100.00', amountDue: '0.00' });
    await expectReconciled(acme);
  });
});

describe('B1: an advance downgrade whose proration totals below zero', () => {
  it('58.00 -> 30.00 on Feb 15 of a 28-day month: 14.00 of credit, still active, Mar 1 bills 30.00 - 14.00 = 16.00 to the card', async () => {
    clock.set('2026-02-01T00:00:00.000Z');
    const acme = await account();
    const created = await t.client.post('/products', acme.key, { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
    const productId = created.body.product.id;
    const basic = created.body.version.id;
    await t.client.post(`/products/${productId}/versions/${basic}/publish`, acme.key);
    const pro = (await t.client.post(`/products/${productId}/versions`, acme.key, { basePrice: '58.00' })).body.id;
    expect((await t.client.post(`/products/${productId}/versions/${pro}/publish`, acme.key, { default: false })).status).toBe(200);
    const ana = await customer(acme);
    const sub = await t.client.post('/billing/subscriptions', acme.key, {
      customerId: ana,
      productVersionId: pro,
      billingMode: 'advance',
      collectionMethod: 'charge_automatically',
      paymentMethod: '4242 4242 4242 4242',
    });
    expect(sub.status, sub.raw).toBe(201);
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-02-15T00:00:00.000Z' })).status).toBe(200);

    const changed = await t.client.post(`/billing/subscriptions/${sub.body.id}/change-version`, acme.key, { productVersionId: basic });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.status).toBe('active');
    const all = async () => ((await t.client.get(`/billing/invoices?subscriptionId=${sub.body.id}&limit=100`, acme.key)).body.invoices as any[]).reverse();
    const [, proration] = await all();
    // Feb 15 00:00 to Mar 1 00:00 is 14 of 28 days: unused 58.00 x 14/28 = -29.00, new 30.00 x 14/28 = 15.00.
    expect(proration.lineItems.map((l: any) => l.amount)).toEqual(['-29.00', '15.00']);
    // Total -29.00 + 15.00 = -14.00: finalized paid, amountDue 0.00, the 14.00 credited to the balance.
    expect(proration).toMatchObject({ total: '-14.00', status: 'paid', amountDue: '0.00', creditedAmount: '14.00' });
    expect((await t.client.get(`/billing/payments?invoiceId=${proration.id}`, acme.key)).body.payments).toEqual([]);
    const notes = (await t.client.get(`/billing/invoices/${proration.id}/credit-notes`, acme.key)).body.creditNotes;
    expect(notes.map((c: any) => [c.amount, c.outcome])).toEqual([['14.00', 'credit']]);
    expect(await balancesOf(acme, ana)).toEqual([{ currency: 'BRL', amount: '14.00' }]);
    // Ledger of the proration invoice: finalized receivable -14.00 (revenue +29.00 -15.00), the
    // credit note receivable +14.00 / credit -14.00: receivable -14.00 + 14.00 = 0.00 = amountDue.
    const [posted] = await transactionsOf(acme, 'credit_note', notes[0].id);
    expect(entries(posted)).toEqual([`customers:${ana}:credit -14.00`, `customers:${ana}:receivable 14.00`]);
    await expectReconciled(acme);

    // Mar 1: the period invoice of 30.00 applies the 14.00: amountDue 30.00 - 14.00 = 16.00, charged to the card.
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-03-01T00:00:00.000Z' })).status).toBe(200);
    const march = (await all())[2];
    expect(march).toMatchObject({ total: '30.00', appliedBalance: '14.00', amountDue: '0.00', status: 'paid' });
    const charged = (await t.client.get(`/billing/payments?invoiceId=${march.id}`, acme.key)).body.payments;
    expect(charged.map((p: any) => [p.method, p.status, p.amount])).toEqual([['card', 'confirmed', '16.00']]);
    expect(await balancesOf(acme, ana)).toEqual([{ currency: 'BRL', amount: '0.00' }]);
    expect((await t.client.get(`/billing/subscriptions/${sub.body.id}`, acme.key)).body.status).toBe('active');
    await expectReconciled(acme);
  });
});
