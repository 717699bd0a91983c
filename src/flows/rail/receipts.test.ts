// Rail receipts grouped per agent and UTC day (docs/decisions/rail.md, "Receipts"): each settle
// records its usage event, its own confirmed crypto payment and its ledger posting once, and adds
// its request to the agent's draft receipt of the day; the close job finalizes and pays the
// receipts of ended days, and the ledger stays balanced and reconciled throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { agent, configureRail, NETWORK, OTHER_AGENT_KEY, railProduct, signPayment, type RailProduct } from '../../../test/rail/fixtures.ts';
import { addToDraftLine } from '../../modules/invoices/index.ts';
import { closeEndedReceipts } from './receipts.ts';

const DAY = '2031-05-10';
const clock = new ManualClock(`${DAY}T09:00:00Z`);
let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let requirements: Record<string, any>;

beforeAll(async () => {
  t = await startTestApp({ clock });
  seller = await seedAccount(t.client, 'Receipts seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key);
  requirements = (await t.client.get(`/rail/config?product=${product.productKey}`, seller.key)).body.outputSchema.routes[0].accepts[0];
});
afterAll(() => t.close());

/** A settle at the clock's time of an authorization valid around it; answers the settle's body. */
async function settle(privateKey?: `0x${string}`): Promise<{ paymentId: string; usageEventId: string }> {
  const now = BigInt(Math.floor(clock.now().getTime() / 1000));
  const payload = await signPayment(agent(privateKey), requirements, { validAfter: now - 60n, validBefore: now + 300n });
  const res = await t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements }, { idempotencyKey: null });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, amount: '1000' });
  return res.body.extra;
}

const get = async (path: string) => {
  const res = await t.client.get(path, seller.key);
  expect(res.status).toBe(200);
  return res.body;
};

async function ledgerOf(type: 'invoice' | 'payment', id: string): Promise<Array<{ kind: string; entries: string[] }>> {
  const body = await get(`/billing/ledger/transactions?resourceType=${type}&resourceId=${id}`);
  return body.transactions.map((tx: { kind: string; entries: Array<{ account: string; amount: string }> }) => ({ kind: tx.kind, entries: tx.entries.map((e) => `${e.account} ${e.amount}`).sort() }));
}

async function agentCustomerId(privateKey?: `0x${string}`): Promise<string> {
  return (await get(`/customers?externalId=${NETWORK}:${agent(privateKey).address}`)).customers[0].id;
}

