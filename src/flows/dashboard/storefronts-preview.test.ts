// The storefront's preview in the dashboard (issue #32): the settings page frames
// /dashboard/storefronts/<id>/preview, which renders the shop page buyers get, from the saved
// settings, even while the shop is disabled (the public /shop/<slug> is then 404), with a preview
// banner, its buttons disabled and no script; only this origin may frame it. Every role may look;
// signed out is sent to sign in; another account's id and a malformed one answer 404.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, memberWithRole } from '../../../test/dashboard-team.ts';
import { createProduct, publishVersion } from '../../../test/factories/catalog.ts';

let t: TestContext;
let acmeKey: string;
let otherKey: string;
let owner: DashboardBrowser;
let storefrontId: string;
const slug = `previa-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await startTestApp();
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'ana@acme.example');
  otherKey = await accountWithOwner(t, 'Other', 'bruno@other.example');
  owner = new DashboardBrowser(t, 'pt-BR');
  expect((await owner.signIn('ana@acme.example', 'a long password')).status).toBe(303);
  const { product, version } = await createProduct(t.client, acmeKey, { name: 'Bolo de fubá', basePrice: '24.90' });
  await publishVersion(t.client, acmeKey, product.id, version.id);
  const shop = await t.client.post('/storefronts', acmeKey, { name: 'Doceria da Ana', slug, status: 'disabled', productIds: [product.id], theme: { preset: 'bold', accent: 'green' } });
  expect(shop.status, shop.raw).toBe(201);
  storefrontId = shop.body.id;
});
afterAll(() => t.close());

describe("a storefront's preview", () => {
  it('the settings page frames the preview, allowed by its CSP', async () => {
    const page = await owner.get(`/dashboard/storefronts/${storefrontId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<iframe src="/dashboard/storefronts/${storefrontId}/preview" title="Pré-visualização da loja" id="preview-frame"`);
    expect(String(page.headers['content-security-policy'])).toMatch(/frame-src 'self'/);
  });

  it('renders the disabled shop as buyers would see it, with a banner, no script and nothing to order', async () => {
    // The public page: a disabled shop does not exist for buyers.
    expect((await new DashboardBrowser(t, 'pt-BR').get(`/shop/${slug}`)).status).toBe(404);
    const preview = await owner.get(`/dashboard/storefronts/${storefrontId}/preview`);
    expect(preview.status, preview.html).toBe(200);
    expect(preview.html).toContain('<h1 data-testid="shop-name">Doceria da Ana</h1>');
    expect(preview.html).toContain('<body class="accent-green preset-bold">');
    expect(preview.html).toContain('Bolo de fubá');
    expect(preview.html).toMatch(/R\$\s24,90/);
    expect(preview.html).toContain('data-testid="preview"');
    expect(preview.html).toContain('data-testid="submit" disabled');
    expect(preview.html).toContain('data-testid="add" disabled');
    expect(preview.html).not.toMatch(/<script nonce/);
    const csp = String(preview.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).not.toMatch(/script-src/);
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('every role may look; signed out is sent to sign in', async () => {
    for (const [email, role] of [['sara@acme.example', 'support'], ['rui@acme.example', 'read_only']] as const) {
      const member = await memberWithRole(t, owner, email, role);
      expect((await member.get(`/dashboard/storefronts/${storefrontId}/preview`)).status).toBe(200);
    }
    const stranger = await new DashboardBrowser(t, 'pt-BR').get(`/dashboard/storefronts/${storefrontId}/preview`);
    expect(stranger.status).toBe(303);
    expect(stranger.location).toBe('/dashboard/login');
  });

  it("another account's storefront and a malformed id answer 404, framed by nobody", async () => {
    const theirs = (await t.client.post('/storefronts', otherKey, { name: 'Deles', slug: `deles-${randomUUID().slice(0, 6)}` })).body;
    const refused = await owner.get(`/dashboard/storefronts/${theirs.id}/preview`);
    expect(refused.status).toBe(404);
    expect(refused.html).not.toContain('Deles');
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect((await owner.get('/dashboard/storefronts/not-an-id/preview')).status).toBe(404);
  });
});
