// The dashboard's catalog (issue #32) on a real database: an owner creates a product, a draft
// version with a usage price and publishes it, then a payment link whose URL the page shows; a
// double submit replays (one product); a refused field comes back with the API's message; CSRF
// and roles refuse with 403 and change nothing; another account's or environment's ids answer 404.
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

async function signedIn(email: string, language = 'pt-BR'): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t, language);
  expect((await browser.signIn(email, 'a long password')).status).toBe(303);
  return browser;
}

/** Posts the form of `page` that posts to `action`, with its csrf and idempotencyKey. */
async function submit(browser: DashboardBrowser, pagePath: string, action: string, fields: Record<string, string>) {
  const page = await browser.get(pagePath);
  expect(page.status).toBe(200);
  return browser.post(action, { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, action), ...fields });
}

async function productsByKey(key: string, apiKey = acmeKey) {
  const res = await t.client.get(`/products?key=${key}`, apiKey);
  return res.body.products as Array<{ id: string; name: string }>;
}

beforeAll(async () => {
  t = await startTestApp();
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'ana@acme.example');
  otherKey = await accountWithOwner(t, 'Other', 'bruno@other.example');
  owner = await signedIn('ana@acme.example');
});
afterAll(() => t.close());

describe('products, versions and payment links', () => {
  let productId: string;
  let meterKey: string;

  it('creates a product from the form and shows it with its draft version and base price', async () => {
    const res = await submit(owner, '/dashboard/catalog', '/dashboard/catalog/products', { name: 'Plano Pro', key: 'plano-pro', pricingModel: 'subscription', billingCycle: 'monthly', currency: 'brl', basePrice: '49,90' });
    expect(res.status, res.html).toBe(303);
    const [product] = await productsByKey('plano-pro');
    productId = product!.id;
    expect(res.location).toBe(`/dashboard/catalog/products/${productId}`);
    const page = await owner.get(res.location!);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.html).toContain('<h2 id="product-name">Plano Pro</h2>');
    // "49,90" typed with a decimal comma is 49.90 BRL: R$ 49,90.
    expect(page.html).toContain(`<span class="version-price">${formatAmount('49.90', 'BRL', 'pt-BR')}</span>`);
    expect(page.html).toMatch(/<strong>v1<\/strong> <span class="version-status">rascunho<\/span>/);
    // Publish v1 and new version: two forms, two keys (one would replay the other's answer).
    const keys = [...page.html.matchAll(/name="idempotencyKey" value="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    const list = await owner.get('/dashboard/catalog');
    expect(list.html).toContain(`<li id="product-${productId}">`);
    expect(list.html).toContain('<span class="version">v1 rascunho</span>');
    expect(list.html).toContain('<a href="/dashboard/catalog" id="nav-catalog" aria-current="page">Catálogo</a>');
  });

  it('a double submit of one form replays: one product, the same page', async () => {
    const page = await owner.get('/dashboard/catalog');
    const form = { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, '/dashboard/catalog/products'), name: 'Curso', key: 'curso-1', pricingModel: 'one_time', basePrice: '120.00' };
    const first = await owner.post('/dashboard/catalog/products', form);
    const second = await owner.post('/dashboard/catalog/products', form);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.location).toBe(first.location);
    expect(await productsByKey('curso-1')).toHaveLength(1);
  });

  it('a refused field comes back with the API status and message, the typed values kept, nothing made', async () => {
    const res = await submit(owner, '/dashboard/catalog', '/dashboard/catalog/products', { name: 'Caro demais', key: 'caro', pricingModel: 'one_time', basePrice: '10.555' });
    expect(res.status).toBe(422);
    expect(res.html).toContain(CATALOG_TEXT['pt-BR'].errors[422]);
    expect(res.html).toMatch(/role="alert" id="error"[\s\S]*basePrice/);
    expect(res.html).toContain('value="Caro demais"');
    expect(await productsByKey('caro')).toEqual([]);
  });

  it('creates a draft version with a usage price, then publishes it as the default', async () => {
    meterKey = 'api-calls';
    expect((await submit(owner, '/dashboard/catalog/meters', '/dashboard/catalog/meters', { name: 'Chamadas', key: meterKey, aggregation: 'count' })).status).toBe(303);
    const path = `/dashboard/catalog/products/${productId}`;
    const form = await owner.get(path);
    const fields = { csrf: csrfOf(form.html), idempotencyKey: formKeyOf(form.html, `${path}/versions`), basePrice: '59.90', billingCycle: '', meter: meterKey, unitPrice: '0,015' };
    // Submitted twice (a double click): the second replays the first, so there is no v3.
    const created = await owner.post(`${path}/versions`, fields);
    const again = await owner.post(`${path}/versions`, fields);
    expect([created.status, again.status], created.html).toEqual([303, 303]);
    expect(created.location).toBe(path);
    const versions = (await t.client.get(`/products/${productId}/versions`, acmeKey)).body.versions as Array<{ id: string; version: number; status: string; basePrice: string; billingCycle: string; prices: Array<{ meter: string; unitPrice: string }> }>;
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const v2 = versions.find((v) => v.version === 2)!;
    // The blank cycle copied v1's monthly; "0,015" is 0.015 per call.
    expect(v2).toMatchObject({ status: 'draft', basePrice: '59.90', billingCycle: 'monthly', prices: [{ meter: meterKey, unitPrice: '0.015' }] });

    const page = await owner.get(path);
    // 59.90 BRL base; 0.015 BRL per call keeps its third decimal (full precision).
    expect(page.html).toContain(formatAmount('59.90', 'BRL', 'pt-BR'));
    expect(page.html).toContain(`${meterKey}: ${formatAmount('0.015', 'BRL', 'pt-BR', true)} por unidade`);
    const published = await owner.post(`${path}/versions/${v2.id}/publish`, { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, `${path}/versions/${v2.id}/publish`) });
    expect(published.status).toBe(303);
    const after = (await t.client.get(`/products/${productId}/versions/${v2.id}`, acmeKey)).body;
    expect(after).toMatchObject({ status: 'published', isDefault: true });
    const shown = await owner.get(path);
    expect(shown.html).toMatch(new RegExp(`id="version-${v2.id}" data-status="publicada"><strong>v2</strong> <span class="version-status">publicada \\(padrão\\)`));
    expect(shown.html).not.toContain(`/versions/${v2.id}/publish`);
  });

  it('creates a payment link for a published version and shows its URL to copy', async () => {
    const path = `/dashboard/catalog/products/${productId}`;
    const before = (await t.client.get(`/payment-links?productId=${productId}`, acmeKey)).body.paymentLinks as unknown[];
    const v2 = ((await t.client.get(`/products/${productId}/versions`, acmeKey)).body.versions as Array<{ id: string; version: number }>).find((v) => v.version === 2)!;
    const res = await submit(owner, path, `${path}/payment-links`, { productVersionId: v2.id, quantity: '2' });
    expect(res.status, res.html).toBe(303);
    const links = (await t.client.get(`/payment-links?productId=${productId}`, acmeKey)).body.paymentLinks as Array<{ id: string; url: string; quantity: string }>;
    expect(links).toHaveLength(before.length + 1);
    const link = links.find((l) => l.quantity === '2')!;
    expect(res.location).toBe(`${path}#link-${link.id}`);
    const page = await owner.get(path);
    expect(page.html).toContain(`<input type="url" readonly id="url-${link.id}" class="link-url" value="${link.url}">`);
    expect(link.url).toMatch(/^http.*\/pay\/[^/]+\/[0-9a-f-]{36}$/);
    const all = await owner.get('/dashboard/catalog/payment-links');
    expect(all.html).toContain(`value="${link.url}"`);
    expect(all.html).toContain('<strong>Plano Pro</strong>');
  });

  it('the pages speak English by Accept-Language, money as English writes it', async () => {
    const english = await signedIn('ana@acme.example', 'en');
    const page = await english.get(`/dashboard/catalog/products/${productId}`);
    expect(page.html).toContain('<html lang="en">');
    // 59.90 BRL in English: R$59.90.
    expect(page.html).toContain(formatAmount('59.90', 'BRL', 'en'));
    expect(page.html).toContain('published (default)');
    expect(page.headers['content-language']).toBe('en');
  });
});

