import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createProduct, createPublishedUsageProduct, publishVersion, uniqueKey } from '../../../test/factories/catalog.ts';
import { uploadObject } from '../../modules/storage/testing.ts';

let t: TestContext;
let acme: SeededAccount;
let other: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { BASE_URL: 'https://billing.example.com' } });
  acme = await seedAccount(t.client, 'Acme');
  other = await seedAccount(t.client, 'Other');
});
afterAll(() => t.close());

async function product(key = acme.key, body: Record<string, unknown> = {}) {
  const created = await createProduct(t.client, key, { name: 'Pão de queijo', basePrice: '12.50', ...body });
  await publishVersion(t.client, key, created.product.id, created.version.id);
  return created.product as { id: string };
}

const slug = () => `shop-${randomUUID().slice(0, 8)}`;

async function shop(body: Record<string, unknown> = {}, key = acme.key) {
  const res = await t.client.post('/storefronts', key, { name: 'Padaria', slug: slug(), ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

describe('storefronts API', () => {
  it('creates a shop with defaults, reads it back and lists it', async () => {
    const p = await product();
    const created = await shop({ productIds: [p.id], fulfillmentMode: 'both', shippingFlatAmount: '15.5', pickupNote: 'Balcão' });
    expect(created).toMatchObject({
      name: 'Padaria',
      theme: { preset: 'classic', accent: 'blue' },
      status: 'active',
      fulfillmentMode: 'both',
      requireAddress: false,
      shippingFlatAmount: '15.50',
      pickupNote: 'Balcão',
      description: null,
      logoUrl: null,
      bannerUrl: null,
      productIds: [p.id],
    });
    expect((await t.client.get(`/storefronts/${created.id}`, acme.key)).body).toEqual(created);
    const list = await t.client.get('/storefronts?limit=100', acme.key);
    expect(list.body.storefronts.map((s: { id: string }) => s.id)).toContain(created.id);
  });

  it('refuses each slug rule with its own constraint, and a taken slug with 409 slug_taken', async () => {
    const cases: Array<[string, string]> = [
      ['ab', 'length'],
      ['a'.repeat(41), 'length'],
      ['Padaria', 'characters'],
      ['pão-quente', 'characters'],
      ['-padaria', 'edge_dash'],
      ['padaria-', 'edge_dash'],
      ['pa--daria', 'double_dash'],
      ['admin', 'reserved'],
      ['checkout', 'reserved'],
      ['shop', 'reserved'],
    ];
    for (const [value, constraint] of cases) {
      const res = await t.client.post('/storefronts', acme.key, { name: 'X', slug: value });
      expect(res.status, value).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field: 'slug', constraint });
    }
    const taken = await shop();
    // Unique across the whole service: another account cannot have it either.
    const clash = await t.client.post('/storefronts', other.key, { name: 'Y', slug: taken.slug });
    expect(clash.status).toBe(409);
    expect(clash.body.error_code).toBe('slug_taken');
    const renamed = await shop();
    const patched = await t.client.patch(`/storefronts/${renamed.id}`, acme.key, { slug: taken.slug });
    expect(patched.status).toBe(409);
  });

  it('gives one of many concurrent creations of a slug the shop, the rest 409', async () => {
    const wanted = slug();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => t.client.post('/storefronts', i % 2 ? acme.key : other.key, { name: 'Race', slug: wanted })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('takes themes from the fixed set only, naming the field', async () => {
    expect((await shop({ theme: { preset: 'bold', accent: 'teal' } })).theme).toEqual({ preset: 'bold', accent: 'teal' });
    const bad = await t.client.post('/storefronts', acme.key, { name: 'X', slug: slug(), theme: { preset: 'neon' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ field: 'theme.preset', constraint: 'enum' });
    const unknown = await t.client.post('/storefronts', acme.key, { name: 'X', slug: slug(), theme: { font: 'Comic Sans' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'theme.font', constraint: 'unknown_option' });
    const s = await shop({ theme: { accent: 'red' } });
    const patched = await t.client.patch(`/storefronts/${s.id}`, acme.key, { theme: { preset: 'minimal' } });
    expect(patched.body.theme).toEqual({ preset: 'minimal', accent: 'red' });
  });

  it('refuses shipping on a pickup-only shop, on create and on update', async () => {
    const res = await t.client.post('/storefronts', acme.key, { name: 'X', slug: slug(), fulfillmentMode: 'pickup', shippingFlatAmount: '10' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'shippingFlatAmount', constraint: 'pickup_only' });
    const s = await shop({ fulfillmentMode: 'shipping', shippingFlatAmount: '0' });
    expect(s.shippingFlatAmount).toBe('0.00');
    const toPickup = await t.client.patch(`/storefronts/${s.id}`, acme.key, { fulfillmentMode: 'pickup' });
    expect(toPickup.status).toBe(422);
    const both = await t.client.patch(`/storefronts/${s.id}`, acme.key, { fulfillmentMode: 'pickup', shippingFlatAmount: null });
    expect(both.status, both.raw).toBe(200);
    expect(both.body).toMatchObject({ fulfillmentMode: 'pickup', shippingFlatAmount: null });
  });

  it('sells only published one-time products of this account, in one currency', async () => {
    const mine = await product();
    const theirs = await product(other.key);
    const draft = (await createProduct(t.client, acme.key)).product;
    const usage = (await createPublishedUsageProduct(t.client, acme.key)).product;
    const dollars = await product(acme.key, { currency: 'USD' });
    const refused = async (productIds: string[], constraint: string) => {
      const res = await t.client.post('/storefronts', acme.key, { name: 'X', slug: slug(), productIds });
      expect(res.status, res.raw).toBe(422);
      expect(res.body.errors.map((e: { constraint: string }) => e.constraint)).toContain(constraint);
    };
    await refused([mine.id, theirs.id], 'exists');
    await refused([draft.id], 'published');
    await refused([usage.id], 'one_time');
    await refused([mine.id, dollars.id], 'one_currency');
    await refused([mine.id, mine.id], 'unique');
  });

  it('keeps omitted fields on PATCH; an empty image key removes the image; images are served signed', async () => {
    const logo = await uploadObject(t, acme.key, { contentType: 'image/png', fileName: 'logo.png' }, Buffer.from('png bytes'));
    const s = await shop({ description: 'Pães', logoObjectKey: logo, requireAddress: true });
    expect(s.logoObjectKey).toBe(logo);
    expect(s.logoUrl).toMatch(/^https:\/\/billing\.example\.com\//);
    const renamed = await t.client.patch(`/storefronts/${s.id}`, acme.key, { name: 'Padaria Nova' });
    expect(renamed.body).toMatchObject({ name: 'Padaria Nova', description: 'Pães', logoObjectKey: logo, requireAddress: true, slug: s.slug });
    const removed = await t.client.patch(`/storefronts/${s.id}`, acme.key, { logoObjectKey: '' });
    expect(removed.body).toMatchObject({ logoObjectKey: null, logoUrl: null });
    // Another account's image key does not exist for this account.
    const theirs = await uploadObject(t, other.key, { contentType: 'image/png', fileName: 'x.png' }, Buffer.from('png'));
    expect((await t.client.patch(`/storefronts/${s.id}`, acme.key, { bannerObjectKey: theirs })).status).toBe(404);
  });

  it("answers 404 for another account's storefront on every route, and enforces the scopes", async () => {
    const s = await shop();
    expect((await t.client.get(`/storefronts/${s.id}`, other.key)).status).toBe(404);
    expect((await t.client.patch(`/storefronts/${s.id}`, other.key, { name: 'Mine now' })).status).toBe(404);
    expect((await t.client.get(`/storefronts/${s.id}`, acme.liveKey)).status).toBe(404);
    expect((await t.client.get('/storefronts?limit=100', other.key)).body.storefronts.map((x: { id: string }) => x.id)).not.toContain(s.id);
    const reader = await t.client.post('/account/keys', acme.key, { name: 'reader', scopes: ['storefronts:read'] });
    expect(reader.status, reader.raw).toBe(201);
    expect((await t.client.get(`/storefronts/${s.id}`, reader.body.key)).status).toBe(200);
    expect((await t.client.patch(`/storefronts/${s.id}`, reader.body.key, { name: 'No' })).status).toBe(403);
  });
});

describe('public shop and orders', () => {
  async function openShop(body: Record<string, unknown> = {}) {
    const bread = await product(acme.key, { name: 'Pão de queijo', basePrice: '12.50' });
    const cake = await product(acme.key, { name: 'Bolo de fubá', basePrice: '30.00' });
    const s = await shop({ productIds: [bread.id, cake.id], fulfillmentMode: 'both', shippingFlatAmount: '15.00', ...body });
    return { s, bread, cake };
  }
  const address = { line1: 'Rua das Flores, 10', city: 'São Paulo', state: 'SP', postalCode: '01000-000', country: 'BR' };
  const payer = { name: 'Ana Souza', email: `ana-${randomUUID().slice(0, 6)}@example.com`, document: '529.982.247-25' };

  it('shows the shop and its products without secrets or account ids', async () => {
    const { s, bread } = await openShop();
    const res = await t.client.get(`/public/storefronts/${s.slug}`, null);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: s.slug, name: 'Padaria', currency: 'BRL', fulfillmentMode: 'both', shippingFlatAmount: '15.00' });
    expect(res.body.products[0]).toMatchObject({ id: bread.id, name: 'Pão de queijo', unitPrice: '12.50', currency: 'BRL' });
    expect(res.raw).not.toContain(acme.id);
    expect(res.raw).not.toContain('sk_');
  });

  it('places an order with shipping: one finalized invoice with a shipping line, and the checkout URL', async () => {
    const { s, bread, cake } = await openShop();
    const res = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, {
      items: [{ productId: bread.id, quantity: 4 }, { productId: cake.id, quantity: 1 }],
      payer,
      fulfillment: { mode: 'shipping', address },
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({
      currency: 'BRL',
      total: '95.00',
      fulfillment: { mode: 'shipping', address },
      items: [
        { productId: bread.id, quantity: 4, unitPrice: '12.50', amount: '50.00' },
        { productId: cake.id, quantity: 1, unitPrice: '30.00', amount: '30.00' },
      ],
      invoice: { status: 'open', total: '95.00', amountDue: '95.00' },
    });
    expect(res.body.checkoutUrl).toMatch(new RegExp(`^https://billing\\.example\\.com/pay/${acme.slug}/invoices/${res.body.invoice.id}\\?token=`));
    const invoice = await t.client.get(`/billing/invoices/${res.body.invoice.id}`, acme.key);
    expect(invoice.body.lineItems.map((l: { description: string; amount: string }) => [l.description, l.amount])).toEqual([
      ['Pão de queijo', '50.00'],
      ['Bolo de fubá', '30.00'],
      ['Frete', '15.00'],
    ]);
    // The hosted page of the checkout URL opens.
    const page = new URL(res.body.checkoutUrl);
    expect((await t.client.get(`${page.pathname}${page.search}`, null)).status).toBe(200);

    // The same payer again: found by email, not created twice.
    const again = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, { items: [{ productId: bread.id, quantity: 1 }], payer, fulfillment: { mode: 'pickup' } });
    expect(again.status, again.raw).toBe(201);
    expect(again.body.total).toBe('12.50');
    const customers = await t.client.get(`/customers?email=${encodeURIComponent(payer.email)}`, acme.key);
    expect(customers.body.customers).toHaveLength(1);
  });

  it('replays an order with the same Idempotency-Key from the same address', async () => {
    const { s, bread } = await openShop();
    const key = randomUUID();
    const body = { items: [{ productId: bread.id, quantity: 2 }], payer: { ...payer, email: `${uniqueKey('p')}@example.com` }, fulfillment: { mode: 'pickup' } };
    const first = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, body, { idempotencyKey: key });
    const second = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, body, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    expect((await t.client.get(`/customers?email=${encodeURIComponent(body.payer.email)}`, acme.key)).body.customers).toHaveLength(1);
  });

  it('refuses what the shop does not sell or offer, naming the field', async () => {
    const { s, bread } = await openShop({ fulfillmentMode: 'pickup', shippingFlatAmount: null });
    const stranger = await product();
    const order = (body: Record<string, unknown>) =>
      t.client.post(`/public/storefronts/${s.slug}/orders`, null, { items: [{ productId: bread.id, quantity: 1 }], payer, fulfillment: { mode: 'pickup' }, ...body });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ items: [{ productId: stranger.id, quantity: 1 }] }, 'items[0].productId', 'in_shop'],
      [{ fulfillment: { mode: 'shipping', address } }, 'fulfillment.mode', 'offered'],
      [{ fulfillment: { mode: 'pickup', address } }, 'fulfillment.address', 'not_asked'],
      [{ payer: { ...payer, document: '111.111.111-11' } }, 'payer.document', 'cpf'],
    ];
    for (const [body, field, constraint] of cases) {
      const res = await order(body);
      expect(res.status, res.raw).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field, constraint });
    }
    const zero = await order({ items: [{ productId: bread.id, quantity: 0 }] });
    expect(zero.status).toBe(422);
    expect(zero.body.errors[0].field).toContain('quantity');

    const addressed = await openShop({ requireAddress: true, fulfillmentMode: 'pickup', shippingFlatAmount: null });
    const missing = await t.client.post(`/public/storefronts/${addressed.s.slug}/orders`, null, { items: [{ productId: addressed.bread.id, quantity: 1 }], payer, fulfillment: { mode: 'pickup' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'fulfillment.address', constraint: 'required' });
  });

  it('needs an Idempotency-Key for an order, and stores the order it answers', async () => {
    const { s, bread } = await openShop();
    const body = { items: [{ productId: bread.id, quantity: 3 }], payer: { ...payer, email: `${uniqueKey('p')}@example.com` }, fulfillment: { mode: 'shipping', address } };
    const keyless = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, body, { idempotencyKey: null });
    expect(keyless.status).toBe(400);
    expect(keyless.body.error.code).toBe('idempotency_key_missing');
    const placed = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, body);
    expect(placed.status, placed.raw).toBe(201);
    const row = await t.database.db.selectFrom('storefront_orders').selectAll().where('id', '=', placed.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: acme.id, storefront_id: s.id, invoice_id: placed.body.invoice.id, fulfillment_mode: 'shipping', address, items: [{ productId: bread.id, quantity: 3 }] });
    // 3 x 12.50 + 15.00 shipping
    expect(placed.body.total).toBe('52.50');
  });

  it('refuses shipping without an address and quantities that are not whole and positive', async () => {
    const { s, bread } = await openShop();
    const order = (body: Record<string, unknown>) =>
      t.client.post(`/public/storefronts/${s.slug}/orders`, null, { items: [{ productId: bread.id, quantity: 1 }], payer, fulfillment: { mode: 'shipping', address }, ...body });
    const bare = await order({ fulfillment: { mode: 'shipping' } });
    expect(bare.status).toBe(422);
    expect(bare.body.errors[0]).toMatchObject({ field: 'fulfillment.address', constraint: 'required' });
    for (const quantity of [1.5, -2, 1001]) {
      const res = await order({ items: [{ productId: bread.id, quantity }] });
      expect(res.status, String(quantity)).toBe(422);
      expect(res.body.errors[0].field).toContain('quantity');
    }
    const empty = await order({ items: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].field).toContain('items');
  });

  it('takes a disabled shop offline at once and brings it back', async () => {
    const { s, bread } = await openShop();
    expect((await t.client.patch(`/storefronts/${s.id}`, acme.key, { status: 'disabled' })).status).toBe(200);
    expect((await t.client.get(`/public/storefronts/${s.slug}`, null)).status).toBe(404);
    const refused = await t.client.post(`/public/storefronts/${s.slug}/orders`, null, { items: [{ productId: bread.id, quantity: 1 }], payer, fulfillment: { mode: 'pickup' } });
    expect(refused.status).toBe(404);
    expect((await t.client.patch(`/storefronts/${s.id}`, acme.key, { status: 'active' })).status).toBe(200);
    expect((await t.client.get(`/public/storefronts/${s.slug}`, null)).status).toBe(200);
    expect((await t.client.get('/public/storefronts/no-such-shop', null)).status).toBe(404);
  });
});