describe('Rail receipts per agent and UTC day', () => {
  const firstDay: string[] = [];
  let lastSettledAt: Date;

  it("puts an agent's requests of a day on one draft receipt, each with its own confirmed payment and ledger posting", async () => {
    for (let i = 0; i < 3; i++) {
      clock.set(`${DAY}T09:0${i}:00Z`);
      lastSettledAt = clock.now();
      firstDay.push((await settle()).paymentId);
    }
    expect(new Set(firstDay).size).toBe(3);
    const payments = await Promise.all(firstDay.map((id) => get(`/billing/payments/${id}`)));
    const receiptId = payments[0].invoiceId;
    for (const payment of payments) {
      expect(payment).toMatchObject({ invoiceId: receiptId, method: 'crypto', status: 'confirmed', amount: '0.001000', currency: 'USDC', settlementAsset: 'USDC', settlementNetwork: 'base' });
      expect(payment.providerId).toMatch(/^0x[0-9a-f]{64}$/); // the settlement's transaction hash
    }
    // 3 requests at 0.001 USD = one line of quantity 3 at 0.001 = 0.003000 USDC, still a draft
    // while the day runs (amountDue = total, covered by the three confirmed payments).
    const receipt = await get(`/billing/invoices/${receiptId}`);
    expect(receipt).toMatchObject({ status: 'draft', currency: 'USDC', subtotal: '0.003000', total: '0.003000', amountDue: '0.003000', periodStart: `${DAY}T00:00:00.000Z`, periodEnd: '2031-05-11T00:00:00.000Z' });
    expect(receipt.lineItems).toHaveLength(1);
    expect(receipt.lineItems[0]).toMatchObject({ type: 'rail', meterId: product.meterId, quantity: '3', unitPrice: '0.001000', amount: '0.003000' });

    // Each payment posted once: clearing + 0.001000, the agent's receivable - 0.001000 (in credit
    // until the receipt is finalized: -0.003000 now).
    const receivable = `customers:${await agentCustomerId()}:receivable`;
    for (const id of firstDay) {
      expect(await ledgerOf('payment', id)).toEqual([{ kind: 'payment.confirmed', entries: [`${receivable} -0.001000`, 'providers:sandbox:clearing 0.001000'] }]);
    }
    expect(await ledgerOf('invoice', receiptId)).toEqual([]); // a draft posts nothing
    const balances = (await get(`/billing/ledger/balances?customerId=${await agentCustomerId()}`)).balances;
    expect(balances).toContainEqual(expect.objectContaining({ account: receivable, currency: 'USDC', balance: '-0.003000' }));
  });

  it('records one usage event per settlement, on the route meter of the agent enrollment', async () => {
    const enrollmentId = (await get(`/customers/${await agentCustomerId()}/enrollments`)).enrollments[0].id;
    const usage = await get(`/metering/usage?enrollmentId=${enrollmentId}&meter=${product.meterKey}&from=${DAY}T00:00:00Z&to=2031-05-11T00:00:00Z&granularity=none`);
    expect(JSON.stringify(usage)).toContain('"3"'); // 3 settlements, 3 events of value 1
  });

  it('gives another agent its own receipt, and the next UTC day a new one', async () => {
    const [mine] = await Promise.all(firstDay.slice(0, 1).map((id) => get(`/billing/payments/${id}`)));
    clock.set(`${DAY}T15:00:00Z`);
    const other = await get(`/billing/payments/${(await settle(OTHER_AGENT_KEY)).paymentId}`);
    expect(other.invoiceId).not.toBe(mine.invoiceId);
    clock.set('2031-05-11T00:00:30Z');
    const nextDay = await get(`/billing/payments/${(await settle()).paymentId}`);
    expect(nextDay.invoiceId).not.toBe(mine.invoiceId);
    expect(await get(`/billing/invoices/${nextDay.invoiceId}`)).toMatchObject({ status: 'draft', total: '0.001000', periodStart: '2031-05-11T00:00:00.000Z' });
  });

  it('makes one receipt of concurrent first requests of a day', async () => {
    clock.set('2031-05-12T08:00:00Z');
    const settled = await Promise.all(Array.from({ length: 8 }, () => settle()));
    const invoiceIds = new Set((await Promise.all(settled.map((s) => get(`/billing/payments/${s.paymentId}`)))).map((p) => p.invoiceId));
    expect(invoiceIds.size).toBe(1);
    // 8 requests at 0.001 = 0.008000 on one line.
    const receipt = await get(`/billing/invoices/${[...invoiceIds][0]}`);
    expect(receipt).toMatchObject({ total: '0.008000' });
    expect(receipt.lineItems).toEqual([expect.objectContaining({ quantity: '8', amount: '0.008000' })]);
  });

  it('closes the receipts of ended days: finalized, paid as of the last payment, ledger balanced and reconciled', async () => {
    const receiptId = (await get(`/billing/payments/${firstDay[0]}`)).invoiceId;
    // 5 minutes after midnight the day's receipts stay open (a settle begun before midnight may still land).
    const early = await closeEndedReceipts(t.database.db, new ManualClock('2031-05-11T00:05:00Z'), t.config.baseUrl);
    expect(early).toEqual({ closed: 0, failed: [] });
    expect((await get(`/billing/invoices/${receiptId}`)).status).toBe('draft');

    const run = await closeEndedReceipts(t.database.db, new ManualClock('2031-05-11T00:11:00Z'), t.config.baseUrl);
    expect(run).toEqual({ closed: 2, failed: [] }); // both agents' receipts of the 10th; the 11th and 12th stay open
    const receipt = await get(`/billing/invoices/${receiptId}`);
    expect(receipt).toMatchObject({ status: 'paid', total: '0.003000', amountDue: '0.000000', paidAt: lastSettledAt.toISOString() });
    expect(receipt.invoiceNumber).toEqual(expect.any(String));
    // Finalized once: receivable + 0.003000 = revenue 0.003000; with the three payments (-0.001000
    // each) the receipt's receivable is 0.
    const receivable = `customers:${await agentCustomerId()}:receivable`;
    expect(await ledgerOf('invoice', receiptId)).toEqual([{ kind: 'invoice.finalized', entries: [`${receivable} 0.003000`, 'revenue -0.003000'] }]);
    for (const id of firstDay) expect(await ledgerOf('payment', id)).toHaveLength(1);
    // The agent's receivable: the two open receipts' payments only (1 on the 11th + 8 on the 12th = -0.009000).
    const balances = (await get('/billing/ledger/balances')).balances as Array<{ account: string; currency: string; balance: string }>;
    expect(balances).toContainEqual({ account: receivable, currency: 'USDC', customerId: expect.any(String), balance: '-0.009000' });
    // Every amount once: revenue = the closed receipts (0.003000 + 0.001000 of the other agent);
    // clearing = every payment (3 + 1 + 1 + 8 = 13 x 0.001000); all entries sum to zero.
    expect(balances).toContainEqual(expect.objectContaining({ account: 'revenue', currency: 'USDC', balance: '-0.004000' }));
    expect(balances).toContainEqual(expect.objectContaining({ account: 'providers:sandbox:clearing', currency: 'USDC', balance: '0.013000' }));
    const micro = balances.filter((b) => b.currency === 'USDC').reduce((sum, b) => sum + BigInt(b.balance.replace('.', '')), 0n);
    expect(micro).toBe(0n);
    expect(await get('/billing/reconciliation')).toMatchObject({ reconciled: true, mismatches: [] });

    // A second run closes nothing again.
    expect(await closeEndedReceipts(t.database.db, new ManualClock('2031-05-11T00:12:00Z'), t.config.baseUrl)).toEqual({ closed: 0, failed: [] });
  });

  it('refuses to add to a closed receipt (the settle answers 503 and records nothing), and any addition that would round', async () => {
    const receiptId = (await get(`/billing/payments/${firstDay[0]}`)).invoiceId;
    const paymentsBefore = (await get('/billing/payments?method=crypto&limit=100')).payments.length;
    // A settle dated on the closed day (a request's clock can lag): its receipt is closed.
    clock.set(`${DAY}T23:59:59Z`);
    const now = BigInt(Math.floor(clock.now().getTime() / 1000));
    const payload = await signPayment(agent(), requirements, { validAfter: now - 60n, validBefore: now + 300n });
    const late = await t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements }, { idempotencyKey: null });
    expect(late.status).toBe(503);
    expect((await get('/billing/payments?method=crypto&limit=100')).payments).toHaveLength(paymentsBefore);
    expect((await get(`/billing/invoices/${receiptId}`)).total).toBe('0.003000');

    const ctx = { tenant: { accountId: seller.id, environment: 'sandbox' as const }, now: clock.now() };
    const { priceId } = (await get(`/billing/invoices/${receiptId}`)).lineItems[0];
    const line = { type: 'rail', priceId, meterId: product.meterId, productId: product.productId, description: 'x', quantity: '1' };
    const closed = await t.database.db.transaction().execute((tx) => addToDraftLine(tx, ctx, receiptId, 'USDC', { ...line, unitPrice: '0.001' }));
    expect(closed).toBe(false);
    // 1 x 0.0000001 USDC is not a whole number of micro-units: a running line never rounds.
    clock.set('2031-05-12T09:00:00Z');
    const draftId = (await get(`/billing/payments/${(await settle()).paymentId}`)).invoiceId;
    await expect(t.database.db.transaction().execute((tx) => addToDraftLine(tx, ctx, draftId, 'USDC', { ...line, unitPrice: '0.0000001' }))).rejects.toThrow(/must not round/);
  });
});