describe('who may change the catalog', () => {
  it('support and read_only read the pages without forms; their posts answer 403 and change nothing', async () => {
    const [product] = await productsByKey('plano-pro');
    const path = `/dashboard/catalog/products/${product!.id}`;
    const ownerPage = await owner.get(path);
    const keyed = { idempotencyKey: formKeyOf(ownerPage.html, `${path}/versions`) };
    for (const role of ['support', 'read_only'] as const) {
      const browser = await memberWithRole(t, owner, `${role}@acme.example`, role);
      const list = await browser.get('/dashboard/catalog');
      expect(list.status).toBe(200);
      expect(list.html).toContain('<strong>Plano Pro</strong>');
      expect(list.html).toContain('id="read-only"');
      expect(list.html).not.toContain('id="new-product"');
      const page = await browser.get(path);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain('id="new-version"');
      const csrf = csrfOf(page.html);
      const posts = await Promise.all([
        browser.post('/dashboard/catalog/products', { ...keyed, csrf, name: 'Nope', key: `nope-${role}` }),
        browser.post(`${path}/versions`, { ...keyed, csrf, basePrice: '1.00' }),
        browser.post('/dashboard/catalog/meters', { ...keyed, csrf, name: 'Nope', key: `nope-${role}`, aggregation: 'sum' }),
        browser.post('/dashboard/catalog/coupons', { ...keyed, csrf, code: `NOPE${role}`, percentOff: '10', duration: 'once' }),
        browser.post(`${path}/payment-links`, { ...keyed, csrf }),
      ]);
      expect(posts.map((p) => p.status)).toEqual([403, 403, 403, 403, 403]);
      expect(posts[0]!.html).toContain(CATALOG_TEXT['pt-BR'].forbidden);
    }
    expect(await productsByKey('nope-support')).toEqual([]);
    expect((await t.client.get(`/products/${product!.id}/versions`, acmeKey)).body.versions).toHaveLength(2);
    expect(((await t.client.get('/meters', acmeKey)).body.meters as Array<{ key: string }>).map((m) => m.key)).toEqual(['api-calls']);
    expect((await t.client.get('/billing/coupons', acmeKey)).body.coupons).toEqual([]);
  });

  it('a missing or wrong CSRF token answers 403 and changes nothing', async () => {
    const page = await owner.get('/dashboard/catalog');
    const idempotencyKey = formKeyOf(page.html, '/dashboard/catalog/products');
    for (const csrf of [undefined, 'x'.repeat(43)]) {
      const res = await owner.post('/dashboard/catalog/products', { ...(csrf && { csrf }), idempotencyKey, name: 'Forjado', key: 'forjado' });
      expect(res.status).toBe(403);
    }
    expect(await productsByKey('forjado')).toEqual([]);
  });
});

