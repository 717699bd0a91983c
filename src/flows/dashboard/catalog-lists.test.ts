// The dashboard's meters and coupons pages (issue #32) on a real database: the lists of the
// session's tenant only, the create forms through the API (a double submit replays), the API's
// refusals shown next to the form, and the pages' next-page links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, formKeyOf } from '../../../test/dashboard-team.ts';
import { CATALOG_TEXT } from './catalog-page.text.ts';

let t: TestContext;
let acmeKey: string;
let otherKey: string;
let owner: DashboardBrowser;

async function formOf(path: string) {
  const page = await owner.get(path);
  expect(page.status).toBe(200);
  return { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, path) };
}

beforeAll(async () => {
  t = await startTestApp();
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'ana@acme.example');
  otherKey = await accountWithOwner(t, 'Other', 'bruno@other.example');
  owner = new DashboardBrowser(t);
  expect((await owner.signIn('ana@acme.example', 'a long password')).status).toBe(303);
});
afterAll(() => t.close());

describe('meters', () => {
  it("lists the tenant's meters only and creates one from the form", async () => {
    expect((await t.client.post('/meters', otherKey, { key: 'foreign-meter', name: 'Alheio', aggregation: 'sum' })).status).toBe(201);
    const empty = await owner.get('/dashboard/catalog/meters');
    expect(empty.html).toContain('id="no-meters"');
    expect(empty.html).not.toContain('foreign-meter');
    const res = await owner.post('/dashboard/catalog/meters', { ...(await formOf('/dashboard/catalog/meters')), name: 'Usuários ativos', key: 'active-users', aggregation: 'unique_count', property: 'userId', unit: 'usuários' });
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe('/dashboard/catalog/meters');
    const meters = (await t.client.get('/meters', acmeKey)).body.meters;
    expect(meters).toMatchObject([{ key: 'active-users', name: 'Usuários ativos', aggregation: 'unique_count', property: 'userId', unit: 'usuários' }]);
    const page = await owner.get('/dashboard/catalog/meters');
    expect(page.html).toContain(`<li id="meter-${meters[0].id}"><strong>Usuários ativos</strong> <span class="note">active-users · Contagem de únicos (userId) · usuários</span></li>`);
  });

  it('a key in use answers 409 next to the form; a property on a sum answers 422', async () => {
    const clash = await owner.post('/dashboard/catalog/meters', { ...(await formOf('/dashboard/catalog/meters')), name: 'Outro', key: 'active-users', aggregation: 'sum' });
    expect(clash.status).toBe(409);
    expect(clash.html).toContain(CATALOG_TEXT['pt-BR'].errors[409]);
    expect(clash.html).toContain('value="Outro"');
    const invalid = await owner.post('/dashboard/catalog/meters', { ...(await formOf('/dashboard/catalog/meters')), name: 'Soma', key: 'sum-meter', aggregation: 'sum', property: 'x' });
    expect(invalid.status).toBe(422);
    expect(invalid.html).toMatch(/role="alert" id="error"[\s\S]*property/);
    expect((await t.client.get('/meters', acmeKey)).body.meters).toHaveLength(1);
  });
});

describe('coupons', () => {
  it('creates a coupon (a decimal comma, a last day) and lists it; a double submit replays', async () => {
    const form = { ...(await formOf('/dashboard/catalog/coupons')), code: 'BEMVINDO', percentOff: '12,5', duration: 'repeating', durationInCycles: '3', maxRedemptions: '100', redeemBy: '2099-12-31' };
    const first = await owner.post('/dashboard/catalog/coupons', form);
    // Without the replay the second would be a new coupon of a code in use (409).
    const second = await owner.post('/dashboard/catalog/coupons', form);
    expect([first.status, second.status], first.html).toEqual([303, 303]);
    const coupons = (await t.client.get('/billing/coupons', acmeKey)).body.coupons;
    expect(coupons).toMatchObject([{ code: 'BEMVINDO', percentOff: '12.5', duration: 'repeating', durationInCycles: 3, maxRedemptions: 100, redeemBy: '2099-12-31T23:59:59.000Z' }]);
    const page = await owner.get('/dashboard/catalog/coupons');
    expect(page.html).toContain('<strong class="coupon-code">BEMVINDO</strong> <span class="coupon-off">12,5%</span>');
    expect(page.html).toContain('Alguns ciclos (3) · ativo · usado 0 vezes / 100 · até 31/12/2099');
    const english = new DashboardBrowser(t, 'en');
    await english.signIn('ana@acme.example', 'a long password');
    expect((await english.get('/dashboard/catalog/coupons')).html).toContain('<span class="coupon-off">12.5%</span>');
  });

  it('a code in use with a new form answers 409; a percentage above 100 answers 422', async () => {
    const clash = await owner.post('/dashboard/catalog/coupons', { ...(await formOf('/dashboard/catalog/coupons')), code: 'bemvindo', percentOff: '5', duration: 'once' });
    expect(clash.status).toBe(409);
    const tooMuch = await owner.post('/dashboard/catalog/coupons', { ...(await formOf('/dashboard/catalog/coupons')), code: 'DEMAIS', percentOff: '150', duration: 'once' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.html).toContain('value="DEMAIS"');
    expect((await t.client.get('/billing/coupons', acmeKey)).body.coupons).toHaveLength(1);
  });
});

describe('list pages', () => {
  it('pages the coupons 25 at a time, newest first', async () => {
    for (let i = 0; i < 25; i += 1) expect((await t.client.post('/billing/coupons', acmeKey, { code: `LOTE${i}`, percentOff: '1', duration: 'once' })).status).toBe(201);
    const first = await owner.get('/dashboard/catalog/coupons');
    const codes = (html: string) => [...html.matchAll(/class="coupon-code">([^<]+)</g)].map((m) => m[1]);
    expect(codes(first.html)).toHaveLength(25);
    expect(codes(first.html)[0]).toBe('LOTE24');
    const next = /href="([^"]+)" id="next-page"/.exec(first.html)![1]!.replaceAll('&amp;', '&').replaceAll('&#x3D;', '=');
    const second = await owner.get(next);
    expect(codes(second.html)).toEqual(['BEMVINDO']);
    expect(second.html).not.toContain('id="next-page"');
    // A cursor edited by hand starts from the newest again.
    expect(codes((await owner.get('/dashboard/catalog/coupons?cursor=not-a-cursor')).html)[0]).toBe('LOTE24');
  });

  it('signed out, every catalog page sends the browser to sign in', async () => {
    const stranger = new DashboardBrowser(t);
    for (const path of ['/dashboard/catalog', '/dashboard/catalog/meters', '/dashboard/catalog/coupons', '/dashboard/catalog/payment-links']) {
      expect((await stranger.get(path)).location).toBe('/dashboard/login');
    }
  });
});
