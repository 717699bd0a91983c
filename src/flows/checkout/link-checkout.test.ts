// The payment link's checkout page and its action, on the real database (PGlite, or PostgreSQL with
// DATABASE_URL): what the page shows, the 404s (cross-account included), and what the action
// leaves behind (one customer per email, one finalized invoice per Idempotency-Key, 422s naming the field).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createProduct, publishVersion, uniqueKey } from '../../../test/factories/catalog.ts';
import { formatAmount } from '../../http/page-locale.ts';

const BASE = 'https://billing.example.com';
let t: TestContext;
let acme: SeededAccount;
let other: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { BASE_URL: BASE } });
  acme = await seedAccount(t.client, 'Acme');
  other = await seedAccount(t.client, 'Other');
  const branded = await t.client.patch('/account/tenant', acme.key, {
    name: 'Padaria Pão Quente',
    logoUrl: 'https://cdn.example.com/logo.png',
    supportEmail: 'contato@paoquente.example',
    termsUrl: 'https://paoquente.example/termos',
  });
  expect(branded.status, branded.raw).toBe(200);
});
afterAll(() => t.close());

interface Link {
  id: string;
  url: string;
  productId: string;
}

/** A published product and its first payment link (or a link made with `linkBody`). */
async function link(product: Record<string, unknown> = {}, options: { key?: string; shipping?: boolean; linkBody?: Record<string, unknown> } = {}): Promise<Link> {
  const key = options.key ?? acme.key;
  const created = await createProduct(t.client, key, { name: 'Bolo de fubá', description: 'Inteiro, 1 kg', basePrice: '1234.50', ...product });
  if (options.shipping) expect((await t.client.patch(`/products/${created.product.id}`, key, { requiresShipping: true })).status).toBe(200);
  await publishVersion(t.client, key, created.product.id, created.version.id);
  if (options.linkBody) {
    const made = await t.client.post('/payment-links', key, { productId: created.product.id, ...options.linkBody });
    expect(made.status, made.raw).toBe(201);
    return made.body;
  }
  const listed = await t.client.get(`/payment-links?productId=${created.product.id}`, key);
  expect(listed.body.paymentLinks).toHaveLength(1);
  return listed.body.paymentLinks[0];
}

const pathOf = (url: string) => new URL(url).pathname;
const page = (path: string, lang?: string) => t.client.get(path, null, lang ? { headers: { 'accept-language': lang } } : {});
const checkout = (l: Link, body: unknown, idempotencyKey?: string) => t.client.post(`${pathOf(l.url)}/checkout`, null, body, idempotencyKey ? { idempotencyKey } : {});
const payer = (email = `ana-${randomUUID().slice(0, 8)}@example.com`) => ({ name: 'Ana Souza', email, document: '529.982.247-25' });
const ADDRESS = { line1: 'Rua das Flores, 10', city: 'São Paulo', state: 'SP', postalCode: '01000-000', country: 'BR' };

