// The ledger through the API: each movement's entries with its arithmetic, reconciliation after a
// sequence, a retried movement posted once, append-only entries, tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { contextFor, createCustomer } from '../invoices/test-fixtures.ts';
import { charge, openInvoice, paidPayment } from '../payments/test-fixtures.ts';
import { postTransaction } from './post.ts';

let t: TestContext;
let acme: SeededAccount;
let rival: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  rival = await seedAccount(t.client, 'Rival');
  customerId = await createCustomer(t, acme.key);
});
afterAll(() => t.close());

interface Entry {
  account: string;
  currency: string;
  amount: string;
}
interface Transaction {
  id: string;
  kind: string;
  resourceType: string;
  resourceId: string;
  invoiceId: string | null;
  entries: Entry[];
}

async function transactionsOf(resourceType: string, resourceId: string, key = acme.key): Promise<Transaction[]> {
  const res = await t.client.get(`/billing/ledger/transactions?resourceType=${resourceType}&resourceId=${resourceId}&limit=100`, key);
  expect(res.status, res.raw).toBe(200);
  return res.body.transactions;
}

/** The entries as `account amount`, sorted, for comparison. */
const lines = (tx: Transaction | undefined) => (tx?.entries ?? []).map((e) => `${e.account} ${e.amount}`).sort();

const receivable = () => `customers:${customerId}:receivable`;

