// Reference (2): the naive floor of batch ingestion. Bare Fastify + pg, one
// `INSERT ... ON CONFLICT DO NOTHING` per batch request into the table shaped like usage_events,
// answering the interface's result shape (`{results: [{index, eventId, status}], accepted,
// duplicates}`) from the ids the insert returns, as reference 1 answers the single-event shape.
//
// The rows go as one array per column through `unnest`, as a competent engineer writes a bulk
// insert with pg: one short statement text, prepared once per connection (a named query) and
// planned once, instead of a statement with six parameters per event that PostgreSQL must parse
// and plan on every request. REF_BATCH_INSERT=values selects the multi-row `VALUES` form this
// reference used before, so the two can be compared (docs/benchmarks.md).
import Fastify from 'fastify';
import { env, openPool } from './common.ts';

interface UsageEvent {
  customerId: string;
  eventId: string;
  value: string;
  timestamp: string;
}

const COLUMNS = 6;
const pool = openPool();
const accountId = env('ACCOUNT_ID');
const meterId = env('METER_ID');
const style = process.env.REF_BATCH_INSERT === 'values' ? 'values' : 'unnest';
const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });

const UNNEST_INSERT = `insert into ref_usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
  select $1, 'sandbox', e.event_id, e.enrollment_id, $2, e.value, e.occurred_at, null, now()
    from unnest($3::text[], $4::uuid[], $5::numeric[], $6::timestamptz[]) as e(event_id, enrollment_id, value, occurred_at)
  on conflict do nothing returning event_id`;

async function insertUnnest(events: UsageEvent[]): Promise<string[]> {
  const ids: string[] = [];
  const customers: string[] = [];
  const values: string[] = [];
  const times: string[] = [];
  for (const event of events) {
    ids.push(event.eventId);
    customers.push(event.customerId);
    values.push(event.value);
    times.push(event.timestamp);
  }
  const result = await pool.query<{ event_id: string }>({ name: 'ref-batch-insert', text: UNNEST_INSERT, values: [accountId, meterId, ids, customers, values, times] });
  return result.rows.map((row) => row.event_id);
}

async function insertValues(events: UsageEvent[]): Promise<string[]> {
  const rows: string[] = [];
  const params: unknown[] = [];
  for (const event of events) {
    const p = params.length;
    rows.push(`($${p + 1}, 'sandbox', $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, null, now())`);
    params.push(accountId, event.eventId, event.customerId, meterId, event.value, event.timestamp);
  }
  if (params.length !== events.length * COLUMNS) throw new Error('parameter count mismatch');
  const result = await pool.query<{ event_id: string }>(
    `insert into ref_usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
     values ${rows.join(',')} on conflict do nothing returning event_id`,
    params,
  );
  return result.rows.map((row) => row.event_id);
}

app.get('/healthz', async () => ({ status: 'ok' }));

app.post('/metering/events/batch', async (request) => {
  const { events } = request.body as { events: UsageEvent[] };
  const insertedIds = style === 'unnest' ? await insertUnnest(events) : await insertValues(events);
  // An id inserted now is accepted at its first occurrence in the batch; every other is a duplicate.
  const inserted = new Set(insertedIds);
  const results = events.map((event, index) => ({ index, eventId: event.eventId, status: inserted.delete(event.eventId) ? 'accepted' : 'duplicate' }));
  const accepted = insertedIds.length;
  return { results, accepted, duplicates: events.length - accepted };
});

await app.listen({ port: Number(env('PORT')), host: env('HOST') });