describe('GET /pay/{slug}/{linkID}', () => {
  it('shows the product, its price for the locale and the branding, pt-BR by default, with a nonce for its one script', async () => {
    const l = await link();
    expect(l.url).toBe(`${BASE}/pay/${acme.slug}/${l.id}`);
    const res = await page(pathOf(l.url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.raw).toContain('<html lang="pt-BR">');
    expect(res.raw).toContain('Bolo de fubá');
    expect(res.raw).toContain('Inteiro, 1 kg');
    expect(res.raw).toContain(formatAmount('1234.50', 'BRL', 'pt-BR'));
    expect(formatAmount('1234.50', 'BRL', 'pt-BR')).toMatch(/^R\$\s1\.234,50$/);
    expect(res.raw).toContain('Padaria Pão Quente');
    expect(res.raw).toContain('src="https://cdn.example.com/logo.png"');
    expect(res.raw).toContain('href="mailto:contato@paoquente.example"');
    expect(res.raw).toContain('href="https://paoquente.example/termos"');
    expect(res.raw).toContain('Modo de teste');
    for (const method of ['pix', 'boleto', 'card', 'crypto']) expect(res.raw).toContain(`value="${method}"`);
    expect(res.raw).toContain('id="coupon"');
    expect(res.raw).not.toContain('id="line1"');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.raw).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.raw).not.toMatch(/sk_(test|live)_|pk_(test|live)_/);
    expect(res.raw).not.toContain(acme.id);
  });

  it('is in English when Accept-Language prefers it, and asks for the address of a shipped product', async () => {
    const l = await link({ name: 'Cesta de café' }, { shipping: true });
    const res = await page(pathOf(l.url), 'en-US,en;q=0.9');
    expect(res.status).toBe(200);
    expect(res.raw).toContain('<html lang="en">');
    expect(res.raw).toContain(formatAmount('1234.50', 'BRL', 'en'));
    expect(formatAmount('1234.50', 'BRL', 'en')).toBe('R$1,234.50');
    expect(res.raw).toContain('Continue to payment');
    expect(res.raw).toContain('id="line1"');
  });

  it('shows a subscription price per cycle and a quantity', async () => {
    const sub = await link({ name: 'Clube do pão', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '49.90' });
    const res = await page(pathOf(sub.url));
    expect(res.raw).toContain(formatAmount('49.90', 'BRL', 'pt-BR'));
    expect(res.raw).toContain('por mês');
    const three = await link({ basePrice: '10.00' }, { linkBody: { quantity: '3' } });
    const many = await page(pathOf(three.url), 'en');
    expect(many.raw).toContain('R$30.00');
    expect(many.raw).toContain('Quantity: 3');
  });

  it('answers the same 404 page for a wrong slug, another account, a malformed or unknown id and an inactive link', async () => {
    const l = await link();
    const off = await link();
    expect((await t.client.patch(`/payment-links/${off.id}`, acme.key, { active: false })).status).toBe(200);
    const theirs = await link({}, { key: other.key });
    const notFound = await page(`/pay/${acme.slug}/${randomUUID()}`);
    expect(notFound.status).toBe(404);
    expect(notFound.raw).toContain('Link de pagamento não encontrado');
    for (const path of [
      `/pay/no-such-shop-${randomUUID().slice(0, 6)}/${l.id}`,
      `/pay/${other.slug}/${l.id}`,
      `/pay/${acme.slug}/${theirs.id}`,
      `/pay/${acme.slug}/not-a-uuid`,
      `/pay/${acme.slug}/${off.id}`,
      `/pay/${acme.slug}/${l.id}%00`,
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.raw, path).toBe(notFound.raw);
    }
  });
});

