// Events recorded together are fanned out in one pass (fan-out.ts) to the same deliveries and jobs
// as the same events recorded one at a time: two accounts get the same endpoints, one records the
// events one by one (recordEvent), the other all at once (recordEvents), and every delivery with
// its job is compared, in the order of their ids (the order they were made in).
import { sql, type KyselyPlugin, type PluginTransformResultArgs, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { recordEvent, recordEvents } from '../events/index.ts';
import { createEndpoint, updateEndpoint } from './service.ts';

const clock = new ManualClock('2027-03-01T12:00:00.000Z');
const OPEN_UNTIL = '2027-03-01T12:01:00.000Z';
let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
});
afterAll(async () => {
  await t.close();
});

/**
 * The endpoints of each account: `all` ("*"), `invoices` (created and sent), `customers` (a kind
 * none of the events has), `finalized` with its breaker open until OPEN_UNTIL, `off` ("*", turned
 * off) and `live` ("*", the production side of the account: another tenant).
 */
async function endpoints(account: SeededAccount): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const create = async (key: string, description: string, events: string[]) => {
    const res = await t.client.post('/account/webhooks', key, { url: 'http://127.0.0.1:9/hooks', events, description });
    expect(res.status, res.raw).toBe(201);
    ids[description] = res.body.id;
  };
  await create(account.key, 'all', ['*']);
  await create(account.key, 'invoices', ['invoice.created', 'invoice.sent']);
  await create(account.key, 'customers', ['customer.created']);
  await create(account.key, 'finalized', ['invoice.finalized']);
  await create(account.key, 'off', ['*']);
  await create(account.liveKey, 'live', ['*']);
  expect((await t.client.patch(`/account/webhooks/${ids.off}`, account.key, { isActive: false })).status).toBe(200);
  await sql`update webhook_endpoints set circuit_open_until = ${new Date(OPEN_UNTIL)} where id = ${ids.finalized}`.execute(t.database.db);
  return ids;
}

/** Each delivery of the account with its job, in id order, endpoints by description and events by their `n`. */
async function deliveriesOf(account: SeededAccount) {
  const { rows } = await sql<Record<string, unknown>>`
    select w.description as endpoint, e.data->>'n' as n, d.event_type, d.environment, d.status, d.attempt_count, d.next_attempt_at, d.delivered_at, d.created_at,
           j.queue, j.payload, j.run_at, j.attempts, j.created_at as job_created_at, j.share_account_id = d.account_id as job_of_account, j.concurrency_key = d.endpoint_id::text as job_of_endpoint
    from webhook_deliveries d
    join webhook_endpoints w on w.id = d.endpoint_id
    join events e on e.id = d.event_id
    left join jobs j on j.id = d.id
    where d.account_id = ${account.id}
    order by d.id`.execute(t.database.db);
  return rows;
}

const EVENTS = [
  { type: 'invoice.created', data: { n: '1' } },
  { type: 'invoice.finalized', data: { n: '2' } },
  { type: 'invoice.sent', data: { n: '3' } },
  { type: 'invoice.created', data: { n: '4' } },
  { type: 'invoice.finalized', data: { n: '5' } },
  { type: 'customer.updated', data: { n: '6' } },
];

