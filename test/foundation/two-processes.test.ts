// Two service processes on one PostgreSQL, as behind a load balancer: both start (racing on
// migrations), a key raced across both has exactly one effect, 100 finalizations split across
// both number invoices 1..100 with no gap, charges and refunds raced across both keep one pending
// charge and never refund past the amount, and SIGTERM stops each cleanly.
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
    services = (await freePortPair()).map((port) => new ServiceProcess(port, { DATABASE_URL: database.url, RATE_LIMIT_SANDBOX_PER_SECOND: '100000' }));
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

  it('the same usage events sent to both processes at once are recorded once, one accepted answer each', async () => {
    const meter = await api(services[0]!.url, 'POST', '/meters', key, { key: 'raced_calls', name: 'Raced calls', aggregation: 'sum' });
    expect(meter.status).toBe(201);
    const product = await api(services[0]!.url, 'POST', '/products', key, { key: 'raced_usage', name: 'Raced usage', pricingModel: 'usage', currency: 'BRL' });
    const versionPath = `/products/${product.body.product.id}/versions/${product.body.version.id}`;
    expect((await api(services[0]!.url, 'PATCH', versionPath, key, { prices: [{ meter: 'raced_calls', model: 'per_unit', unitPrice: '0.01' }] })).status).toBe(200);
    expect((await api(services[0]!.url, 'POST', `${versionPath}/publish`, key, {})).status).toBe(200);
    const customer = await api(services[0]!.url, 'POST', '/customers', key, { name: 'Racer', externalId: 'racer' });
    const enrollment = await api(services[0]!.url, 'POST', `/customers/${customer.body.id}/enrollments`, key, { productId: product.body.product.id });
    expect(enrollment.status).toBe(201);

    // 200 event ids, each sent twice to each process (batches of 20, each with its own key), all at once.
    const ids = Array.from({ length: 200 }, (_, i) => `race-${i}`);
    const batches = Array.from({ length: 10 }, (_, b) =>
      ids.slice(b * 20, b * 20 + 20).map((eventId, i) => ({ meter: 'raced_calls', productId: product.body.product.id, customerId: 'racer', value: `${(i % 5) + 1}`, eventId })),
    );
    const sends = [0, 1, 0, 1].flatMap((process) => batches.map((events) => api(services[process]!.url, 'POST', '/metering/events/batch', key, { events })));
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    const byId = new Map<string, Array<{ status: string; timestamp: string }>>();
    for (const answer of answers) for (const r of answer.body.results) byId.set(r.eventId, [...(byId.get(r.eventId) ?? []), r]);
    for (const id of ids) {
      const results = byId.get(id)!;
      expect(results.filter((r) => r.status === 'accepted')).toHaveLength(1);
      expect(new Set(results.map((r) => r.timestamp)).size).toBe(1);
    }
    const stored: string[] = [];
    for (let cursor: string | null = null, page = 0; page === 0 || cursor; page++) {
      const list = await api(services[1]!.url, 'GET', `/metering/events?enrollmentId=${enrollment.body.id}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, key);
      expect(list.status).toBe(200);
      stored.push(...list.body.events.map((e: { eventId: string }) => e.eventId));
      cursor = list.body.nextCursor;
    }
    expect(stored.sort()).toEqual([...ids].sort());
  });

  it('charges and refunds raced across both processes: one pending charge, refunds never past the amount', async () => {
    const customer = await api(services[0]!.url, 'POST', '/customers', key, { name: 'Buyer', email: 'buyer@example.com' });
    const draft = await api(services[0]!.url, 'POST', '/billing/invoices', key, { customerId: customer.body.id, currency: 'BRL', lineItems: [{ description: 'Item', quantity: '1', unitPrice: '30.00' }] });
    expect((await api(services[1]!.url, 'POST', `/billing/invoices/${draft.body.id}/finalize`, key)).status).toBe(200);
    const methods = ['pix', 'boleto', 'card', 'crypto'];
    const charges = await Promise.all(Array.from({ length: 20 }, (_, i) => api(services[i % 2]!.url, 'POST', `/billing/invoices/${draft.body.id}/payments`, key, { method: methods[i % 4] })));
    expect(charges.map((c) => c.status)).toEqual(Array(20).fill(201));
    const payments = (await api(services[1]!.url, 'GET', `/billing/payments?invoiceId=${draft.body.id}&limit=100`, key)).body.payments;
    const pending = payments.filter((p: { status: string }) => p.status === 'pending');
    expect(pending).toHaveLength(1);

    // Confirm the pending charge on both processes at once: one confirmation, the invoice paid once.
    const confirms = await Promise.all([0, 1].map((i) => api(services[i]!.url, 'POST', `/test/payments/${pending[0].id}/confirm`, key)));
    expect(confirms.map((c) => c.status).sort()).toEqual([200, 409]);
    expect((await api(services[0]!.url, 'GET', `/billing/invoices/${draft.body.id}`, key)).body).toMatchObject({ status: 'paid', amountDue: '0.00' });

    const refunds = await Promise.all(Array.from({ length: 40 }, (_, i) => api(services[i % 2]!.url, 'POST', `/billing/payments/${pending[0].id}/refunds`, key, { amount: '1.00' })));
    expect(refunds.filter((r) => r.status === 201)).toHaveLength(30);
    expect(refunds.filter((r) => r.status === 422 || r.status === 409)).toHaveLength(10);
    expect((await api(services[1]!.url, 'GET', `/billing/payments/${pending[0].id}`, key)).body).toMatchObject({ status: 'refunded', refundedAmount: '30.00' });
  });

  it('SIGTERM drains and exits 0', async () => {
    expect(await Promise.all(services.map((s) => s.kill('SIGTERM')))).toEqual([0, 0]);
  });
});
