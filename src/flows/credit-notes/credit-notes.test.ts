// The credit note routes: tenancy (another account's or environment's invoice and credit note ids
// answer 404), validation, statuses that take no credit note, idempotent replay, and gap-free
// numbers under concurrency (as invoice-numbers.test.ts). The billing stories are in
// test/scenarios/credit-notes-and-balance.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createOneOffInvoice } from '../../modules/invoices/test-fixtures.ts';
import { paidPayment } from '../../modules/payments/test-fixtures.ts';

let t: TestContext;
let owner: SeededAccount;
let intruder: SeededAccount;
let customerId: string;
/** A paid invoice of 2 x 50.00 = 100.00 BRL (ONE_LINE of the fixtures). */
let paid: any;
let creditNoteId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await seedAccount(t.client, 'Owner');
  intruder = await seedAccount(t.client, 'Intruder');
  customerId = await createCustomer(t, owner.key);
  paid = (await paidPayment(t, owner.key, customerId)).invoice;
  const note = await t.client.post(`/billing/invoices/${paid.id}/credit-notes`, owner.key, { amount: '1.00', reason: 'Setup', outcome: 'credit' });
  expect(note.status, note.raw).toBe(201);
  creditNoteId = note.body.id;
});
afterAll(() => t.close());

const create = (invoiceId: string, body: unknown, key = owner.key, idempotencyKey?: string) =>
  t.client.post(`/billing/invoices/${invoiceId}/credit-notes`, key, body, idempotencyKey ? { idempotencyKey } : {});

describe('tenancy', () => {
  const callers = [
    ['another account', () => intruder.key],
    ['a live key on sandbox ids', () => owner.liveKey],
  ] as const;
  for (const [caller, key] of callers) {
    it(`${caller}: every credit note route answers 404, and nothing changes`, async () => {
      const post = await create(paid.id, { amount: '1.00', reason: 'x', outcome: 'credit' }, key());
      expect(post.status, post.raw).toBe(404);
      expect(post.body.resource).toBe('invoice');
      const list = await t.client.get(`/billing/invoices/${paid.id}/credit-notes`, key());
      expect([list.status, list.body.resource]).toEqual([404, 'invoice']);
      const one = await t.client.get(`/billing/credit-notes/${creditNoteId}`, key());
      expect([one.status, one.body.resource]).toEqual([404, 'credit_note']);
    });
  }

  it('the owner sees its credit note; an unknown id is 404 too', async () => {
    expect((await t.client.get(`/billing/credit-notes/${creditNoteId}`, owner.key)).body).toMatchObject({ id: creditNoteId, amount: '1.00', invoiceId: paid.id });
    expect((await t.client.get('/billing/credit-notes/01a2196d-de47-7270-a764-2f571d413d95', owner.key)).status).toBe(404);
    expect((await t.client.get(`/billing/invoices/${paid.id}`, owner.key)).body.creditedAmount).toBe('1.00');
  });
});

