// Migration 0036: draws made before ingestion posted them (metering_ingest_v6 drew the balance
// column only) get one opening `prepaid.drawn` transaction each, for the difference between the
// column and the ledger account, and the account reconciles again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

describe('0036: draws of the release before', () => {
  it('posts what v6 drew and did not post: 100.00 credited, 30 x 0.50 = 15.00 drawn -> one opening draw of 15.00, balance 85.00 = ledger', async () => {
    expect((await t.client.post('/meters', acme.key, { key: 'calls', name: 'Calls', aggregation: 'sum' })).status).toBe(201);
    const created = await t.client.post('/products', acme.key, { key: 'credits', name: 'Credits', pricingModel: 'prepaid', billingCycle: 'monthly', basePrice: '100.00' });
    const { product, version } = created.body;
    await t.client.patch(`/products/${product.id}/versions/${version.id}`, acme.key, { prices: [{ meter: 'calls', unitPrice: '0.50' }], consumptionFloor: '0' });
    await t.client.post(`/products/${product.id}/versions/${version.id}/publish`, acme.key);
    const customer = await t.client.post('/customers', acme.key, { name: 'Bia' });
    const sub = await t.client.post('/billing/subscriptions', acme.key, {
      customerId: customer.body.id,
      productId: product.id,
      collectionMethod: 'charge_automatically',
      paymentMethod: '4242 4242 4242 4242',
    });
    expect(sub.status, sub.raw).toBe(201);
    const batch = await t.client.post('/metering/events/batch', acme.key, {
      events: Array.from({ length: 30 }, () => ({ meter: 'calls', productId: product.id, customerId: customer.body.id, value: '1' })),
    });
    expect(batch.status, batch.raw).toBe(200);

    // The ledger as v6 left it: the credit posted, the draws not.
    await t.database.withScriptRunner((run) =>
      run(`begin;
        alter table ledger_entries disable trigger ledger_entries_append_only;
        alter table ledger_transactions disable trigger ledger_transactions_append_only;
        delete from ledger_entries where transaction_id in (select id from ledger_transactions where kind = 'prepaid.drawn');
        delete from ledger_transactions where kind = 'prepaid.drawn';
        alter table ledger_entries enable trigger ledger_entries_append_only;
        alter table ledger_transactions enable trigger ledger_transactions_append_only;
        delete from schema_migrations where name = '0036_prepaid_ledger.sql';
        commit;`),
    );
    const before = (await t.client.get('/billing/reconciliation', acme.key)).body;
    // Column 100.00 - 15.00 = 85.00; ledger account still -100.00 (credit-normal: 100.00).
    expect(before.reconciled).toBe(false);
    expect(before.mismatches).toEqual([{ check: 'prepaid_balance', resourceType: 'enrollment', resourceId: sub.body.id, currency: 'BRL', expected: '85.00', actual: '100.00' }]);

    expect(await migrate(t.database)).toEqual(['0036_prepaid_ledger.sql']);
    const drawn = (await t.client.get(`/billing/ledger/transactions?resourceType=enrollment&resourceId=${sub.body.id}`, acme.key)).body.transactions;
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({ kind: 'prepaid.drawn', customerId: customer.body.id });
    expect(drawn[0].entries.map((e: { account: string; amount: string }) => `${e.account} ${e.amount}`).sort()).toEqual([`enrollments:${sub.body.id}:prepaid 15.00`, 'revenue -15.00']);
    expect((await t.client.get('/billing/reconciliation', acme.key)).body).toMatchObject({ reconciled: true, mismatches: [] });
    // Run again, it finds nothing more to post.
    await t.database.withScriptRunner((run) => run(`delete from schema_migrations where name = '0036_prepaid_ledger.sql';`));
    expect(await migrate(t.database)).toEqual(['0036_prepaid_ledger.sql']);
    expect((await t.client.get(`/billing/ledger/transactions?resourceType=enrollment&resourceId=${sub.body.id}`, acme.key)).body.transactions).toHaveLength(1);
  });
});
