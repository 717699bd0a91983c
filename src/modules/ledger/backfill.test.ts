// The backfill (migration 0034): data made through the API, its ledger emptied as if it had been
// made by the release before the ledger, then 0034 run again: it posts the same transactions (keys,
// kinds, resources, entries) the live code posted, and the account reconciles at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { charge, openInvoice, paidPayment } from '../payments/test-fixtures.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

/** Every transaction of the database as `key kind resource: code currency amount; ...`, entries sorted. */
async function ledgerSnapshot(): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
    .select(['t.key', 't.kind', 't.resource_type', 't.resource_id', 't.invoice_id', 't.customer_id', 'a.code', 'e.currency', 'e.amount'])
    .execute();
  const byKey = new Map<string, string[]>();
  for (const r of rows) {
    const head = `${r.key} ${r.kind} ${r.resource_type}:${r.resource_id} invoice=${r.invoice_id} customer=${r.customer_id}`;
    byKey.set(head, [...(byKey.get(head) ?? []), `${r.code} ${r.currency} ${Number(r.amount).toFixed(2)}`]);
  }
  return [...byKey].map(([head, entries]) => `${head}: ${entries.sort().join('; ')}`).sort();
}

describe('backfill of existing data', () => {
  it('posts what the code posts for every kind of record, and the account reconciles', async () => {
    const customerId = await createCustomer(t, acme.key);
    // Coupon: 100.00 - 10% = 90.00, paid, refunded 20.00 then charged back (70.00).
    await t.client.post('/billing/coupons', acme.key, { percentOff: '10', duration: 'once', code: 'TEN' });
    const { payment: couponPaid } = await paidPayment(t, acme.key, customerId, { couponCode: 'TEN' });
    await t.client.post(`/billing/payments/${couponPaid.id}/refunds`, acme.key, { amount: '20.00' });
    expect((await t.client.post(`/test/payments/${couponPaid.id}/chargeback`, acme.key)).status).toBe(200);
    // Paid, refunded in full.
    const { payment: refunded } = await paidPayment(t, acme.key, customerId);
    await t.client.post(`/billing/payments/${refunded.id}/refunds`, acme.key, {});
    // A superseded Pix code paid after the invoice was paid: refunded as a duplicate.
    const twice = await openInvoice(t, acme.key, customerId);
    const first = await charge(t, acme.key, twice.id, { method: 'pix' });
    const second = await charge(t, acme.key, twice.id, { method: 'pix' });
    await t.client.post(`/test/payments/${second.id}/confirm`, acme.key);
    await t.client.post(`/test/payments/${first.id}/confirm`, acme.key);
    // Voided open invoice, a draft voided, an open invoice, an invoice left written off, one paid after its write-off.
    const voided = await openInvoice(t, acme.key, customerId);
    await t.client.post(`/billing/invoices/${voided.id}/void`, acme.key);
    const draft = await t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: '5.00' }] });
    await t.client.post(`/billing/invoices/${draft.body.id}/void`, acme.key);
    await openInvoice(t, acme.key, customerId, { lineItems: [{ description: 'Open', quantity: '3', unitPrice: '33.335' }] });
    const left = await openInvoice(t, acme.key, customerId);
    await t.client.post(`/billing/invoices/${left.id}/mark-uncollectible`, acme.key);
    const recovered = await openInvoice(t, acme.key, customerId);
    const late = await charge(t, acme.key, recovered.id, { method: 'pix' });
    await t.client.post(`/billing/invoices/${recovered.id}/mark-uncollectible`, acme.key);
    expect((await t.client.post(`/test/payments/${late.id}/confirm`, acme.key)).status).toBe(200);
    // A zero invoice (paid at finalization) in USD.
    await openInvoice(t, acme.key, customerId, { currency: 'USD', lineItems: [{ description: 'Free', quantity: '1', unitPrice: '0' }] });

    const live = await ledgerSnapshot();
    expect(live.length).toBeGreaterThan(15);
    // Credit notes came after the ledger: the release before it refunded a paid invoice's payment
    // without one, posting refunds <- clearing (what 0034 backfills). The live code records a credit
    // note per refund (credit_notes <- customers:C:credit) and pays it out of customers:C:credit.
    // The data below is made without them, so the backfill is compared with that form of the
    // live postings.
    const credit = `customers:${customerId}:credit`;
    const credited = new Set(live.filter((line) => line.startsWith('credit_note:')).map((line) => / (invoice=[^ ]+) /.exec(line)![1]!));
    const beforeCreditNotes = live
      .filter((line) => !line.startsWith('credit_note:'))
      .map((line) => {
        // Refunds of invoices with a credit note (a duplicate's refund keeps customers:C:credit).
        if (!line.startsWith('refund:') || !credited.has(/ (invoice=[^ ]+) /.exec(line)![1]!)) return line;
        const [head, entries] = line.split(': ');
        const moved = entries!.split('; ').map((entry) => entry.replace(credit, 'refunds')).sort().join('; ');
        return `${head!.replace(`customer=${customerId}`, 'customer=null')}: ${moved}`;
      })
      .sort();
    expect(live.filter((line) => line.startsWith('credit_note:'))).toHaveLength(2); // the two refunds of paid invoices

    // The database as the release before the ledger left it: no ledger rows, 0034 not applied.
    await t.database.withScriptRunner((run) =>
      run(`begin;
        alter table ledger_entries disable trigger ledger_entries_append_only;
        alter table ledger_transactions disable trigger ledger_transactions_append_only;
        delete from ledger_entries; delete from ledger_transactions; delete from ledger_accounts;
        delete from credit_note_lines; delete from credit_notes; delete from credit_note_number_counters;
        update invoices set credited_amount = 0;
        alter table ledger_entries enable trigger ledger_entries_append_only;
        alter table ledger_transactions enable trigger ledger_transactions_append_only;
        delete from schema_migrations where name = '0034_ledger_backfill.sql';
        commit;`),
    );
    expect(await ledgerSnapshot()).toEqual([]);
    expect(await migrate(t.database)).toEqual(['0034_ledger_backfill.sql']);

    expect(await ledgerSnapshot()).toEqual(beforeCreditNotes);
    const reconciliation = await t.client.get('/billing/reconciliation', acme.key);
    expect(reconciliation.body).toMatchObject({ reconciled: true, mismatches: [] });
    // Listed newest first like posted ones (UUIDv7 ids of the records' instants).
    const list = await t.client.get('/billing/ledger/transactions?limit=100', acme.key);
    const ids = list.body.transactions.map((tx: { id: string }) => tx.id);
    // The zero invoice's finalization is a transaction without entries (all its amounts are 0): not in the snapshot.
    expect(ids.length).toBe(beforeCreditNotes.length + 1);
    expect([...ids].sort().reverse()).toEqual(ids);
  });
});