describe("another account's and environment's ids", () => {
  it('answer the same 404 page on every product route and change nothing', async () => {
    const foreign = (await t.client.post('/products', otherKey, { key: 'alheio', name: 'Alheio', pricingModel: 'one_time', basePrice: '5.00' })).body as { product: { id: string }; version: { id: string } };
    const path = `/dashboard/catalog/products/${foreign.product.id}`;
    const page = await owner.get(path);
    expect(page.status).toBe(404);
    expect(page.html).toContain('id="not-found"');
    const csrf = csrfOf(page.html);
    const form = { csrf, idempotencyKey: 'k'.repeat(30) };
    expect((await owner.post(`${path}/versions`, { ...form, basePrice: '1.00' })).status).toBe(404);
    expect((await owner.post(`${path}/versions/${foreign.version.id}/publish`, { ...form, idempotencyKey: 'p'.repeat(30) })).status).toBe(404);
    expect((await owner.post(`${path}/payment-links`, { ...form, idempotencyKey: 'l'.repeat(30), productVersionId: foreign.version.id })).status).toBe(404);
    expect((await owner.get('/dashboard/catalog/products/not-a-uuid')).status).toBe(404);
    expect((await owner.post('/dashboard/catalog/products/not-a-uuid/versions', { ...form, idempotencyKey: 'm'.repeat(30) })).status).toBe(404);
    const versions = (await t.client.get(`/products/${foreign.product.id}/versions`, otherKey)).body.versions as Array<{ status: string }>;
    expect(versions.map((v) => v.status)).toEqual(['draft']);
    expect((await owner.get('/dashboard/catalog')).html).not.toContain('Alheio');
  });

  it("a sandbox product is not found from production", async () => {
    const [product] = await productsByKey('plano-pro');
    const browser = await signedIn('ana@acme.example');
    const home = await browser.get('/dashboard');
    expect((await browser.post('/dashboard/environment', { environment: 'production', csrf: csrfOf(home.html) })).status).toBe(303);
    expect((await browser.get(`/dashboard/catalog/products/${product!.id}`)).status).toBe(404);
    expect((await browser.get('/dashboard/catalog')).html).toContain('id="no-products"');
  });
});
