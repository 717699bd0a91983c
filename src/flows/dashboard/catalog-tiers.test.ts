// The version form's tiered, volume and package prices, and offers (issue #32), on a real
// database: each model through the form, read back through the API as exact decimal strings and
// shown in words; the API's 422 shown with the field named as the form labels it; an offer
// published and ended; CSRF and roles refused with 403 and nothing changed; another account's
// version answers 404 on the new route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../core/locale.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, formKeyOf, memberWithRole } from '../../../test/dashboard-team.ts';
import { CATALOG_TEXT } from './catalog-page.text.ts';

let t: TestContext;
let acmeKey: string;
let otherKey: string;
let owner: DashboardBrowser;
let productId: string;
let path: string;

interface Version {
  id: string;
  version: number;
  status: string;
  isDefault: boolean;
  prices: Array<{ meter: string; model: string; unitPrice: string | null; packageSize: string | null; tiers: Array<{ upTo: string | null; unitPrice: string; flatPrice: string | null }> | null }>;
}

const versions = async (apiKey = acmeKey, id = productId) => (await t.client.get(`/products/${id}/versions`, apiKey)).body.versions as Version[];
const latest = async () => (await versions()).sort((a, b) => b.version - a.version)[0]!;
const brl = (amount: string, locale: 'pt-BR' | 'en' = 'pt-BR') => formatAmount(amount, 'BRL', locale, true);

/** Posts the new version form of the product page with its csrf and key, plus `fields`. */
async function newVersion(fields: Record<string, string>, browser = owner) {
  const page = await browser.get(path);
  expect(page.status).toBe(200);
  return browser.post(`${path}/versions`, { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, `${path}/versions`), ...fields });
}

beforeAll(async () => {
  t = await startTestApp();
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'ana@acme.example');
  otherKey = await accountWithOwner(t, 'Other', 'bruno@other.example');
  owner = new DashboardBrowser(t, 'pt-BR');
  expect((await owner.signIn('ana@acme.example', 'a long password')).status).toBe(303);
  expect((await t.client.post('/meters', acmeKey, { key: 'api-calls', name: 'Chamadas', aggregation: 'count' })).status).toBe(201);
  const created = await t.client.post('/products', acmeKey, { key: 'api', name: 'API', pricingModel: 'usage' });
  productId = created.body.product.id;
  path = `/dashboard/catalog/products/${productId}`;
});
afterAll(() => t.close());