describe('fan-out of events recorded together', () => {
  it('makes the deliveries and jobs that recording them one at a time makes', async () => {
    const alone = await seedAccount(t.client, 'Fan-out');
    const together = await seedAccount(t.client, 'Fan-out');
    await endpoints(alone);
    await endpoints(together);
    const ctxOf = (account: SeededAccount): UseCaseContext => ({ tenant: { accountId: account.id, environment: 'sandbox' }, now: clock.now(), baseUrl: t.config.baseUrl });

    await t.database.db.transaction().execute(async (tx) => {
      for (const event of EVENTS) await recordEvent(tx, ctxOf(alone), event.type, event.data);
    });
    await t.database.db.transaction().execute((tx) => recordEvents(tx, ctxOf(together), EVENTS));

    const a = await deliveriesOf(alone);
    const b = await deliveriesOf(together);
    expect(b).toEqual(a);
    // 1 created: all, invoices; 2 finalized: all, finalized; 3 sent: all, invoices; 4 and 5 as 1
    // and 2; 6 customer.updated: all. 11 deliveries; none to customers, off or live.
    expect(b.map((row) => `${row.n} ${row.endpoint}`)).toEqual(['1 all', '1 invoices', '2 all', '2 finalized', '3 all', '3 invoices', '4 all', '4 invoices', '5 all', '5 finalized', '6 all']);
    expect(b.every((row) => row.job_of_account === true && row.job_of_endpoint === true && row.queue === 'webhook.deliver')).toBe(true);
    // The open breaker's deliveries wait in the slow lane; their own time stays now.
    const runAt = (row: Record<string, unknown>) => new Date(row.run_at as string).toISOString();
    expect(b.filter((row) => row.endpoint === 'finalized').map(runAt)).toEqual([OPEN_UNTIL, OPEN_UNTIL]);
    expect(b.filter((row) => row.endpoint !== 'finalized').map(runAt)).toEqual(Array(9).fill(clock.now().toISOString()));
  });

  it('sends events recorded with onlyEndpointId to that endpoint alone, whatever it subscribes to, either way', async () => {
    const alone = await seedAccount(t.client, 'Only one');
    const together = await seedAccount(t.client, 'Only one');
    const aloneIds = await endpoints(alone);
    const togetherIds = await endpoints(together);
    const ctxOf = (account: SeededAccount): UseCaseContext => ({ tenant: { accountId: account.id, environment: 'sandbox' }, now: clock.now(), baseUrl: t.config.baseUrl });
    const tests = [
      { type: 'webhook.test', data: { n: '1' } },
      { type: 'invoice.created', data: { n: '2' } },
    ];

    await t.database.db.transaction().execute(async (tx) => {
      for (const event of tests) await recordEvent(tx, ctxOf(alone), event.type, event.data, { onlyEndpointId: aloneIds.customers });
    });
    await t.database.db.transaction().execute((tx) => recordEvents(tx, ctxOf(together), tests, { onlyEndpointId: togetherIds.customers }));

    const a = await deliveriesOf(alone);
    const b = await deliveriesOf(together);
    expect(b).toEqual(a);
    expect(b.map((row) => `${row.n} ${row.endpoint}`)).toEqual(['1 customers', '2 customers']);
  });
});

/** Counts the transaction's reads of webhook_endpoints (a plugin sees every query it runs). */
function endpointReads(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery({ node }: { node: RootOperationNode }) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"webhook_endpoints"')) plugin.count += 1;
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  };
  return plugin;
}

describe('the endpoints a transaction reads for its events', () => {
  it('reads them once for events recorded one at a time, and again after an endpoint changed in the same transaction', async () => {
    const account = await seedAccount(t.client, 'Reads once');
    const ids = await endpoints(account);
    const ctx: UseCaseContext = { tenant: { accountId: account.id, environment: 'sandbox' }, now: clock.now(), baseUrl: t.config.baseUrl };
    const reads = endpointReads();
    let added = '';
    await t.database.db.transaction().execute(async (plain) => {
      const tx = plain.withPlugin(reads);
      // Three events one at a time: one read.
      for (const event of EVENTS.slice(0, 3)) await recordEvent(tx, ctx, event.type, event.data);
      expect(reads.count).toBe(1);
      // An endpoint turned off in the same transaction: the next event is read again, then kept.
      await updateEndpoint(tx, ctx, ids.all!, { isActive: false });
      let before = reads.count;
      await recordEvent(tx, ctx, 'invoice.created', { n: '4' });
      await recordEvent(tx, ctx, 'invoice.finalized', { n: '5' });
      expect(reads.count - before).toBe(1);
      // An endpoint created in the same transaction: the same.
      added = (await createEndpoint(tx, ctx, { url: 'http://127.0.0.1:9/added', events: ['coupon.created'], description: 'added' })).id;
      before = reads.count;
      await recordEvent(tx, ctx, 'coupon.created', { n: '6' });
      await recordEvent(tx, ctx, 'invoice.sent', { n: '7' });
      expect(reads.count - before).toBe(1);
    });
    const rows = await deliveriesOf(account);
    // 1 created: all, invoices; 2 finalized: all, finalized; 3 sent: all, invoices; with all off:
    // 4 created: invoices; 5 finalized: finalized; with added on: 6 coupon.created: added; 7 sent: invoices.
    expect(rows.map((row) => `${row.n} ${row.endpoint}`)).toEqual(['1 all', '1 invoices', '2 all', '2 finalized', '3 all', '3 invoices', '4 invoices', '5 finalized', '6 added', '7 invoices']);
    expect(added).not.toBe('');
  });
});
