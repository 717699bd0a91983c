// Property: whatever the sequence of invoice and payment moves (finalize, pay, partial refunds,
// chargeback, void, write-off, a duplicate confirmation), the account reconciles, every currency's
// balances sum to zero, and the provider's clearing moved by exactly confirmed - refunded -
// charged back (each counted in cents by a model of the sequence).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { charge, openInvoice } from '../payments/test-fixtures.ts';

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key);
});
afterAll(() => t.close());

const cents = (amount: string) => Math.round(Number(amount) * 100);
const toAmount = (value: number) => (value / 100).toFixed(2);

interface ModelInvoice {
  id: string;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  amount: number;
  payment?: { id: string; refunded: number; status: 'confirmed' | 'refunded' | 'charged_back' };
}

type Step = { op: 'invoice'; amount: number } | { op: 'pay' | 'refund' | 'chargeback' | 'void' | 'writeoff' | 'duplicate'; target: number; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ op: fc.constantFrom('pay' as const, 'refund' as const, 'chargeback' as const, 'void' as const, 'writeoff' as const, 'duplicate' as const), target: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
);

async function clearing(): Promise<number> {
  const balances = (await t.client.get('/billing/ledger/balances', acme.key)).body.balances as Array<{ account: string; balance: string }>;
  return balances.filter((b) => b.account.startsWith('providers:')).reduce((sum, b) => sum + cents(b.balance), 0);
}

async function run(steps: Step[]): Promise<void> {
  const invoices: ModelInvoice[] = [];
  const before = await clearing();
  let expected = 0; // cents into clearing: confirmed - refunded - charged back
  const pick = (target: number, test: (i: ModelInvoice) => boolean) => {
    const candidates = invoices.filter(test);
    return candidates.length === 0 ? undefined : candidates[target % candidates.length];
  };
  for (const s of steps) {
    if (s.op === 'invoice') {
      const invoice = await openInvoice(t, acme.key, customerId, { lineItems: [{ description: 'Item', quantity: '1', unitPrice: toAmount(s.amount) }] });
      invoices.push({ id: invoice.id, status: 'open', amount: s.amount });
      continue;
    }
    if (s.op === 'pay' || s.op === 'duplicate') {
      const invoice = pick(s.target, (i) => i.status === 'open');
      if (!invoice) continue;
      const first = await charge(t, acme.key, invoice.id, { method: 'pix' });
      const paying = s.op === 'duplicate' ? await charge(t, acme.key, invoice.id, { method: 'pix' }) : first;
      expect((await t.client.post(`/test/payments/${paying.id}/confirm`, acme.key)).status).toBe(200);
      if (s.op === 'duplicate') expect((await t.client.post(`/test/payments/${first.id}/confirm`, acme.key)).body.status).toBe('refunded'); // in and out: clearing +0
      invoice.status = 'paid';
      invoice.payment = { id: paying.id, refunded: 0, status: 'confirmed' };
      expected += invoice.amount;
    } else if (s.op === 'refund') {
      const invoice = pick(s.target, (i) => i.payment?.status === 'confirmed');
      if (!invoice?.payment) continue;
      const left = invoice.amount - invoice.payment.refunded;
      const amount = Math.max(1, Math.floor((left * s.share) / 100));
      const res = await t.client.post(`/billing/payments/${invoice.payment.id}/refunds`, acme.key, { amount: toAmount(amount) });
      expect(res.status, res.raw).toBe(201);
      invoice.payment.refunded += amount;
      if (invoice.payment.refunded === invoice.amount) invoice.payment.status = 'refunded';
      expected -= amount;
    } else if (s.op === 'chargeback') {
      const invoice = pick(s.target, (i) => i.payment?.status === 'confirmed');
      if (!invoice?.payment) continue;
      expect((await t.client.post(`/test/payments/${invoice.payment.id}/chargeback`, acme.key)).status).toBe(200);
      invoice.payment.status = 'charged_back';
      expected -= invoice.amount - invoice.payment.refunded;
    } else {
      const invoice = pick(s.target, (i) => i.status === 'open');
      if (!invoice) continue;
      const path = s.op === 'void' ? 'void' : 'mark-uncollectible';
      expect((await t.client.post(`/billing/invoices/${invoice.id}/${path}`, acme.key)).status).toBe(200);
      invoice.status = s.op === 'void' ? 'void' : 'uncollectible';
    }
  }
  const reconciliation = (await t.client.get('/billing/reconciliation', acme.key)).body;
  expect(reconciliation.mismatches).toEqual([]);
  expect(await clearing()).toBe(before + expected);
  const balances = (await t.client.get('/billing/ledger/balances', acme.key)).body.balances as Array<{ currency: string; balance: string }>;
  expect(balances.reduce((sum, b) => sum + cents(b.balance), 0)).toBe(0);
}

describe('ledger property', () => {
  it('any sequence of moves reconciles, balances to zero, and moves clearing by confirmed - refunded - charged back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => run(steps)),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 12), seed: Number(process.env.LEDGER_SEED ?? 20261126) },
    );
  }, 240_000);
});
