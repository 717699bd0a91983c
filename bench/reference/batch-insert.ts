// Reference (2): the naive floor of batch ingestion. Bare Fastify + pg, one multi-row
// `INSERT ... ON CONFLICT DO NOTHING` per batch request into the table shaped like usage_events,
// answering the interface's result shape (`{results: [{index, eventId, status}], accepted,
// duplicates}`) from the ids the insert returns, as reference 1 answers the single-event shape.
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
const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });

app.get('/healthz', async () => ({ status: 'ok' }));

app.post('/metering/events/batch', async (request) => {
  const { events } = request.body as { events: UsageEvent[] };
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
  // An id inserted now is accepted at its first occurrence in the batch; every other is a duplicate.
  const inserted = new Set(result.rows.map((row) => row.event_id));
  const results = events.map((event, index) => ({ index, eventId: event.eventId, status: inserted.delete(event.eventId) ? 'accepted' : 'duplicate' }));
  const accepted = result.rowCount ?? 0;
  return { results, accepted, duplicates: events.length - accepted };
});

await app.listen({ port: Number(env('PORT')), host: env('HOST') });
