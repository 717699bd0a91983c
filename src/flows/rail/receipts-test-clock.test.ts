// Rail receipts of a sandbox on a test clock (docs/decisions/test-clock.md): the receipt's day is
// the clock's, and so is its end. The close job on the real time leaves it open while the clock
// stands in its day; advancing the clock past the day (and the close margin) closes it in the
// advance, finalized as of the clock and paid as of its payments' confirmation, never before the
// receipt was made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { agent, configureRail, railProduct, signPayment } from '../../../test/rail/fixtures.ts';
import { closeEndedReceipts } from './receipts.ts';

// The real time of the test, and the sandbox clock three weeks ahead of it.
const real = new ManualClock('2031-05-10T09:00:00Z');
const CLOCK_DAY = '2031-06-01';
let t: TestContext;
let seller: SeededAccount;
let requirements: Record<string, any>;

beforeAll(async () => {
  t = await startTestApp({ clock: real });
  seller = await seedAccount(t.client, 'Clock receipts seller');
  const product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key);
  requirements = (await t.client.get(`/rail/config?product=${product.productKey}`, seller.key)).body.outputSchema.routes[0].accepts[0];
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.client.get(path, seller.key);
  expect(res.status, res.raw).toBe(200);
  return res.body;
};

const advance = async (to: string) => {
  const res = await t.client.post('/test/clock/advance', seller.key, { to });
  expect(res.status, res.raw).toBe(200);
};

/** A settle whose authorization is valid around the real time (what a chain checks). */
async function settle(): Promise<string> {
  const now = BigInt(Math.floor(real.now().getTime() / 1000));
  const payload = await signPayment(agent(), requirements, { validAfter: now - 60n, validBefore: now + 300n });
  const res = await t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements }, { idempotencyKey: null });
  expect(res.status, res.raw).toBe(200);
  return res.body.extra.paymentId;
}

describe('Rail receipts on a sandbox test clock', () => {
  it("dates the receipt by the clock's day, and closes it when the clock ends that day", async () => {
    await advance(`${CLOCK_DAY}T12:00:00Z`);
    const first = await settle();
    real.set('2031-05-10T09:01:00Z');
    const second = await settle();
    const payment = await get(`/billing/payments/${second}`);
    // Confirmed on the clock, which stands still: 12:00 both times.
    expect(payment.confirmedAt).toBe(`${CLOCK_DAY}T12:00:00.000Z`);
    const receiptId = payment.invoiceId;
    expect((await get(`/billing/payments/${first}`)).invoiceId).toBe(receiptId);
    // 2 requests at 0.001 USD: one line of quantity 2, 0.002000 USDC, on the clock's day.
    expect(await get(`/billing/invoices/${receiptId}`)).toMatchObject({ status: 'draft', total: '0.002000', periodStart: `${CLOCK_DAY}T00:00:00.000Z`, periodEnd: '2031-06-02T00:00:00.000Z' });

    // The close job on the real time: days before 2031-05-10 have ended, not the clock's.
    real.set('2031-05-11T00:30:00Z');
    expect(await closeEndedReceipts(t.database.db, real, t.config.baseUrl)).toEqual({ closed: 0, failed: [] });
    // The clock 5 minutes past the day's end: still inside the close margin (10 minutes).
    await advance('2031-06-02T00:05:00Z');
    expect((await get(`/billing/invoices/${receiptId}`)).status).toBe('draft');

    // Past the margin: the advance closes it. Finalized at the clock's instant; paid as of its
    // last payment's confirmation (12:00 of the clock's day), not the settlement's real time
    // (2031-05-10, before the receipt existed). 0.002000 paid by two payments of 0.001000.
    await advance('2031-06-02T00:11:00Z');
    const closed = await get(`/billing/invoices/${receiptId}`);
    expect(closed).toMatchObject({ status: 'paid', total: '0.002000', amountDue: '0.000000', finalizedAt: '2031-06-02T00:11:00.000Z', paidAt: `${CLOCK_DAY}T12:00:00.000Z` });
    expect(Date.parse(closed.paidAt)).toBeGreaterThanOrEqual(Date.parse(closed.createdAt));

    // The ledger, dated by the clock: the close posts receivable +0.002000 / revenue −0.002000 at
    // the finalization; each payment's confirmation posted clearing +0.001000 / receivable
    // −0.001000. The payer's receivable: 0.002000 − 2 × 0.001000 = 0.000000. (A receipt's
    // customerId is the enrollment; the receivable is the payer's, payerId.)
    const posted = (await get(`/billing/ledger/transactions?resourceType=invoice&resourceId=${receiptId}`)).transactions;
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'invoice.finalized', createdAt: '2031-06-02T00:11:00.000Z' });
    expect(posted[0].entries).toEqual([
      { account: `customers:${closed.payerId}:receivable`, currency: 'USDC', amount: '0.002000' },
      { account: 'revenue', currency: 'USDC', amount: '-0.002000' },
    ]);
    expect((await get(`/billing/ledger/balances?customerId=${closed.payerId}`)).balances).toEqual([
      { account: `customers:${closed.payerId}:receivable`, currency: 'USDC', customerId: closed.payerId, balance: '0.000000' },
    ]);
    expect(await get('/billing/reconciliation')).toMatchObject({ reconciled: true, mismatches: [] });
  });
});
