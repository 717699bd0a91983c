// The commitment credit's backfill (migration 0038): a subscription holding credit carried over from
// before the ledger posted it gets an opening transaction for it, and the account reconciles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { migrate } from '../../db/migrate.ts';
import { runDueSubscriptions } from '../../flows/subscriptions/index.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

const clock = new ManualClock('2027-03-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const balances = async () => (await t.client.get('/billing/ledger/balances', acme.key)).body.balances as Array<{ account: string; balance: string }>;

describe('backfill of commitment credit carried over', () => {
  it('opens each subscription\'s carried account with the credit it holds', async () => {
    expect((await t.client.post('/meters', acme.key, { key: 'calls', name: 'API calls', aggregation: 'sum' })).status).toBe(201);
    const created = await t.client.post('/products', acme.key, { key: 'api', name: 'API plan', pricingModel: 'usage' });
    const { product, version } = created.body;
    await t.client.patch(`/products/${product.id}/versions/${version.id}`, acme.key, { prices: [{ meter: 'calls', unitPrice: '0.10' }], commitmentAmount: '100.00', commitmentResets: false });
    expect((await t.client.post(`/products/${product.id}/versions/${version.id}/publish`, acme.key)).status).toBe(200);
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana' });
    const sub = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: product.id, billingCycle: 'monthly' });
    expect(sub.status, sub.raw).toBe(201);
    // March: 300 calls = 30.00 < 100.00: 70.00 carried over.
    clock.set('2027-03-10T00:00:00.000Z');
    expect((await t.client.post('/metering/events', acme.key, { meter: 'calls', productId: product.id, customerId: customer.body.id, value: '300', timestamp: '2027-03-10T00:00:00Z' })).status).toBe(201);
    clock.set('2027-04-01T00:00:00.000Z');
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    const carried = `commitments:${sub.body.id}:carried`;
    expect((await balances()).find((b) => b.account === carried)?.balance).toBe('-70.00');

    // As the release before left it: the credit held, its moves never posted, 0038 not applied.
    await t.database.withScriptRunner((run) =>
      run(`begin;
        alter table ledger_entries disable trigger ledger_entries_append_only;
        alter table ledger_transactions disable trigger ledger_transactions_append_only;
        delete from ledger_entries where transaction_id in (select id from ledger_transactions where kind like 'commitment.%');
        delete from ledger_transactions where kind like 'commitment.%';
        alter table ledger_entries enable trigger ledger_entries_append_only;
        alter table ledger_transactions enable trigger ledger_transactions_append_only;
        delete from schema_migrations where name = '0038_commitment_carried_backfill.sql';
        commit;`),
    );
    const before = await t.client.get('/billing/reconciliation', acme.key);
    expect(before.body.mismatches).toEqual([{ check: 'commitment_carried', resourceType: 'subscription', resourceId: sub.body.id, currency: 'BRL', expected: '70.00', actual: '0.00' }]);

    expect(await migrate(t.database)).toEqual(['0038_commitment_carried_backfill.sql']);
    // The opening transaction: revenue +70.00 / carried -70.00, as commitment.carried posts it.
    const opening = await t.client.get(`/billing/ledger/transactions?resourceType=subscription&resourceId=${sub.body.id}`, acme.key);
    expect(opening.body.transactions.map((tr: any) => [tr.kind, tr.customerId, tr.entries.map((e: any) => `${e.account} ${e.amount}`).sort()])).toEqual([
      ['commitment.carried', customer.body.id, [`${carried} -70.00`, 'revenue 70.00']],
    ]);
    expect((await t.client.get('/billing/reconciliation', acme.key)).body).toMatchObject({ reconciled: true, mismatches: [] });
    // Run again (keys already posted): nothing more.
    await t.database.withScriptRunner((run) => run(`delete from schema_migrations where name = '0038_commitment_carried_backfill.sql';`));
    await migrate(t.database);
    expect((await balances()).find((b) => b.account === carried)?.balance).toBe('-70.00');
  });
});