async function reconciliation(key = acme.key) {
  const res = await t.client.get('/billing/reconciliation', key);
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

describe('postings', () => {
  it('finalizing an invoice: receivable = revenue - discount (100.00 with a 10% coupon: 90.00 = 100.00 - 10.00)', async () => {
    const coupon = await t.client.post('/billing/coupons', acme.key, { percentOff: '10', duration: 'once', code: 'TEN' });
    expect(coupon.status, coupon.raw).toBe(201);
    const invoice = await openInvoice(t, acme.key, customerId, { couponCode: 'TEN' });
    expect(invoice.amountDue).toBe('90.00');
    const [finalized] = await transactionsOf('invoice', invoice.id);
    expect(finalized).toMatchObject({ kind: 'invoice.finalized', resourceType: 'invoice', resourceId: invoice.id, invoiceId: invoice.id });
    expect(lines(finalized)).toEqual([`${receivable()} 90.00`, 'discounts 10.00', 'revenue -100.00'].sort());
  });

  it('paying it: clearing 100.00 <- receivable 100.00, and the invoice receivable is 0 = amountDue', async () => {
    const { invoice, payment } = await paidPayment(t, acme.key, customerId);
    const [confirmed] = await transactionsOf('payment', payment.id);
    expect(confirmed!.kind).toBe('payment.confirmed');
    expect(lines(confirmed)).toEqual([`${receivable()} -100.00`, `providers:${payment.provider}:clearing 100.00`].sort());
    // receivable of the invoice: +100.00 (finalized) - 100.00 (paid) = 0.00, its amountDue.
    const list = await t.client.get(`/billing/ledger/transactions?customerId=${customerId}&limit=100`, acme.key);
    const ofInvoice = list.body.transactions.filter((tx: Transaction) => tx.invoiceId === invoice.id);
    expect(ofInvoice.map((tx: Transaction) => tx.kind)).toEqual(['payment.confirmed', 'invoice.finalized']);
  });

  it('a partial refund then the rest: refunds 30.50 + 69.50 = 100.00 out of clearing; a chargeback takes what is left', async () => {
    const { payment } = await paidPayment(t, acme.key, customerId);
    expect((await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, { amount: '30.50' })).status).toBe(201);
    expect((await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.key, {})).status).toBe(201);
    // Each refund of a paid invoice makes a credit note (outcome refund): credit_notes 30.50 / the
    // customer's credit -30.50, then the refund pays it out of that credit: credit +30.50 / clearing -30.50.
    const refunds = (await transactionsOf('payment', payment.id)).filter((tx) => tx.kind === 'payment.refunded');
    expect(refunds.map(lines)).toEqual([
      [`customers:${customerId}:credit 69.50`, `providers:${payment.provider}:clearing -69.50`],
      [`customers:${customerId}:credit 30.50`, `providers:${payment.provider}:clearing -30.50`],
    ]);

    // Chargeback after a 40.00 refund: chargebacks 60.00 = 100.00 - 40.00.
    const other = await paidPayment(t, acme.key, customerId);
    await t.client.post(`/billing/payments/${other.payment.id}/refunds`, acme.key, { amount: '40.00' });
    expect((await t.client.post(`/test/payments/${other.payment.id}/chargeback`, acme.key)).status).toBe(200);
    const chargeback = (await transactionsOf('payment', other.payment.id)).find((tx) => tx.kind === 'payment.charged_back');
    expect(lines(chargeback)).toEqual(['chargebacks 60.00', `providers:${other.payment.provider}:clearing -60.00`]);
  });

  it('a second confirmation of a paid invoice: held as customer credit 100.00, refunded at once (clearing nets 0)', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const pix = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const card = await charge(t, acme.key, invoice.id, { method: 'pix' }); // supersedes the first Pix charge
    expect((await t.client.post(`/test/payments/${card.id}/confirm`, acme.key)).status).toBe(200);
    const late = await t.client.post(`/test/payments/${pix.id}/confirm`, acme.key);
    expect(late.status, late.raw).toBe(200);
    expect(late.body).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    const txs = await transactionsOf('payment', pix.id);
    const credit = `customers:${customerId}:credit`;
    const clearing = `providers:${pix.provider}:clearing`;
    expect(txs.map((tx) => tx.kind)).toEqual(['payment.refunded', 'payment.confirmed']);
    expect(lines(txs[1])).toEqual([`${clearing} 100.00`, `${credit} -100.00`].sort());
    expect(lines(txs[0])).toEqual([`${clearing} -100.00`, `${credit} 100.00`].sort());
  });

  it('void reverses the finalization; write-off moves the receivable to bad_debt; paying it after all reverses the write-off', async () => {
    const voided = await openInvoice(t, acme.key, customerId);
    expect((await t.client.post(`/billing/invoices/${voided.id}/void`, acme.key)).status).toBe(200);
    const [reversal] = await transactionsOf('invoice', voided.id);
    expect(reversal!.kind).toBe('invoice.voided');
    expect(lines(reversal)).toEqual([`${receivable()} -100.00`, 'revenue 100.00'].sort());

    const written = await openInvoice(t, acme.key, customerId);
    const pay = await charge(t, acme.key, written.id, { method: 'pix' }); // pending while it is written off
    expect((await t.client.post(`/billing/invoices/${written.id}/mark-uncollectible`, acme.key)).status).toBe(200);
    const [writeOff] = await transactionsOf('invoice', written.id);
    expect(lines(writeOff)).toEqual([`${receivable()} -100.00`, 'bad_debt 100.00'].sort());
    // Paid after all: the write-off reversed (bad_debt -100.00), then clearing <- receivable.
    expect((await t.client.post(`/test/payments/${pay.id}/confirm`, acme.key)).status).toBe(200);
    const kinds = (await transactionsOf('invoice', written.id)).map((tx) => tx.kind);
    expect(kinds).toEqual(['invoice.write_off_recovered', 'invoice.written_off', 'invoice.finalized']);
  });

  it('a draft voided posts nothing', async () => {
    const draft = await t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: '5.00' }] });
    expect((await t.client.post(`/billing/invoices/${draft.body.id}/void`, acme.key)).status).toBe(200);
    expect(await transactionsOf('invoice', draft.body.id)).toEqual([]);
  });
});

