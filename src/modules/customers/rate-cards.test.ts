import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createMeter, createPublishedUsageProduct, enroll } from '../../../test/factories/catalog.ts';
import { wireMoney } from '../../core/money.ts';
import { effectivePrices, effectivePricing } from './service.ts';

/** The stored prices as the API writes them: amounts at the currency's scale (BRL here). */
const onWire = (prices: Array<{ unitPrice: string | null }>) => prices.map((p) => ({ ...p, unitPrice: p.unitPrice === null ? null : wireMoney(p.unitPrice, 'BRL') }));

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const sandbox = () => ({ accountId: acme.id, environment: 'sandbox' as const });

async function enrolled() {
  const customer = await createCustomer(t.client, acme.key);
  const { product, version, meter } = await createPublishedUsageProduct(t.client, acme.key, '0.10');
  const enrollment = await enroll(t.client, acme.key, customer.id, product.id);
  return { customer, product, version, meter, enrollment };
}

describe('rate cards', () => {
  it('create -> effective prices are the card; delete -> back to the version', async () => {
    const { version, meter, enrollment } = await enrolled();
    const db = t.app.deps.db;
    expect(onWire(await effectivePrices(db, sandbox(), enrollment.id, new Date()))).toEqual(version.prices);

    const res = await t.client.post(`/customers/${enrollment.id}/rate-cards`, acme.key, {
      basePrice: '15.5',
      prices: [{ meter: meter.key, tiers: [{ upTo: '1000', unitPrice: '0.05' }, { upTo: null, unitPrice: '0.01' }] }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ enrollmentId: enrollment.id, basePrice: '15.50', active: true, deletedAt: null });
    expect(res.body.prices).toMatchObject([{ meterId: meter.id, meter: meter.key, model: 'tiered', unitPrice: null }]);
    expect(await effectivePrices(db, sandbox(), enrollment.id, new Date())).toEqual(res.body.prices);
    expect(await effectivePricing(db, sandbox(), enrollment.id, new Date())).toMatchObject({ source: 'rate_card', rateCardId: res.body.id, basePriceOverride: '15.5' });

    const deleted = await t.client.delete(`/customers/${enrollment.id}/rate-cards/${res.body.id}`, acme.key);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: res.body.id, active: false, deletedAt: expect.any(String) });
    expect(onWire(await effectivePrices(db, sandbox(), enrollment.id, new Date()))).toEqual(version.prices);
    expect((await effectivePricing(db, sandbox(), enrollment.id, new Date())).source).toBe('version');

    // Deleting again returns the card unchanged; a new card can be created now.
    const again = await t.client.delete(`/customers/${enrollment.id}/rate-cards/${res.body.id}`, acme.key);
    expect(again.body.deletedAt).toBe(deleted.body.deletedAt);
    const second = await t.client.post(`/customers/${enrollment.id}/rate-cards`, acme.key, { prices: [{ meter: meter.key, unitPrice: '0.02' }] });
    expect(second.status).toBe(201);

    const list = await t.client.get(`/customers/${enrollment.id}/rate-cards`, acme.key);
    expect(list.body.rateCards.map((c: { id: string; active: boolean }) => [c.id, c.active])).toEqual([
      [second.body.id, true],
      [res.body.id, false],
    ]);
  });

  it('answers 409 for a second active card', async () => {
    const { meter, enrollment } = await enrolled();
    expect((await t.client.post(`/customers/${enrollment.id}/rate-cards`, acme.key, { prices: [{ meter: meter.key, unitPrice: '1' }] })).status).toBe(201);
    const second = await t.client.post(`/customers/${enrollment.id}/rate-cards`, acme.key, { prices: [{ meter: meter.key, unitPrice: '2' }] });
    expect(second.status).toBe(409);
    expect(second.body.error_code).toBe('conflict');
  });

  it('validates prices exactly like versions', async () => {
    const { enrollment, meter } = await enrolled();
    const other = await createMeter(t.client, acme.key);
    const url = `/customers/${enrollment.id}/rate-cards`;
    const cases: Array<[unknown, string, string]> = [
      [{ prices: [{ meter: 'missing', unitPrice: '1' }] }, 'prices[0].meter', 'meter_exists'],
      [{ prices: [{ meter: meter.key, unitPrice: 1 }] }, 'prices[0].unitPrice', 'decimal_string'],
      [{ prices: [{ meter: other.key, model: 'package', unitPrice: '1' }] }, 'prices[0].packageSize', 'required'],
      [{ prices: [{ meter: meter.key, tiers: [{ upTo: '5', unitPrice: '1' }] }] }, 'prices[0].tiers[0].upTo', 'last_tier_open'],
      [{ prices: [] }, 'prices', 'minItems'],
      [{ prices: [{ meter: meter.key, unitPrice: '1' }], basePrice: 3 }, 'basePrice', 'decimal_string'],
      [{ prices: [{ meter: meter.key, unitPrice: '1' }], basePrice: '1.001' }, 'basePrice', 'currency_precision'],
    ];
    for (const [body, field, constraint] of cases) {
      const res = await t.client.post(url, acme.key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.map((e: { field: string; constraint: string }) => `${e.field}:${e.constraint}`)).toContain(`${field}:${constraint}`);
    }
    expect((await t.client.get(url, acme.key)).body.rateCards).toEqual([]);
  });

  it('a rate card prices the meter: its aggregation is then fixed', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const { product } = await createPublishedUsageProduct(t.client, acme.key);
    const enrollment = await enroll(t.client, acme.key, customer.id, product.id);
    const meter = await createMeter(t.client, acme.key);
    await t.client.post(`/customers/${enrollment.id}/rate-cards`, acme.key, { prices: [{ meter: meter.key, unitPrice: '1' }] });
    expect((await t.client.patch(`/meters/${meter.id}`, acme.key, { aggregation: 'count' })).status).toBe(409);
  });

  it('answers 404 for a customer id in place of the enrollment id, and for a card of another enrollment', async () => {
    const a = await enrolled();
    const b = await enrolled();
    expect((await t.client.get(`/customers/${a.customer.id}/rate-cards`, acme.key)).status).toBe(404);
    const card = await t.client.post(`/customers/${a.enrollment.id}/rate-cards`, acme.key, { prices: [{ meter: a.meter.key, unitPrice: '1' }] });
    const wrong = await t.client.delete(`/customers/${b.enrollment.id}/rate-cards/${card.body.id}`, acme.key);
    expect(wrong.status).toBe(404);
    expect(wrong.body.resource).toBe('rate_card');
  });
});
