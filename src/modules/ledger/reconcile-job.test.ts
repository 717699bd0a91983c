// The daily reconciliation: a tenant whose ledger no longer adds up (an entry written around
// postTransaction) records ledger.mismatch with the details; a clean tenant records nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { forTenant } from '../../db/tenancy.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { openInvoice, paidPayment } from '../payments/test-fixtures.ts';
import { reconcileEveryTenant } from './reconcile-job.ts';

let t: TestContext;
let clean: SeededAccount;
let broken: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  clean = await seedAccount(t.client, 'Clean');
  broken = await seedAccount(t.client, 'Broken');
});
afterAll(() => t.close());

describe('daily reconciliation', () => {
  it('records ledger.mismatch for the tenant whose ledger does not add up, and nothing for the others', async () => {
    // An endpoint may subscribe to ledger.mismatch by name.
    const endpoint = await t.client.post('/account/webhooks', broken.key, { url: 'http://127.0.0.1:9/hooks', events: ['ledger.mismatch'] });
    expect(endpoint.status, endpoint.raw).toBe(201);
    await paidPayment(t, clean.key, await createCustomer(t, clean.key));
    const invoice = await openInvoice(t, broken.key, await createCustomer(t, broken.key));
    const [finalized] = (await t.client.get(`/billing/ledger/transactions?resourceType=invoice&resourceId=${invoice.id}`, broken.key)).body.transactions;
    // An entry added by hand to the finalization: revenue +1.00, so its BRL entries sum to 1.00.
    const revenue = await t.database.db.selectFrom('ledger_accounts').select('id').where('code', '=', 'revenue').where(forTenant({ accountId: broken.id, environment: 'sandbox' })).executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('ledger_entries')
      .values({ id: newId(), account_id: broken.id, environment: 'sandbox', transaction_id: finalized.id, ledger_account_id: revenue.id, currency: 'BRL', amount: '1.00', created_at: new Date() })
      .execute();

    const run = await reconcileEveryTenant(t.database.db, t.app.deps.clock);
    expect(run.mismatched).toEqual([{ accountId: broken.id, environment: 'sandbox', mismatches: 1 }]);
    const mismatch = { check: 'transaction_balanced', resourceType: 'ledger_transaction', resourceId: finalized.id, currency: 'BRL', expected: '0.00', actual: '1.00' };
    expect((await t.client.get('/billing/reconciliation', broken.key)).body).toMatchObject({ reconciled: false, mismatches: [mismatch] });
    const events = (await t.client.get('/account/events?type=ledger.mismatch', broken.key)).body.events;
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ reconciled: false, mismatches: [mismatch] });
    expect((await t.client.get('/account/events?type=ledger.mismatch', clean.key)).body.events).toEqual([]);
    // ... and is sent it: one delivery of that event is queued for the endpoint.
    const deliveries = (await t.client.get(`/account/webhooks/${endpoint.body.id}/deliveries`, broken.key)).body.deliveries;
    expect(deliveries).toEqual([expect.objectContaining({ eventId: events[0].id, eventType: 'ledger.mismatch' })]);
  });
});
