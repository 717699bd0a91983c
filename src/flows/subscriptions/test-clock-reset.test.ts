// POST /test/clock/reset (issue 31, item 1): the sandbox returns to the real clock when that
// rewrites nothing, and is refused (409 test_clock_ahead) while anything of it is dated after the
// real time; one account's clock never moves another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';

const real = new ManualClock('2026-01-15T09:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let globex: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ clock: real });
  acme = await seedAccount(t.client, 'Acme');
  globex = await seedAccount(t.client, 'Globex');
});
afterAll(() => t.close());

const clockOf = async (key: string) => (await t.client.get('/test/clock', key)).body;
const reset = (key: string) => t.client.post('/test/clock/reset', key);

describe('test clock reset', () => {
  it('answers the real clock when none is set', async () => {
    const res = await reset(acme.key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ now: '2026-01-15T09:00:00.000Z', frozen: false });
  });

  it('returns to the real clock when nothing was recorded ahead of it', async () => {
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-03-01T00:00:00.000Z' })).status).toBe(200);
    expect(await clockOf(acme.key)).toEqual({ now: '2026-03-01T00:00:00.000Z', frozen: true });
    const res = await reset(acme.key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ now: '2026-01-15T09:00:00.000Z', frozen: false });
    expect((await t.client.post('/customers', acme.key, { name: 'Real time' })).body.createdAt).toBe('2026-01-15T09:00:00.000Z');
  });

  it('refuses while a record is dated after the real time, and keeps the clock', async () => {
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-04-01T00:00:00.000Z' })).status).toBe(200);
    const customer = await t.client.post('/customers', acme.key, { name: 'Ahead' });
    expect(customer.body.createdAt).toBe('2026-04-01T00:00:00.000Z');
    const invoice = await t.client.post('/billing/invoices', acme.key, { customerId: customer.body.id, currency: 'BRL', lineItems: [{ description: 'Consulting', quantity: '1', unitPrice: '10.00' }] });
    expect((await t.client.post(`/billing/invoices/${invoice.body.id}/finalize`, acme.key)).body.finalizedAt).toBe('2026-04-01T00:00:00.000Z');

    const refused = await reset(acme.key);
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('test_clock_ahead');
    expect(refused.body.message).toContain('2026-04-01T00:00:00.000Z');
    expect(await clockOf(acme.key)).toEqual({ now: '2026-04-01T00:00:00.000Z', frozen: true });
  });

  it('allows it once the real time has passed every record', async () => {
    real.set('2026-04-01T00:00:01.000Z');
    const res = await reset(acme.key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ now: '2026-04-01T00:00:01.000Z', frozen: false });
    expect(await clockOf(acme.key)).toEqual({ now: '2026-04-01T00:00:01.000Z', frozen: false });
  });

  it("never touches another account's clock, and answers a live key 404", async () => {
    expect((await t.client.post('/test/clock/advance', globex.key, { to: '2026-05-01T00:00:00.000Z' })).status).toBe(200);
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-06-01T00:00:00.000Z' })).status).toBe(200);
    expect((await reset(acme.key)).status).toBe(200);
    expect(await clockOf(globex.key)).toEqual({ now: '2026-05-01T00:00:00.000Z', frozen: true });
    expect(await clockOf(acme.key)).toEqual({ now: '2026-04-01T00:00:01.000Z', frozen: false });
    // globex's records ahead of the real time do not hold acme back, nor acme's globex.
    await t.client.post('/customers', globex.key, { name: 'Globex ahead' });
    expect((await reset(acme.key)).status).toBe(200);
    expect((await reset(globex.key)).status).toBe(409);
    const live = await reset(acme.liveKey);
    expect(live.status).toBe(404);
  });
});