describe('validation', () => {
  const bad: Array<[string, unknown, string]> = [
    ['neither lines nor amount', { reason: 'x', outcome: 'credit' }, 'amount'],
    ['both lines and amount', { amount: '1.00', lines: [{ lineItemId: '01a2196d-de47-7270-a764-2f571d413d95', amount: '1.00' }], reason: 'x', outcome: 'credit' }, 'amount'],
    ['a zero amount', { amount: '0', reason: 'x', outcome: 'credit' }, 'amount'],
    ['a negative amount', { amount: '-5.00', reason: 'x', outcome: 'credit' }, 'amount'],
    ['past the minor unit', { amount: '1.001', reason: 'x', outcome: 'credit' }, 'amount'],
    ['a line not on the invoice', { lines: [{ lineItemId: '01a2196d-de47-7270-a764-2f571d413d95', amount: '1.00' }], reason: 'x', outcome: 'credit' }, 'lines[0].lineItemId'],
  ];
  for (const [name, body, field] of bad) {
    it(`${name}: 422 validation_failed on ${field}`, async () => {
      const res = await create(paid.id, body);
      expect(res.status, res.raw).toBe(422);
      expect(res.body.error_code).toBe('validation_failed');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  }

  it('a line with both amount and quantity, and a quantity above the line (2): 422 on each', async () => {
    const line = paid.lineItems[0].id;
    const res = await create(paid.id, { lines: [{ lineItemId: line, amount: '1.00', quantity: '1' }], reason: 'x', outcome: 'credit' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['lines[0]']);
    const more = await create(paid.id, { lines: [{ lineItemId: line, quantity: '3' }], reason: 'x', outcome: 'credit' });
    expect(more.body.errors.map((e: { field: string }) => e.field)).toEqual(['lines[0].quantity']);
  });

  it('schema errors: an unknown outcome, an empty reason', async () => {
    expect((await create(paid.id, { amount: '1.00', reason: 'x', outcome: 'cash' })).status).toBe(422);
    expect((await create(paid.id, { amount: '1.00', reason: '', outcome: 'credit' })).status).toBe(422);
  });

  it('draft and void invoices take no credit note: 409 conflict', async () => {
    const draft = await createOneOffInvoice(t, owner.key, customerId);
    const onDraft = await create(draft.id, { amount: '1.00', reason: 'x', outcome: 'credit' });
    expect([onDraft.status, onDraft.body.error_code]).toEqual([409, 'conflict']);
    expect((await t.client.post(`/billing/invoices/${draft.id}/void`, owner.key)).status).toBe(200);
    expect((await create(draft.id, { amount: '1.00', reason: 'x', outcome: 'credit' })).status).toBe(409);
  });

  it('over-crediting: 100.00 - 1.00 credited = 99.00 left, 99.01 is 422 credit_note_exceeds_invoice', async () => {
    const res = await create(paid.id, { amount: '99.01', reason: 'x', outcome: 'credit' });
    expect(res.status, res.raw).toBe(422);
    expect(res.body.error_code).toBe('credit_note_exceeds_invoice');
    expect(res.body.message).toContain('99.00');
  });
});

describe('idempotency', () => {
  it('a replay of the same Idempotency-Key answers the same credit note and credits once', async () => {
    const { invoice } = await paidPayment(t, owner.key, customerId);
    const body = { amount: '10.00', reason: 'Replay', outcome: 'refund' };
    const first = await create(invoice.id, body, owner.key, 'cn-replay-1');
    const again = await create(invoice.id, body, owner.key, 'cn-replay-1');
    expect(first.status, first.raw).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    // Credited and refunded once: 0.00 + 10.00.
    expect((await t.client.get(`/billing/invoices/${invoice.id}`, owner.key)).body.creditedAmount).toBe('10.00');
    expect((await t.client.get(`/billing/invoices/${invoice.id}/credit-notes`, owner.key)).body.creditNotes).toHaveLength(1);
    const payments = (await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, owner.key)).body.payments;
    expect(payments.map((p: { refundedAmount: string }) => p.refundedAmount)).toEqual(['10.00']);
  });
});

describe('credit note numbers', () => {
  it('50 concurrent credit notes on 50 invoices get CN-000001..CN-000050, no gap, no duplicate; a refused one gives its number back', async () => {
    const account = await seedAccount(t.client, 'Numbers');
    const ana = await createCustomer(t, account.key);
    const invoices = [];
    for (let i = 0; i < 50; i++) invoices.push((await paidPayment(t, account.key, ana)).invoice.id);
    const results = await Promise.all(invoices.map((id) => create(id, { amount: '5.00', reason: 'Race', outcome: 'credit' }, account.key)));
    expect(results.map((r) => r.status)).toEqual(invoices.map(() => 201));
    const numbers = results.map((r) => Number(String(r.body.number).slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Refused (over the invoice's 100.00 - 5.00 = 95.00 left): no number is taken.
    expect((await create(invoices[0]!, { amount: '95.01', reason: 'Too much', outcome: 'credit' }, account.key)).status).toBe(422);
    expect((await create(invoices[0]!, { amount: '95.00', reason: 'The rest', outcome: 'credit' }, account.key)).body.number).toBe('CN-000051');
    // 50 x 5.00 + 95.00 = 345.00 on the customer's balance.
    expect((await t.client.get(`/customers/${ana}`, account.key)).body.balances).toEqual([{ currency: 'BRL', amount: '345.00' }]);
    const reconciliation = await t.client.get('/billing/reconciliation', account.key);
    expect(reconciliation.body).toMatchObject({ reconciled: true, mismatches: [] });
  });
});
