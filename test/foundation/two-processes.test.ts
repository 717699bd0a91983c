// Two service processes on one PostgreSQL, as behind a load balancer: both start (racing on
// migrations), a key raced across both has exactly one effect, 100 finalizations split across
// both number invoices 1..100 with no gap, and SIGTERM stops each cleanly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, usingPostgres } from '../harness.ts';
import { api, createScratchDatabase, freePortPair, ServiceProcess } from '../service-process.ts';

describe.runIf(usingPostgres)('two processes on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let services: ServiceProcess[];
  let key: string;

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.DATABASE_URL!, 'test_procs');
    services = freePortPair().map((port) => new ServiceProcess(port, { DATABASE_URL: database.url, RATE_LIMIT_SANDBOX_PER_SECOND: '100000' }));
    await Promise.all(services.map((s) => s.start()));
    const created = await fetch(`${services[0]!.url}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Race' }),
    }).then((r) => r.json());
    key = created.keys.find((k: { type: string; environment: string }) => k.type === 'secret' && k.environment === 'sandbox').key;
  }, 120_000);

  afterAll(async () => {
    await Promise.all((services ?? []).map((s) => s.kill()));
    await database?.drop();
  });

  it('a key raced across both processes has exactly one effect', async () => {
    const idempotencyKey = randomUUID();
    const send = (i: number) => api(services[i % 2]!.url, 'POST', '/account/keys', key, { name: 'raced', scopes: ['billing:read'] }, idempotencyKey);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => send(i)));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const replayOnOther = await send(1);
    expect(replayOnOther.status).toBe(201);
    expect(ids.has(replayOnOther.body.id)).toBe(true);
    const list = await api(services[1]!.url, 'GET', '/account/keys?limit=100', key);
    expect(list.body.keys.filter((k: { name: string | null }) => k.name === 'raced').length).toBe(1);
  });

  it('100 concurrent finalizations across both processes number invoices 1..100 with no gap', async () => {
    const customer = await api(services[0]!.url, 'POST', '/customers', key, { name: 'Payer', email: 'payer@example.com' });
    expect(customer.status).toBe(201);
    const drafts = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(services[i % 2]!.url, 'POST', '/billing/invoices', key, { customerId: customer.body.id, currency: 'BRL', lineItems: [{ description: 'Item', quantity: '1', unitPrice: '10.00' }] }),
      ),
    );
    expect(drafts.every((d) => d.status === 201)).toBe(true);
    const finalized = await Promise.all(drafts.map((d, i) => api(services[i % 2]!.url, 'POST', `/billing/invoices/${d.body.id}/finalize`, key)));
    expect(finalized.map((f) => f.status)).toEqual(Array(100).fill(200));
    const numbers = finalized.map((f) => f.body.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(100);
    const sequence = numbers.map((n) => Number(/(\d+)$/.exec(n)![1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('SIGTERM drains and exits 0', async () => {
    expect(await Promise.all(services.map((s) => s.kill('SIGTERM')))).toEqual([0, 0]);
  });
});
