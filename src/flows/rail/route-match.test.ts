// Requirements without extra.product/meter (the official @x402/express middleware's): the route is
// the one priced at the amount; several at one price are told apart by the resource URL, else
// refused (the usage would land on a guessed meter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { agent, configureRail, railProduct, signPayment, type RailProduct } from '../../../test/rail/fixtures.ts';

let t: TestContext;
let seller: SeededAccount;
let cheap: RailProduct;
let twinA: RailProduct;
let twinB: RailProduct;
let base: Record<string, any>;

beforeAll(async () => {
  t = await startTestApp();
  seller = await seedAccount(t.client, 'Two routes one price');
  await configureRail(t.client, seller.key);
  cheap = await railProduct(t.client, seller.key, '0.003');
  twinA = await railProduct(t.client, seller.key, '0.005');
  twinB = await railProduct(t.client, seller.key, '0.005');
  const accepts = (await t.client.get(`/rail/config?product=${cheap.productKey}`, seller.key)).body.outputSchema.routes[0].accepts[0];
  const { product: _p, meter: _m, ...extra } = accepts.extra;
  base = { ...accepts, extra };
});
afterAll(() => t.close());

/** Settles `amount` with requirements naming no route, for a resource at `url`. */
async function settle(amount: string, url: string) {
  const requirements = { ...base, amount };
  const payload = { ...(await signPayment(agent(), requirements)), resource: { url } };
  return t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements }, { idempotencyKey: null });
}

async function meterOfUsage(usageEventId: string): Promise<string> {
  const row = await t.database.db.selectFrom('rail_settlements').select('meter_id').where('usage_event_id', '=', usageEventId).executeTakeFirstOrThrow();
  return row.meter_id!;
}

describe('finding the Rail route without extra.product/meter', () => {
  it('settles on the only route priced at the amount', async () => {
    const res = await settle('3000', 'http://seller.example/anything');
    expect(res.body).toMatchObject({ success: true, amount: '3000' });
    expect(await meterOfUsage(res.body.extra.usageEventId)).toBe(cheap.meterId);
  });

  it('refuses an amount no route costs', async () => {
    const res = await settle('4000', 'http://seller.example/anything');
    expect(res.body).toMatchObject({ success: false, errorReason: 'invalid_rail_route_price', transaction: '' });
  });

  it('tells routes of one price apart by the meter key in the resource URL, and refuses when the URL names none', async () => {
    const b = await settle('5000', `http://seller.example/api/${twinB.meterKey}?q=1`);
    expect(b.body).toMatchObject({ success: true, amount: '5000' });
    expect(await meterOfUsage(b.body.extra.usageEventId)).toBe(twinB.meterId);
    const a = await settle('5000', `http://seller.example/${twinA.productKey}/x`);
    expect(a.body).toMatchObject({ success: true });
    expect(await meterOfUsage(a.body.extra.usageEventId)).toBe(twinA.meterId);
    const neither = await settle('5000', 'http://seller.example/weather');
    expect(neither.body).toMatchObject({ success: false, errorReason: 'invalid_rail_route_price', transaction: '' });
    expect(neither.body.errorMessage).toContain(twinA.productKey);
  });

  it('keeps honouring extra.product and extra.meter when given', async () => {
    const requirements = { ...base, amount: '5000', extra: { ...base.extra, product: twinA.productKey, meter: twinA.meterKey } };
    const payload = await signPayment(agent(), requirements);
    const res = await t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements });
    expect(res.body).toMatchObject({ success: true });
    expect(await meterOfUsage(res.body.extra.usageEventId)).toBe(twinA.meterId);
  });
});
