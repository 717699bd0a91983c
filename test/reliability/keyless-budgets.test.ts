// Keyless routes are limited by what they cost (issue 30, "Fairness"): a flood from one address is
// refused past its budget without spending the shop's or the service's, a shop's cap holds across
// addresses, another account's keyed requests are all served meanwhile, and orders have line and
// quantity caps. Windows of an hour make every count exact on a busy machine (no timing).
// Costs (src/http/keyless-budgets.ts): a shop read is 5 units, an order 25.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, usingRedis, type SeededAccount, type TestContext } from '../harness.ts';
import { createProduct, publishVersion } from '../factories/catalog.ts';

let t: TestContext;
let seller: SeededAccount;
let bystander: SeededAccount;
let productId: string;

beforeAll(async () => {
  t = await startTestApp();
  seller = await seedAccount(t.client, 'Padaria');
  bystander = await seedAccount(t.client, 'Bystander');
  const created = await createProduct(t.client, seller.key, { name: 'Pão de queijo', basePrice: '12.50' });
  await publishVersion(t.client, seller.key, created.product.id, created.version.id);
  productId = created.product.id;
});
afterAll(() => t.close());

/** An app on the same database with these budgets (units per hour) and counters of its own. */
async function withBudgets(
  budgets: { address: number; seller: number; total: number },
  run: (app: TestContext) => Promise<void>,
  prefix = `keyless-${randomUUID()}:`,
  more: Record<string, string> = {},
) {
  const app = await startTestApp({
    database: t.database,
    env: {
      ...more,
      KEYLESS_BUDGET_PER_ADDRESS: String(budgets.address),
      KEYLESS_BUDGET_PER_SELLER: String(budgets.seller),
      KEYLESS_BUDGET_TOTAL: String(budgets.total),
      KEYLESS_BUDGET_WINDOW_SECONDS: '3600',
      REDIS_KEY_PREFIX: prefix,
    },
  });
  try {
    await run(app);
  } finally {
    await app.app.close();
  }
}

async function newShop(): Promise<string> {
  const slug = `shop-${randomUUID().slice(0, 8)}`;
  const res = await t.client.post('/storefronts', seller.key, { name: 'Padaria', slug, productIds: [productId] });
  expect(res.status, res.raw).toBe(201);
  return slug;
}

function order(app: TestContext, slug: string, address: string, items: unknown = [{ productId, quantity: 2 }]) {
  return app.app.inject({
    method: 'POST',
    url: `/public/storefronts/${slug}/orders`,
    remoteAddress: address,
    headers: { 'idempotency-key': randomUUID() },
    payload: { items, payer: { name: 'Ana', email: 'ana@example.com' }, fulfillment: { mode: 'pickup' } },
  });
}