describe('POST /pay/{slug}/{linkID}/checkout', () => {
  it('creates the customer and one finalized invoice, finds the customer again by email, and answers the invoice page', async () => {
    const l = await link({}, { linkBody: { successUrl: 'https://paoquente.example/obrigado', cancelUrl: 'https://paoquente.example/loja' } });
    const who = payer();
    const first = await checkout(l, { payer: who, paymentMethod: 'pix' });
    expect(first.status, first.raw).toBe(201);
    expect(first.body).toMatchObject({ status: 'open', currency: 'BRL', total: '1234.50', amountDue: '1234.50', subscriptionId: null, preferredMethod: 'pix' });
    expect(first.body.invoiceUrl).toMatch(new RegExp(`^${BASE}/pay/${acme.slug}/invoices/${first.body.invoiceId}\\?token=`));
    expect(first.raw).not.toContain(acme.id);
    expect(Object.keys(first.body).sort()).toEqual(['amountDue', 'currency', 'invoiceId', 'invoiceNumber', 'invoiceUrl', 'preferredMethod', 'status', 'subscriptionId', 'total']);

    const customers = await t.client.get(`/customers?email=${encodeURIComponent(who.email)}`, acme.key);
    expect(customers.body.customers).toHaveLength(1);
    const customer = customers.body.customers[0];
    expect(customer).toMatchObject({ name: 'Ana Souza', email: who.email, document: '52998224725', documentType: 'cpf' });
    const invoice = await t.client.get(`/billing/invoices/${first.body.invoiceId}`, acme.key);
    expect(invoice.body).toMatchObject({
      status: 'open',
      payerId: customer.id,
      total: '1234.50',
      successUrl: 'https://paoquente.example/obrigado',
      cancelUrl: 'https://paoquente.example/loja',
      invoiceUrl: first.body.invoiceUrl,
    });
    expect(invoice.body.lineItems).toMatchObject([{ description: 'Bolo de fubá', quantity: '1', unitPrice: '1234.50', amount: '1234.50' }]);
    expect(invoice.body.finalizedAt).toBeTruthy();

    // The same email again: the same customer, a second invoice.
    const second = await checkout(l, { payer: { ...who, name: 'Ana S.' } });
    expect(second.status, second.raw).toBe(201);
    expect(second.body.invoiceId).not.toBe(first.body.invoiceId);
    expect((await t.client.get(`/customers?email=${encodeURIComponent(who.email)}`, acme.key)).body.customers).toHaveLength(1);
    expect((await t.client.get(`/billing/invoices/${second.body.invoiceId}`, acme.key)).body.payerId).toBe(customer.id);
    const all = await t.client.get(`/billing/invoices?customerId=${customer.id}&limit=100`, acme.key);
    if (all.status === 200) expect(all.body.invoices.length).toBeGreaterThanOrEqual(1);

    // The hosted page the buyer is sent to exists.
    const hosted = await t.client.get(pathOf(first.body.invoiceUrl) + new URL(first.body.invoiceUrl).search, null);
    expect(hosted.status).toBe(200);
    // The event with the checkout's details is in the account's log.
    const events = await t.client.get('/account/events?limit=100', acme.key);
    const completed = events.body.events.find((e: { type: string; data: { invoiceId: string } }) => e.type === 'checkout.completed' && e.data.invoiceId === first.body.invoiceId);
    expect(completed?.data).toMatchObject({ paymentLinkId: l.id, productId: l.productId, customerId: customer.id, preferredMethod: 'pix' });
  });

  it('is idempotent: a replay with the same key answers the same invoice and creates nothing', async () => {
    const l = await link();
    const who = payer();
    const key = randomUUID();
    const first = await checkout(l, { payer: who }, key);
    expect(first.status, first.raw).toBe(201);
    const again = await checkout(l, { payer: who }, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const customer = (await t.client.get(`/customers?email=${encodeURIComponent(who.email)}`, acme.key)).body.customers[0];
    const invoices = await t.client.get(`/billing/invoices?limit=100`, acme.key);
    expect(invoices.body.invoices.filter((i: { payerId: string | null }) => i.payerId === customer.id)).toHaveLength(1);
    // The same key with another body is refused, and no key at all too.
    const reused = await checkout(l, { payer: { ...who, name: 'Outra' } }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    const keyless = await t.client.post(`${pathOf(l.url)}/checkout`, null, { payer: who }, { idempotencyKey: null });
    expect(keyless.status).toBe(400);
  });

  it('refuses an invalid document, email, a missing document or address with a 422 naming the field, creating nothing', async () => {
    const l = await link();
    const shipped = await link({}, { shipping: true });
    const cases: Array<[Link, unknown, string, string?]> = [
      [l, { payer: { ...payer(), document: '529.982.247-24' } }, 'payer.document', 'cpf'],
      [l, { payer: { ...payer(), document: '12345' } }, 'payer.document', 'document'],
      [l, { payer: { name: 'Ana', email: 'ana@example.com' } }, 'payer.document', 'required'],
      [l, { payer: { ...payer(), email: 'not-an-email' } }, 'payer.email'],
      [shipped, { payer: payer() }, 'address', 'required'],
      [shipped, { payer: payer(), address: { ...ADDRESS, line1: '' } }, 'address.line1'],
      [l, { payer: payer(), address: ADDRESS }, 'address', 'not_asked'],
      [l, { payer: payer(), couponCode: 'NO-SUCH-COUPON' }, 'couponCode'],
    ];
    for (const [target, body, field, constraint] of cases) {
      const res = await checkout(target, body);
      expect(res.status, `${field}: ${res.raw}`).toBe(422);
      expect(res.body.error_code).toBe('validation_failed');
      expect(res.body.tracer_id).toBeTruthy();
      const named = (res.body.errors as Array<{ field: string; constraint: string }>).find((e) => e.field === field);
      expect(named, `${field}: ${res.raw}`).toBeTruthy();
      if (constraint) expect(named!.constraint).toBe(constraint);
    }
    const who = payer();
    await checkout(l, { payer: { ...who, document: '111' } });
    expect((await t.client.get(`/customers?email=${encodeURIComponent(who.email)}`, acme.key)).body.customers).toHaveLength(0);
    const ok = await checkout(shipped, { payer: payer(), address: ADDRESS });
    expect(ok.status, ok.raw).toBe(201);
  });

  it("answers 404 for another account's link, an inactive link or an unknown id, and never touches the other account", async () => {
    const theirs = await link({}, { key: other.key });
    const underAcme = { ...theirs, url: `${BASE}/pay/${acme.slug}/${theirs.id}` };
    const res = await checkout(underAcme, { payer: payer() });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'payment_link' });
    const off = await link();
    await t.client.patch(`/payment-links/${off.id}`, acme.key, { active: false });
    expect((await checkout(off, { payer: payer() })).status).toBe(404);
    expect((await checkout({ ...off, url: `${BASE}/pay/${acme.slug}/${randomUUID()}` }, { payer: payer() })).status).toBe(404);
    expect((await t.client.get('/billing/invoices?limit=100', other.key)).body.invoices).toHaveLength(0);
  });

  it('applies a coupon, and sells a subscription product as a subscription with its first finalized invoice', async () => {
    const code = uniqueKey('PAO').replace(/[^A-Za-z0-9_-]/g, '');
    expect((await t.client.post('/billing/coupons', acme.key, { code, percentOff: '10', duration: 'once' })).status).toBe(201);
    const l = await link({ basePrice: '100.00' });
    const discounted = await checkout(l, { payer: payer(), couponCode: code });
    expect(discounted.status, discounted.raw).toBe(201);
    expect(discounted.body.total).toBe('90.00');

    const sub = await link({ name: 'Clube do pão', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '49.90' }, { linkBody: { successUrl: 'https://paoquente.example/ok' } });
    const res = await checkout(sub, { payer: payer(), paymentMethod: 'card' });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', total: '49.90', preferredMethod: 'card' });
    expect(res.body.subscriptionId).toBeTruthy();
    const subscription = await t.client.get(`/billing/subscriptions/${res.body.subscriptionId}`, acme.key);
    expect(subscription.body).toMatchObject({ status: 'active', billingCycle: 'monthly', collectionMethod: 'send_invoice' });
    const invoice = await t.client.get(`/billing/invoices/${res.body.invoiceId}`, acme.key);
    expect(invoice.body).toMatchObject({ status: 'open', subscriptionId: res.body.subscriptionId, total: '49.90', successUrl: 'https://paoquente.example/ok' });
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await t.client.get('/openapi.json', null)).body;
    expect(doc.paths['/pay/{slug}/{linkID}'].get.operationId).toBe('showPaymentLinkPage');
    expect(doc.paths['/pay/{slug}/{linkID}/checkout'].post.operationId).toBe('checkoutPaymentLink');
  });
});
