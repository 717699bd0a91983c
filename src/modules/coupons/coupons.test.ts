// Coupons: created, read and archived through the API, redeemed on one-off invoices as a discount
// line, refused when archived, expired or used up, and never redeemed past maxRedemptions even by
// 50 requests at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';

const clock = new ManualClock('2026-06-01T10:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key);
});
afterAll(async () => {
  await t.close();
});

async function createCoupon(body: Record<string, unknown>, key = acme.key) {
  const res = await t.client.post('/billing/coupons', key, { percentOff: '10', duration: 'once', ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const invoiceWith = (couponCode: string | undefined, lineItems = [{ description: 'Consulting', quantity: '2', unitPrice: '50.00' }]) =>
  t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems, ...(couponCode === undefined ? {} : { couponCode }) });

describe('coupons', () => {
  it('creates a coupon with every interface field and reads it back', async () => {
    const coupon = await createCoupon({ code: 'WELCOME15', percentOff: '15.5', duration: 'repeating', durationInCycles: 3, maxRedemptions: 100, redeemBy: '2026-12-31T23:59:59Z' });
    expect(coupon).toEqual({
      id: expect.any(String),
      code: 'WELCOME15',
      percentOff: '15.5',
      duration: 'repeating',
      durationInCycles: 3,
      maxRedemptions: 100,
      redeemBy: '2026-12-31T23:59:59.000Z',
      timesRedeemed: 0,
      status: 'active',
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    expect((await t.client.get(`/billing/coupons/${coupon.id}`, acme.key)).body).toEqual(coupon);
    const list = await t.client.get('/billing/coupons', acme.key);
    expect(list.body.coupons.map((c: { id: string }) => c.id)).toContain(coupon.id);
    expect(list.body).toHaveProperty('nextCursor');
  });

  it('refuses a code taken whatever its case, and bad terms, naming the field', async () => {
    await createCoupon({ code: 'Summer' });
    const taken = await t.client.post('/billing/coupons', acme.key, { code: 'SUMMER', percentOff: '5', duration: 'once' });
    expect(taken.status).toBe(409);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await t.client.post('/billing/coupons', acme.key, { code: 'BAD', percentOff: '10', duration: 'once', ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad({ percentOff: '0' }, 'percentOff');
    await bad({ percentOff: '100.01' }, 'percentOff');
    await bad({ percentOff: 10 }, 'percentOff');
    await bad({ duration: 'repeating' }, 'durationInCycles');
    await bad({ duration: 'forever', durationInCycles: 2 }, 'durationInCycles');
    await bad({ redeemBy: '2026-05-01T00:00:00Z' }, 'redeemBy');
    await bad({ code: 'has space' }, 'code');
    // The same code in the other environment or another account is another coupon.
    await createCoupon({ code: 'SUMMER' }, acme.liveKey);
  });

  it('discounts a one-off invoice by a discount line, and counts the redemption', async () => {
    const coupon = await createCoupon({ code: 'TAKE15', percentOff: '15' });
    const res = await invoiceWith('take15', [
      { description: 'Consulting', quantity: '2', unitPrice: '50.00' },
      { description: 'Setup', quantity: '1', unitPrice: '33.33' },
    ]);
    expect(res.status, res.raw).toBe(201);
    // 133.33 x 15% = 19.9995, rounded half-up to 20.00.
    expect(res.body.lineItems.map((l: any) => [l.type, l.description, l.amount])).toEqual([
      ['one_off', 'Consulting', '100.00'],
      ['one_off', 'Setup', '33.33'],
      ['discount', 'Cupom TAKE15: 15% de desconto', '-20.00'],
    ]);
    expect(res.body).toMatchObject({ subtotal: '113.33', total: '113.33', amountDue: '113.33' });
    expect((await t.client.get(`/billing/coupons/${coupon.id}`, acme.key)).body).toMatchObject({ timesRedeemed: 1, status: 'active' });
  });

  it('refuses unknown, archived, expired and used-up coupons, creating no invoice', async () => {
    const before = (await t.client.get('/billing/invoices?limit=100', acme.key)).body.invoices.length;
    const unknown = await invoiceWith('NOPE');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'couponCode', value: 'NOPE' });

    const archived = await createCoupon({ code: 'OLD' });
    const archiving = await t.client.post(`/billing/coupons/${archived.id}/archive`, acme.key);
    expect(archiving.body).toMatchObject({ status: 'archived' });
    expect((await invoiceWith('OLD')).body.error_code).toBe('coupon_archived');

    await createCoupon({ code: 'SOON', redeemBy: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(60_000);
    const expired = await invoiceWith('SOON');
    expect(expired.status).toBe(422);
    expect(expired.body.error_code).toBe('coupon_expired');

    const single = await createCoupon({ code: 'ONCEONLY', maxRedemptions: 1 });
    expect((await invoiceWith('ONCEONLY')).status).toBe(201);
    const exhausted = await invoiceWith('ONCEONLY');
    expect(exhausted.body.error_code).toBe('coupon_exhausted');
    expect((await t.client.get(`/billing/coupons/${single.id}`, acme.key)).body).toMatchObject({ timesRedeemed: 1, status: 'exhausted' });
    expect((await t.client.get('/billing/invoices?limit=100', acme.key)).body.invoices.length).toBe(before + 1);
  });

  it('redeems a coupon with maxRedemptions 10 exactly 10 times out of 50 concurrent requests', async () => {
    const coupon = await createCoupon({ code: 'RUSH', maxRedemptions: 10 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => invoiceWith('RUSH')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 422 && a.body.error_code === 'coupon_exhausted')).toHaveLength(40);
    expect((await t.client.get(`/billing/coupons/${coupon.id}`, acme.key)).body.timesRedeemed).toBe(10);
    const rows = await t.database.db.selectFrom('coupon_redemptions').select('invoice_id').where('coupon_id', '=', coupon.id).execute();
    expect(rows).toHaveLength(10);
  });

  it('answers 404 for another account or environment', async () => {
    const coupon = await createCoupon({ code: 'MINE' });
    const other = await seedAccount(t.client, 'Other');
    for (const key of [other.key, acme.liveKey]) {
      expect((await t.client.get(`/billing/coupons/${coupon.id}`, key)).status).toBe(404);
      const archive = await t.client.post(`/billing/coupons/${coupon.id}/archive`, key);
      expect(archive.status).toBe(404);
      expect(archive.body.resource).toBe('coupon');
    }
    expect((await t.client.post('/billing/invoices', other.key, { customerId: await createCustomer(t, other.key), currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1.00' }], couponCode: 'MINE' })).status).toBe(422);
  });
});
