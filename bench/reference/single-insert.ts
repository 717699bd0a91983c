// Reference (1): the naive floor of single-event ingestion. Bare Fastify + pg, one
// `INSERT ... ON CONFLICT DO NOTHING` per request into a table shaped like usage_events
// (same columns, keys and indexes), no validation, no tenancy lookups, no idempotency record.
import Fastify from 'fastify';
import { env, openPool } from './common.ts';

interface UsageEvent {
  customerId: string;
  eventId: string;
  value: string;
  timestamp: string;
}

const pool = openPool();
const accountId = env('ACCOUNT_ID');
const meterId = env('METER_ID');
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.post('/metering/events', async (request, reply) => {
  const event = request.body as UsageEvent;
  // The event's customerId is stored as the enrollment: the floor resolves nothing.
  const result = await pool.query(
    `insert into ref_usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
     values ($1, 'sandbox', $2, $3, $4, $5, $6, null, now()) on conflict do nothing`,
    [accountId, event.eventId, event.customerId, meterId, event.value, event.timestamp],
  );
  const accepted = result.rowCount === 1;
  reply.code(accepted ? 201 : 200);
  return { eventId: event.eventId, status: accepted ? 'accepted' : 'duplicate', timestamp: event.timestamp };
});

await app.listen({ port: Number(env('PORT')), host: env('HOST') });
