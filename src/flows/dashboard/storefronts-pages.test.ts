// The dashboard's storefronts (issue #32) on a real database: an owner creates a storefront, edits
// its theme, shipping and products through the API's PATCH, and the public page /shop/<slug> shows
// the new name and theme; the API's 422 comes back on the form with its status and message; CSRF
// and roles (support, read_only) refuse with 403 and change nothing; another account's id is 404.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, formKeyOf, memberWithRole } from '../../../test/dashboard-team.ts';
import { createProduct, publishVersion } from '../../../test/factories/catalog.ts';

let t: TestContext;
let acmeKey: string;
let otherKey: string;
let owner: DashboardBrowser;
let storefrontId: string;
let productId: string;
const slug = `loja-${randomUUID().slice(0, 8)}`;

async function signedIn(email: string): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t, 'pt-BR');
  expect((await browser.signIn(email, 'a long password')).status).toBe(303);
  return browser;
}

/** The edit form's fields as the page has them, with some changed. */
async function editForm(browser: DashboardBrowser, changes: Record<string, string>) {
  const page = await browser.get(`/dashboard/storefronts/${storefrontId}`);
  expect(page.status).toBe(200);
  const action = `/dashboard/storefronts/${storefrontId}`;
  return { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, action), name: 'Padaria da Ana', slug, preset: 'classic', accent: 'blue', status: 'active', fulfillmentMode: 'pickup', logoWas: '', ...changes };
}

const apiStorefront = async () => (await t.client.get(`/storefronts/${storefrontId}`, acmeKey)).body;

beforeAll(async () => {
  t = await startTestApp();
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'ana@acme.example');
  otherKey = await accountWithOwner(t, 'Other', 'bruno@other.example');
  owner = await signedIn('ana@acme.example');
  const created = await createProduct(t.client, acmeKey, { name: 'Pão de queijo', basePrice: '12.50' });
  await publishVersion(t.client, acmeKey, created.product.id, created.version.id);
  productId = created.product.id;
});
afterAll(() => t.close());

describe('storefronts in the dashboard', () => {
  it('creates a storefront from the list form and opens its settings', async () => {
    const list = await owner.get('/dashboard/storefronts');
    expect(list.status, list.html).toBe(200);
    expect(list.html).toContain('<a href="/dashboard/storefronts" id="nav-storefronts" aria-current="page">Lojas</a>');
    const res = await owner.post('/dashboard/storefronts', { csrf: csrfOf(list.html), idempotencyKey: formKeyOf(list.html, '/dashboard/storefronts'), name: 'Padaria', slug });
    expect(res.status, res.html).toBe(303);
    const [made] = (await t.client.get('/storefronts', acmeKey)).body.storefronts;
    storefrontId = made.id;
    expect(made).toMatchObject({ name: 'Padaria', slug, theme: { preset: 'classic', accent: 'blue' } });
    expect(res.location).toBe(`/dashboard/storefronts/${storefrontId}`);
    const page = await owner.get(res.location!);
    expect(page.html).toContain('<h1 id="storefront-name">Padaria</h1>');
    expect(page.html).toContain(`/shop/${slug}" id="preview"`);
    // The product priced once is offered as a box, not yet ticked.
    expect(page.html).toContain(`id="product-${productId}" name="productIds" value="${productId}">`);
    expect((await owner.get('/dashboard/storefronts')).html).toContain(`<li id="storefront-${storefrontId}">`);
  });

  it('saves theme, name, shipping and products through PATCH; the public page shows them', async () => {
    const form = await editForm(owner, { name: 'Padaria da Ana', preset: 'bold', accent: 'green', fulfillmentMode: 'both', shippingFlatAmount: '15', productIds: productId });
    const res = await owner.post(`/dashboard/storefronts/${storefrontId}`, form);
    expect(res.status, res.html).toBe(303);
    // "15" in, the shop's currency scale (BRL, 2 places) out: "15.00".
    expect(await apiStorefront()).toMatchObject({ name: 'Padaria da Ana', theme: { preset: 'bold', accent: 'green' }, fulfillmentMode: 'both', shippingFlatAmount: '15.00', productIds: [productId] });
    const page = await owner.get(`/dashboard/storefronts/${storefrontId}`);
    expect(page.html).toContain('<option value="green" selected>');
    expect(page.html).toContain(`value="${productId}" checked>`);
    const shop = await new DashboardBrowser(t, 'pt-BR').get(`/shop/${slug}`);
    expect(shop.status).toBe(200);
    expect(shop.html).toContain('Padaria da Ana');
    expect(shop.html).toContain('Pão de queijo');
    expect(shop.html).toContain('<body class="accent-green preset-bold">');
  });

  it('shows the API refusal (422) on the form with its status, the typed values kept, nothing saved', async () => {
    const form = await editForm(owner, { name: 'Outro nome', slug: 'admin', preset: 'bold', accent: 'green', fulfillmentMode: 'both' });
    const res = await owner.post(`/dashboard/storefronts/${storefrontId}`, form);
    expect(res.status).toBe(422);
    expect(res.html).toContain('id="error"');
    expect(res.html).toContain('(422)');
    expect(res.html).toContain('slug');
    expect(res.html).toContain('value="Outro nome"');
    expect((await apiStorefront()).name).toBe('Padaria da Ana');
  });

  it('refuses a form without its CSRF token (403), nothing saved', async () => {
    const form = await editForm(owner, { name: 'Forjado', csrf: 'wrong' });
    expect((await owner.post(`/dashboard/storefronts/${storefrontId}`, form)).status).toBe(403);
    expect((await apiStorefront()).name).toBe('Padaria da Ana');
  });

  it('support and read_only read the settings but their saves answer 403', async () => {
    for (const [email, role] of [['sara@acme.example', 'support'], ['rui@acme.example', 'read_only']] as const) {
      const member = await memberWithRole(t, owner, email, role);
      const list = await member.get('/dashboard/storefronts');
      expect(list.status).toBe(200);
      expect(list.html).not.toContain('id="new-storefront"');
      const page = await member.get(`/dashboard/storefronts/${storefrontId}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('<fieldset disabled>');
      const res = await member.post(`/dashboard/storefronts/${storefrontId}`, { ...(await editForm(member, { name: 'Mudado' })) });
      expect(res.status).toBe(403);
      const create = await member.post('/dashboard/storefronts', { csrf: csrfOf(list.html), idempotencyKey: randomUUID(), name: 'X', slug: `x-${randomUUID().slice(0, 6)}` });
      expect(create.status).toBe(403);
    }
    expect((await apiStorefront()).name).toBe('Padaria da Ana');
    expect((await t.client.get('/storefronts', acmeKey)).body.storefronts).toHaveLength(1);
  });

  it("another account's storefront id, and a malformed one, answer 404 on the page and the form", async () => {
    const theirs = (await t.client.post('/storefronts', otherKey, { name: 'Deles', slug: `deles-${randomUUID().slice(0, 6)}` })).body;
    expect((await owner.get(`/dashboard/storefronts/${theirs.id}`)).status).toBe(404);
    expect((await owner.get('/dashboard/storefronts/not-an-id')).status).toBe(404);
    const form = await editForm(owner, { name: 'Tomado' });
    expect((await owner.post(`/dashboard/storefronts/${theirs.id}`, form)).status).toBe(404);
    expect((await t.client.get(`/storefronts/${theirs.id}`, otherKey)).body.name).toBe('Deles');
  });
});