describe('prepaid credit', () => {
  it('a paid prepaid invoice: receivable 100.00 = prepaid:invoiced 100.00, then prepaid:invoiced -> the enrollment balance 100.00', async () => {
    const meterKey = `ledger-calls-${Date.now()}`;
    expect((await t.client.post('/meters', acme.key, { key: meterKey, name: 'Calls', aggregation: 'sum' })).status).toBe(201);
    const created = await t.client.post('/products', acme.key, { key: `ledger-prepaid-${Date.now()}`, name: 'Credits', pricingModel: 'prepaid', billingCycle: 'monthly', basePrice: '100.00' });
    expect(created.status, created.raw).toBe(201);
    const { product, version } = created.body;
    expect((await t.client.patch(`/products/${product.id}/versions/${version.id}`, acme.key, { prices: [{ meter: meterKey, unitPrice: '0.50' }], consumptionFloor: '0' })).status).toBe(200);
    expect((await t.client.post(`/products/${product.id}/versions/${version.id}/publish`, acme.key)).status).toBe(200);
    const buyer = await createCustomer(t, acme.key, { name: 'Prepaid buyer' });
    const sub = await t.client.post('/billing/subscriptions', acme.key, { customerId: buyer, productId: product.id, collectionMethod: 'charge_automatically', paymentMethod: '4242 4242 4242 4242' });
    expect(sub.status, sub.raw).toBe(201);
    const [invoice] = (await t.client.get(`/billing/invoices?subscriptionId=${sub.body.id}`, acme.key)).body.invoices;
    expect(invoice.status).toBe('paid');
    const txs = await transactionsOf('invoice', invoice.id);
    const finalized = txs.find((tx) => tx.kind === 'invoice.finalized');
    expect(lines(finalized)).toEqual([`customers:${buyer}:receivable 100.00`, 'prepaid:invoiced -100.00']);
    const credited = txs.find((tx) => tx.kind === 'prepaid.credited');
    expect(lines(credited)).toEqual([`enrollments:${sub.body.id}:prepaid -100.00`, 'prepaid:invoiced 100.00']);
    const balances = (await t.client.get(`/billing/ledger/balances?customerId=${buyer}`, acme.key)).body.balances;
    // receivable 100.00 - 100.00 paid = 0.00; the balance owed in usage: 100.00 (a credit balance).
    expect(balances).toEqual([
      { account: `customers:${buyer}:receivable`, currency: 'BRL', customerId: buyer, balance: '0.00' },
      { account: `enrollments:${sub.body.id}:prepaid`, currency: 'BRL', customerId: buyer, balance: '-100.00' },
    ]);
  });
});