describe('the version form prices by tiers, volume and package', () => {
  it('shows the model choice, a tiers table with empty rows and the open "and above" row', async () => {
    const page = await owner.get(path);
    expect(page.html).toContain('<select id="version-model" name="model"');
    expect(page.html).toContain('<option value="tiered">');
    expect(page.html).toContain('name="tier2UpTo"');
    expect(page.html).not.toContain('name="tier3UpTo"');
    expect(page.html).toContain('aria-label="Faixa 1, até"');
    expect(page.html).toMatch(/<tr id="tier-above"><th scope="row">e acima<\/th>/);
    expect(page.html).toContain('id="version-package-size" name="packageSize"');
  });

  it('"more tier rows" works without a script: the form again as typed, three rows more, nothing made', async () => {
    const before = (await versions()).length;
    const res = await newVersion({ meter: 'api-calls', model: 'tiered', tierRows: '3', tier0UpTo: '10', tier0UnitPrice: '1,00', moreTiers: '1' });
    expect(res.status).toBe(200);
    expect(res.html).toContain('name="tier5UpTo"');
    expect(res.html).not.toContain('name="tier6UpTo"');
    expect(res.html).toContain('name="tier0UnitPrice" id="tier0UnitPrice" inputmode="decimal" value="1,00"');
    expect(res.html).toContain('<input type="hidden" name="tierRows" value="6">');
    expect(res.html).not.toContain('id="error"');
    expect(await versions()).toHaveLength(before);
  });

  it('a graduated price: the typed rows become tiers, the last row open; read back exactly and in words', async () => {
    const res = await newVersion({
      meter: 'api-calls', model: 'tiered',
      tier0UpTo: '1000', tier0UnitPrice: '0', tier1UpTo: '5000', tier1UnitPrice: '0,10', tier1FlatPrice: '',
      tier2UpTo: '', tier2UnitPrice: '', aboveUnitPrice: '0,08', aboveFlatPrice: '10',
      unitPrice: '9.99', // a per-unit field: ignored, the model is tiered
    });
    expect(res.status, res.html).toBe(303);
    const v = await latest();
    // Exact decimals: "0,10" (a decimal comma) is "0.10"; amounts come back with at least BRL's two
    // places ("0" -> "0.00", "10" -> "10.00"), the bound 1000 is a quantity and stays "1000".
    expect(v.prices).toEqual([
      {
        id: expect.any(String), meterId: expect.any(String), meter: 'api-calls', model: 'tiered', unitPrice: null, packageSize: null,
        tiers: [
          { upTo: '1000', unitPrice: '0.00', flatPrice: null },
          { upTo: '5000', unitPrice: '0.10', flatPrice: null },
          { upTo: null, unitPrice: '0.08', flatPrice: '10.00' },
        ],
      },
    ]);
    const page = await owner.get(path);
    expect(page.html.replace(/\u00a0/g, ' ')).toContain(
      `api-calls: graduado: as primeiras 1.000 grátis; de 1.001 a 5.000: ${brl('0.10')} cada; acima de 5.000: ${brl('0.08')} cada mais ${brl('10.00')} fixos`.replace(/\u00a0/g, ' '),
    );
  });

  it('a volume price with one bounded tier and the open one', async () => {
    const res = await newVersion({ meter: 'api-calls', model: 'volume', tier0UpTo: '100', tier0UnitPrice: '1.50', tier0FlatPrice: '5.00', aboveUnitPrice: '1.25' });
    expect(res.status, res.html).toBe(303);
    const v = await latest();
    expect(v.prices[0]).toMatchObject({ model: 'volume', unitPrice: null, tiers: [{ upTo: '100', unitPrice: '1.50', flatPrice: '5.00' }, { upTo: null, unitPrice: '1.25', flatPrice: null }] });
    const english = new DashboardBrowser(t, 'en');
    expect((await english.signIn('ana@acme.example', 'a long password')).status).toBe(303);
    const page = await english.get(path);
    expect(page.html).toContain(`api-calls: volume (every unit at the price of the tier reached): up to 100: ${brl('1.50', 'en')} each plus ${brl('5.00', 'en')} flat; above 100: ${brl('1.25', 'en')} each`);
  });

  it('a package price: its size and the price of one package', async () => {
    const res = await newVersion({ meter: 'api-calls', model: 'package', packageSize: '1000', packagePrice: '4,50' });
    expect(res.status, res.html).toBe(303);
    const v = await latest();
    // "4,50" typed is 4.50 per package of 1000 units.
    expect(v.prices[0]).toMatchObject({ model: 'package', unitPrice: '4.50', packageSize: '1000', tiers: null });
    const page = await owner.get(path);
    expect(page.html.replace(/\u00a0/g, ' ')).toContain(`api-calls: ${brl('4.50').replace(/\u00a0/g, ' ')} a cada 1.000 unidades`);
  });

  it("the API's 422 comes back on the form with the field named, the rows kept, nothing made", async () => {
    const before = (await versions()).length;
    // 5000 then 1000: bounds must ascend, so the API refuses the second row's upTo (prices[0].tiers[1].upTo).
    const res = await newVersion({ meter: 'api-calls', model: 'tiered', tier0UpTo: '5000', tier0UnitPrice: '0.10', tier1UpTo: '1000', tier1UnitPrice: '0.05', aboveUnitPrice: '0.01' });
    expect(res.status).toBe(422);
    expect(res.html).toContain(CATALOG_TEXT['pt-BR'].errors[422]);
    expect(res.html).toMatch(/role="alert" id="error"[\s\S]*Faixa 2, até \(prices\[0\]\.tiers\[1\]\.upTo\): tiers must be in strictly ascending order/);
    expect(res.html).toContain('name="tier1UpTo" id="tier1UpTo" inputmode="decimal" value="1000"');
    expect(res.html).toContain('name="tier3UpTo"');
    expect(res.html).toMatch(/<option value="tiered" selected>/);
    // A package without its size names the package size.
    const noSize = await newVersion({ meter: 'api-calls', model: 'package', packagePrice: '4' });
    expect(noSize.status).toBe(422);
    expect(noSize.html).toContain('Unidades por pacote (prices[0].packageSize)');
    expect(await versions()).toHaveLength(before);
  });
});

