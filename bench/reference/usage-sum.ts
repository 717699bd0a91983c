// Reference (3): a naive from-usage. Sums the raw events of the enrollment over [from, to) on
// every request (the service's own usage_events table, the same data the service invoices) and
// prices the sum per unit. No rollups: this is what invoicing costs without them.
import Fastify from 'fastify';
import { env, openPool } from './common.ts';

const pool = openPool();
const accountId = env('ACCOUNT_ID');
const meterId = env('METER_ID');
const unitPrice = env('UNIT_PRICE');
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.post('/billing/invoices/from-usage', async (request, reply) => {
  const { customerId, from, to } = request.body as { customerId: string; from: string; to: string };
  const { rows } = await pool.query<{ quantity: string; total: string }>(
    `select coalesce(sum(value), 0)::text as quantity, round(coalesce(sum(value), 0) * $6::numeric, 2)::text as total
       from usage_events
      where account_id = $1 and environment = 'sandbox' and enrollment_id = $2 and meter_id = $3
        and occurred_at >= $4 and occurred_at < $5`,
    [accountId, customerId, meterId, from, to, unitPrice],
  );
  reply.code(201);
  return rows[0];
});

await app.listen({ port: Number(env('PORT')), host: env('HOST') });