describe('the ledger itself', () => {
  it('refuses an unbalanced transaction and posts a key once', async () => {
    const ctx = contextFor(t, acme);
    const resource = { type: 'test', id: customerId };
    await expect(
      t.database.db.transaction().execute((tx) =>
        postTransaction(tx, ctx, { key: 'test:unbalanced', kind: 'test', resource, entries: [{ account: 'revenue', currency: 'BRL', amount: '-1.00' }, { account: 'discounts', currency: 'BRL', amount: '0.99' }] }),
      ),
    ).rejects.toThrow(/does not balance/);
    // Balanced per currency: BRL and USD each sum to zero.
    const input = {
      key: 'test:twice',
      kind: 'test',
      resource,
      entries: [
        { account: 'revenue', currency: 'BRL', amount: '-1.00' },
        { account: 'discounts', currency: 'BRL', amount: '1.00' },
        { account: 'revenue', currency: 'USD', amount: '-2.00' },
        { account: 'discounts', currency: 'USD', amount: '2.00' },
      ],
    };
    const first = await t.database.db.transaction().execute((tx) => postTransaction(tx, ctx, input));
    const again = await t.database.db.transaction().execute((tx) => postTransaction(tx, ctx, input));
    expect(first.posted).toBe(true);
    expect(again).toEqual({ transactionId: first.transactionId, posted: false });
    const posted = await transactionsOf('test', customerId);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.entries).toHaveLength(4);
  });

  // Two connections: PostgreSQL only (the embedded database has one connection, so postings never overlap).
  it.skipIf(!process.env.DATABASE_URL)('two postings making the same new ledger account at once: one account, both postings whole', async () => {
    // An account of its own: the reads below count acme's ledger accounts.
    const solo = await seedAccount(t.client, 'Concurrent postings');
    const soloCustomer = await createCustomer(t, solo.key);
    const ctx = contextFor(t, solo);
    const code = `customers:${soloCustomer}:receivable`;
    const posting = (n: number) => ({
      key: `test:concurrent:${n}`,
      kind: 'test',
      resource: { type: 'test-concurrent', id: soloCustomer },
      entries: [
        { account: code, currency: 'BRL', amount: '5.00', customerId: soloCustomer },
        { account: 'revenue', currency: 'BRL', amount: '-5.00' },
      ],
    });
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstPosted!: () => void;
    const firstWrote = new Promise<void>((resolve) => (firstPosted = resolve));
    // The first posting makes the account and keeps its transaction open; the second's insert of
    // the same account waits for it, then finds the account the first committed.
    const first = t.database.db.transaction().execute(async (tx) => {
      const posted = await postTransaction(tx, ctx, posting(1));
      firstPosted();
      await firstHolds;
      return posted;
    });
    await firstWrote;
    const second = t.database.db.transaction().execute((tx) => postTransaction(tx, ctx, posting(2)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();
    expect((await first).posted).toBe(true);
    expect((await second).posted).toBe(true);
    const accounts = await t.database.db.selectFrom('ledger_accounts').select('code').where('account_id', '=', solo.id).execute();
    expect(accounts.map((a) => a.code).sort()).toEqual([code, 'revenue']);
    const posted = await transactionsOf('test-concurrent', soloCustomer, solo.key);
    // 5.00 + 5.00 on the one account: both postings kept both entries.
    expect(posted.flatMap((tx) => tx.entries).filter((e) => e.account === code).map((e) => e.amount)).toEqual(['5.00', '5.00']);
  });

  it('entries and transactions are append-only: UPDATE and DELETE are refused by the database', async () => {
    await expect(t.database.db.updateTable('ledger_entries').set({ amount: '0.01' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('ledger_transactions').execute()).rejects.toThrow(/append-only/);
  });

  it('a retried confirmation (same Idempotency-Key) posts once', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const pix = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const key = `retry-${pix.id}`;
    const first = await t.client.request('POST', `/test/payments/${pix.id}/confirm`, { key: acme.key, idempotencyKey: key });
    const second = await t.client.request('POST', `/test/payments/${pix.id}/confirm`, { key: acme.key, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((await transactionsOf('payment', pix.id)).map((tx) => tx.kind)).toEqual(['payment.confirmed']);
  });
});

describe('reads and reconciliation', () => {
  it('after the sequence above the account reconciles, and balances add up to zero per currency', async () => {
    const answer = await reconciliation();
    expect(answer.mismatches).toEqual([]);
    expect(answer.reconciled).toBe(true);
    expect(answer.transactions).toBeGreaterThan(10);
    const balances = (await t.client.get('/billing/ledger/balances', acme.key)).body.balances as Array<{ account: string; currency: string; balance: string }>;
    const brl = balances.filter((b) => b.currency === 'BRL').reduce((sum, b) => sum + Math.round(Number(b.balance) * 100), 0);
    expect(brl).toBe(0);
    const mine = (await t.client.get(`/billing/ledger/balances?customerId=${customerId}`, acme.key)).body.balances as Array<{ account: string }>;
    expect(mine.map((b) => b.account).sort()).toEqual([`customers:${customerId}:credit`, receivable()]);
  });

  it('pages newest first with a cursor, and filters by account and dates', async () => {
    const page1 = await t.client.get('/billing/ledger/transactions?limit=3', acme.key);
    expect(page1.body.transactions).toHaveLength(3);
    const page2 = await t.client.get(`/billing/ledger/transactions?limit=3&cursor=${page1.body.nextCursor}`, acme.key);
    const ids = [...page1.body.transactions, ...page2.body.transactions].map((tx: Transaction) => tx.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const bad = await t.client.get('/billing/ledger/transactions?account=bad_debt', acme.key);
    expect(bad.body.transactions.map((tx: Transaction) => tx.kind).sort()).toEqual(['invoice.write_off_recovered', 'invoice.written_off']);
    const future = await t.client.get('/billing/ledger/transactions?createdFrom=2999-01-01T00:00:00Z', acme.key);
    expect(future.body.transactions).toEqual([]);
    expect((await t.client.get(`/billing/ledger/transactions?resourceType=invoice`, acme.key)).status).toBe(422);
  });

  it("another account or environment sees none of it", async () => {
    const { invoice } = await paidPayment(t, acme.key, customerId);
    expect(await transactionsOf('invoice', invoice.id, rival.key)).toEqual([]);
    expect(await transactionsOf('invoice', invoice.id, acme.liveKey)).toEqual([]);
    expect((await t.client.get('/billing/ledger/transactions', rival.key)).body.transactions).toEqual([]);
    expect((await t.client.get('/billing/ledger/balances', rival.key)).body.balances).toEqual([]);
    expect((await t.client.get(`/billing/ledger/balances?customerId=${customerId}`, acme.liveKey)).body.balances).toEqual([]);
    expect(await reconciliation(rival.key)).toMatchObject({ reconciled: true, transactions: 0, mismatches: [] });
  });
});