describe('offers', () => {
  let offerId: string;

  it('lists a published non-default version as an offer and ends it through the API', async () => {
    const [first] = (await versions()).sort((a, b) => a.version - b.version);
    const page = await owner.get(path);
    expect((await owner.post(`${path}/versions/${first!.id}/publish`, { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, `${path}/versions/${first!.id}/publish`) })).status).toBe(303);
    const offer = await latest();
    offerId = offer.id;
    const again = await owner.get(path);
    expect(again.html).toContain('id="no-offers"');
    const published = await owner.post(`${path}/versions/${offerId}/publish`, { csrf: csrfOf(again.html), idempotencyKey: formKeyOf(again.html, `${path}/versions/${offerId}/publish`), default: 'false' });
    expect(published.status).toBe(303);
    expect((await t.client.get(`/products/${productId}/versions/${offerId}`, acmeKey)).body).toMatchObject({ status: 'published', isDefault: false });
    const listed = await owner.get(path);
    expect(listed.html).toContain(`<li id="offer-item-${offerId}"><strong>v${offer.version}</strong>`);
    const ended = await owner.post(`${path}/versions/${offerId}/archive`, { csrf: csrfOf(listed.html), idempotencyKey: formKeyOf(listed.html, `${path}/versions/${offerId}/archive`) });
    expect(ended.status, ended.html).toBe(303);
    expect(ended.location).toBe(path);
    expect((await t.client.get(`/products/${productId}/versions/${offerId}`, acmeKey)).body).toMatchObject({ status: 'archived', isDefault: false });
    expect((await owner.get(path)).html).toContain('id="no-offers"');
  });

  it("ending the default version shows the API's 409 and changes nothing", async () => {
    const current = (await versions()).find((v) => v.isDefault)!;
    const page = await owner.get(path);
    const res = await owner.post(`${path}/versions/${current.id}/archive`, { csrf: csrfOf(page.html), idempotencyKey: 'd'.repeat(30) });
    expect(res.status).toBe(409);
    expect(res.html).toContain(CATALOG_TEXT['pt-BR'].errors[409]);
    expect((await t.client.get(`/products/${productId}/versions/${current.id}`, acmeKey)).body).toMatchObject({ status: 'published', isDefault: true });
  });
});

describe('refusals', () => {
  it('a missing or wrong CSRF token answers 403 on the version and offer forms; nothing changes', async () => {
    const before = await versions();
    const draft = before.find((v) => v.status === 'draft')!;
    for (const csrf of [undefined, 'x'.repeat(43)]) {
      const form = { ...(csrf && { csrf }), idempotencyKey: 'c'.repeat(30) };
      expect((await owner.post(`${path}/versions`, { ...form, meter: 'api-calls', model: 'package', packageSize: '10', packagePrice: '1' })).status).toBe(403);
      expect((await owner.post(`${path}/versions/${draft.id}/archive`, form)).status).toBe(403);
    }
    expect(await versions()).toEqual(before);
  });

  it('support and read_only answer 403 and change nothing', async () => {
    const before = await versions();
    const draft = before.find((v) => v.status === 'draft')!;
    for (const role of ['support', 'read_only'] as const) {
      const browser = await memberWithRole(t, owner, `${role}@acme.example`, role);
      const page = await browser.get(path);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain('id="new-version"');
      expect(page.html).not.toContain('/archive"');
      const csrf = csrfOf(page.html);
      const form = { csrf, idempotencyKey: `r${role}`.padEnd(30, 'x') };
      const posts = [
        await browser.post(`${path}/versions`, { ...form, meter: 'api-calls', model: 'tiered', tier0UpTo: '10', tier0UnitPrice: '1', aboveUnitPrice: '0.5' }),
        await browser.post(`${path}/versions/${draft.id}/archive`, form),
      ];
      expect(posts.map((p) => p.status)).toEqual([403, 403]);
    }
    expect(await versions()).toEqual(before);
  });

  it("another account's version answers 404 on the offer route and stays as it was", async () => {
    const foreign = (await t.client.post('/products', otherKey, { key: 'alheio', name: 'Alheio', pricingModel: 'one_time', basePrice: '5.00' })).body as { product: { id: string }; version: { id: string } };
    const page = await owner.get(path);
    const form = { csrf: csrfOf(page.html), idempotencyKey: 'f'.repeat(30) };
    expect((await owner.post(`/dashboard/catalog/products/${foreign.product.id}/versions/${foreign.version.id}/archive`, form)).status).toBe(404);
    // Our product's path with their version: the same 404.
    expect((await owner.post(`${path}/versions/${foreign.version.id}/archive`, { ...form, idempotencyKey: 'g'.repeat(30) })).status).toBe(404);
    expect((await owner.post(`/dashboard/catalog/products/${foreign.product.id}/versions`, { ...form, idempotencyKey: 'h'.repeat(30), meter: 'api-calls', model: 'package', packageSize: '10', packagePrice: '1' })).status).toBe(404);
    expect((await owner.post(`${path}/versions/not-a-uuid/archive`, { ...form, idempotencyKey: 'i'.repeat(30) })).status).toBe(404);
    expect((await versions(otherKey, foreign.product.id)).map((v) => v.status)).toEqual(['draft']);
  });
});
