// The service is SIGKILLed several times while a client ingests 20,000 events with pinned ids and
// retries every failed request with the same Idempotency-Key: afterwards every event is counted once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money, sumAmounts } from '../../src/core/money.ts';
import { ADMIN_TOKEN, usingPostgres } from '../harness.ts';
import { api, createScratchDatabase, freePortPair, queryRow, ServiceProcess } from '../service-process.ts';

const TOTAL = 20_000;
const BATCH = 250;

describe.runIf(usingPostgres)('SIGKILL during ingestion', () => {
  let database: { url: string; drop(): Promise<void> };
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.DATABASE_URL!, 'test_kill');
    service = new ServiceProcess((await freePortPair())[0], { DATABASE_URL: database.url, RATE_LIMIT_SANDBOX_PER_SECOND: '100000' });
    await service.start();
  }, 90_000);

  afterAll(async () => {
    await service?.kill();
    await database?.drop();
  });

  it('counts every event exactly once', async () => {
    const admin = await fetch(`${service.url}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash test' }),
    }).then((r) => r.json());
    const key: string = admin.keys.find((k: { type: string; environment: string }) => k.type === 'secret' && k.environment === 'sandbox').key;
    const base = service.url;
    expect((await api(base, 'POST', '/meters', key, { key: 'calls', name: 'Calls', aggregation: 'sum' })).status).toBe(201);
    const product = await api(base, 'POST', '/products', key, { key: 'api', name: 'API', pricingModel: 'usage' });
    const { id: productId } = product.body.product;
    await api(base, 'PATCH', `/products/${productId}/versions/${product.body.version.id}`, key, { prices: [{ meter: 'calls', unitPrice: '0.01' }] });
    await api(base, 'POST', `/products/${productId}/versions/${product.body.version.id}/publish`, key);
    const customer = await api(base, 'POST', '/customers', key, { name: 'C', externalId: 'crash-customer' });
    expect((await api(base, 'POST', `/customers/${customer.body.id}/enrollments`, key, { productId })).status).toBe(201);

    const values: string[] = [];
    const batches = Array.from({ length: TOTAL / BATCH }, (_, b) => ({
      idempotencyKey: randomUUID(),
      events: Array.from({ length: BATCH }, (_, i) => {
        const value = `${(b * BATCH + i) % 97}.${i % 100}`;
        values.push(value);
        return { meter: 'calls', productId, customerId: 'crash-customer', value, eventId: `evt-${b}-${i}`, timestamp: '2026-01-15T10:00:00Z' };
      }),
    }));

    let next = 0;
    // Kills at 20%, 40%, 60% and 80% of the batches handed out: paced by progress, not by the clock,
    // so that a fast service is killed as often as a slow one.
    let kills = 0;
    let stopKilling = false;
    const killer = (async () => {
      while (!stopKilling && kills < 4) {
        await new Promise((r) => setTimeout(r, 10));
        if (next < ((kills + 1) * batches.length) / 5) continue;
        await service.kill('SIGKILL');
        kills++;
        await service.start();
      }
    })();

    // Two concurrent senders, each retrying a batch with the same Idempotency-Key until it lands.
    const sender = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        for (let attempt = 0; ; attempt++) {
          try {
            const res = await api(service.url, 'POST', '/metering/events/batch', key, { events: batch.events }, batch.idempotencyKey);
            if (res.status === 200) break;
            if (res.status !== 409 && res.status < 500) throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
          } catch (error) {
            if ((error as Error).message.startsWith('unexpected')) throw error;
          }
          if (attempt > 400) throw new Error('batch never landed');
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    await Promise.all([sender(), sender()]);
    stopKilling = true;
    await killer;
    expect(kills).toBe(4);

    const usage = await api(service.url, 'GET', `/metering/usage?enrollmentId=${(await api(base, 'GET', `/customers/${customer.body.id}/enrollments`, key)).body.enrollments[0].id}&meter=calls&from=2026-01-15T00:00:00Z&to=2026-01-16T00:00:00Z`, key);
    expect(usage.status).toBe(200);
    expect(new Money(usage.body.value).eq(sumAmounts(values))).toBe(true);
    const raw = await queryRow<{ n: string; total: string; hourly: string }>(
      database.url,
      'select count(*) as n, sum(value)::text as total, (select sum(event_count) from usage_hourly)::text as hourly from usage_events',
    );
    expect(raw.n).toBe(String(TOTAL));
    expect(raw.hourly).toBe(String(TOTAL));
  }, 240_000);
});