async function ordersOf(slug: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('storefront_orders')
    .innerJoin('storefronts', 'storefronts.id', 'storefront_orders.storefront_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('storefronts.slug', '=', slug)
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}

describe('keyless budgets by cost', () => {
  it('refuses a flood from one address past its budget, in the rate-limit shape, while another account is served', async () => {
    const slug = await newShop();
    // Address budget 100 units: 100 / 25 per order = 4 orders; the other 16 are refused.
    await withBudgets({ address: 100, seller: 100_000, total: 100_000 }, async (app) => {
      const flood = Array.from({ length: 20 }, () => order(app, slug, '203.0.113.7'));
      const keyed = Array.from({ length: 20 }, () => app.client.get('/customers?limit=5', bystander.key));
      const [floodAnswers, keyedAnswers] = await Promise.all([Promise.all(flood), Promise.all(keyed)]);

      expect(floodAnswers.filter((r) => r.statusCode === 201)).toHaveLength(4);
      const refused = floodAnswers.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(16);
      const one = refused[0]!;
      expect(one.json().error.code).toBe('rate_limited');
      expect(one.json().error.request_id).toBe(one.headers['x-request-id']);
      expect(Number(one.headers['retry-after'])).toBeGreaterThan(0);
      expect(one.headers['ratelimit-limit']).toBe('100');
      expect(keyedAnswers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(await ordersOf(slug)).toBe(4);
    });
  });

  it('caps a shop across addresses, and a flood refused by its own budget spends none of the shop\'s', async () => {
    const slug = await newShop();
    const other = await newShop();
    // Address 50 units (2 orders), shop 100 units (4 orders).
    await withBudgets({ address: 50, seller: 100, total: 100_000 }, async (app) => {
      // 10 orders from one address: 2 pass (50 units of the shop's 100), 8 are refused by the address budget alone.
      const flood = await Promise.all(Array.from({ length: 10 }, () => order(app, slug, '198.51.100.20')));
      expect(flood.filter((r) => r.statusCode === 201)).toHaveLength(2);
      // The shop has 100 - 50 = 50 units left: 2 more orders from anyone, then 429 naming the shop.
      const others: number[] = [];
      for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23', '198.51.100.24']) others.push((await order(app, slug, address)).statusCode);
      expect(others).toEqual([201, 201, 429, 429]);
      const capped = await order(app, slug, '198.51.100.25');
      expect(capped.json().error.message).toContain('this shop');
      expect(await ordersOf(slug)).toBe(4);
      // Another shop of the same seller has a budget of its own.
      expect((await order(app, other, '198.51.100.26')).statusCode).toBe(201);
    });
  });

  it('counts a page read as less than an order, and holds the service-wide budget whatever the address', async () => {
    const slug = await newShop();
    // Address 100 units: 20 shop reads (20 x 5 = 100) pass, then even one read is refused.
    await withBudgets({ address: 100, seller: 100_000, total: 100_000 }, async (app) => {
      const reads: number[] = [];
      for (let i = 0; i < 21; i++) reads.push((await app.app.inject({ url: `/public/storefronts/${slug}`, remoteAddress: '192.0.2.50' })).statusCode);
      expect(reads).toEqual([...Array(20).fill(200), 429]);
    });
    // Service-wide 75 units: 3 orders (3 x 25), from three addresses to three shops; the fourth is refused.
    const shops = [slug, await newShop(), await newShop(), await newShop()];
    await withBudgets({ address: 100_000, seller: 100_000, total: 75 }, async (app) => {
      const statuses: number[] = [];
      for (const [i, shop] of shops.entries()) statuses.push((await order(app, shop, `192.0.2.${60 + i}`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  });

  it.runIf(usingRedis)('shares the budgets between processes through Redis', async () => {
    const slug = await newShop();
    const prefix = `keyless-shared-${randomUUID()}:`;
    // One address budget of 50 units (2 orders) for both processes: 4 orders, alternating, make 2.
    await withBudgets({ address: 50, seller: 100_000, total: 100_000 }, async (first) => {
      await withBudgets({ address: 50, seller: 100_000, total: 100_000 }, async (second) => {
        const statuses: number[] = [];
        for (const app of [first, second, first, second]) statuses.push((await order(app, slug, '198.51.100.99')).statusCode);
        expect(statuses).toEqual([201, 201, 429, 429]);
      }, prefix);
    }, prefix);
  });

  it('runs accepted keyless writes one at a time when told to, and frees every place (no order waits forever)', async () => {
    const slug = await newShop();
    await withBudgets({ address: 100_000, seller: 100_000, total: 100_000 }, async (app) => {
      const first = await Promise.all(Array.from({ length: 12 }, (_, i) => order(app, slug, `198.51.100.${120 + i}`)));
      expect(first.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      // A refused order (422) takes no place, and the lane is free again afterwards.
      expect((await order(app, slug, '198.51.100.140', [{ productId, quantity: 0 }])).statusCode).toBe(422);
      const again = await Promise.all(Array.from({ length: 3 }, () => order(app, slug, '198.51.100.141')));
      expect(again.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(await ordersOf(slug)).toBe(15);
    }, `keyless-${randomUUID()}:`, { KEYLESS_WRITES_AT_ONCE: '1' });
  });

  it('frees the places of clients that leave while in line or while their order runs', async () => {
    const slug = await newShop();
    await withBudgets({ address: 100_000, seller: 100_000, total: 100_000 }, async (app) => {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.server.address() as AddressInfo;
      const body = JSON.stringify({ items: [{ productId, quantity: 1 }], payer: { name: 'Ana', email: 'ana@example.com' }, fulfillment: { mode: 'pickup' } });
      // 10 orders at once over real sockets, each closed by its client right after sending: some
      // leave while in line, some while running; none may keep a place.
      await Promise.all(
        Array.from({ length: 10 }, () =>
          new Promise<void>((resolve) => {
            const req = httpRequest({ port, method: 'POST', path: `/public/storefronts/${slug}/orders`, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() } });
            req.on('error', () => resolve());
            req.end(body, () => setImmediate(() => (req.destroy(), resolve())));
          }),
        ),
      );
      const after = await Promise.all(Array.from({ length: 3 }, () => order(app, slug, '198.51.100.150')));
      expect(after.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    }, `keyless-${randomUUID()}:`, { KEYLESS_WRITES_AT_ONCE: '1' });
  });

  it('caps lines and quantities of an order with 422 naming the field', async () => {
    const slug = await newShop();
    const tooMany = await order(t, slug, '192.0.2.90', Array.from({ length: 21 }, () => ({ productId, quantity: 1 })));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors[0]).toMatchObject({ field: 'items' });
    const tooMuch = await order(t, slug, '192.0.2.90', [{ productId, quantity: 101 }]);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'items[0].quantity' });
    // The largest order allowed: 100 x 12.50 = 1250.00.
    const largest = await order(t, slug, '192.0.2.90', [{ productId, quantity: 100 }]);
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json().total).toBe('1250.00');
  });
});
