// One-off invoices: creation, rounding, reads, filters and validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createOneOffInvoice, createProduct } from './test-fixtures.ts';

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key);
});
afterAll(() => t.close());

const INVOICE_FIELDS = [
  'amountDue', 'appliedBalance', 'cancelUrl', 'createdAt', 'creditedAmount', 'currency', 'customerId', 'dueDate', 'finalizedAt', 'id', 'invoiceNumber', 'invoiceUrl',
  'lineItems', 'paidAt', 'payerId', 'periodEnd', 'periodStart', 'status', 'subscriptionId', 'subtotal', 'successUrl', 'tax', 'total',
];

describe('POST /billing/invoices', () => {
  it('creates a one-off draft with payerId set, every field present and inapplicable ones null', async () => {
    const productId = await createProduct(t, acme.key);
    const res = await t.client.post('/billing/invoices', acme.key, {
      customerId,
      currency: 'BRL',
      lineItems: [
        { description: 'Setup fee', quantity: '1', unitPrice: '100.00', productId },
        { description: 'Hours', quantity: '2.5', unitPrice: '80' },
      ],
      successUrl: 'https://shop.example.com/thanks',
      cancelUrl: 'https://shop.example.com/cart',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...INVOICE_FIELDS].sort());
    expect(res.body).toMatchObject({
      status: 'draft',
      payerId: customerId,
      customerId: null,
      subscriptionId: null,
      invoiceNumber: null,
      currency: 'BRL',
      subtotal: '300.00',
      tax: '0.00',
      total: '300.00',
      amountDue: '300.00',
      periodStart: null,
      periodEnd: null,
      dueDate: null,
      finalizedAt: null,
      paidAt: null,
      successUrl: 'https://shop.example.com/thanks',
      cancelUrl: 'https://shop.example.com/cart',
    });
    expect(res.body.lineItems).toEqual([
      { id: expect.any(String), type: 'one_off', meterId: null, priceId: null, productId, description: 'Setup fee', quantity: '1', unitPrice: '100.00', amount: '100.00', proration: false },
      { id: expect.any(String), type: 'one_off', meterId: null, priceId: null, productId: null, description: 'Hours', quantity: '2.5', unitPrice: '80.00', amount: '200.00', proration: false },
    ]);
    expect(res.body.invoiceUrl).toMatch(new RegExp(`^${t.config.baseUrl}/pay/${acme.slug}/invoices/${res.body.id}\\?token=[A-Za-z0-9_-]{32}$`));
  });

  it('rounds each line half-up to the minor unit and sums the rounded lines', async () => {
    const invoice = await createOneOffInvoice(t, acme.key, customerId, {
      lineItems: [
        { description: '3 x 0.335 = 1.005', quantity: '3', unitPrice: '0.335' },
        { description: '1 x 0.004', quantity: '1', unitPrice: '0.004' },
        { description: '1 x 0.005', quantity: '1', unitPrice: '0.005' },
        { description: 'fractional quantity', quantity: '0.0015', unitPrice: '1000' },
      ],
    });
    expect(invoice.lineItems.map((l: { amount: string }) => l.amount)).toEqual(['1.01', '0.00', '0.01', '1.50']);
    expect(invoice.lineItems[0]).toMatchObject({ quantity: '3', unitPrice: '0.335' });
    expect(invoice.lineItems[3]).toMatchObject({ quantity: '0.0015', unitPrice: '1000.00' });
    expect(invoice).toMatchObject({ subtotal: '2.52', total: '2.52', amountDue: '2.52', tax: '0.00' });
  });

  it('uses the minor unit of the currency (JPY 0 decimals, BHD 3)', async () => {
    const yen = await createOneOffInvoice(t, acme.key, customerId, { currency: 'JPY', lineItems: [{ description: 'x', quantity: '3', unitPrice: '0.5' }] });
    expect(yen).toMatchObject({ subtotal: '2', total: '2', tax: '0' });
    const dinar = await createOneOffInvoice(t, acme.key, customerId, { currency: 'BHD', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1.2345' }] });
    expect(dinar.lineItems[0].amount).toBe('1.235');
  });

  it('keeps a due date given at creation', async () => {
    const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const invoice = await createOneOffInvoice(t, acme.key, customerId, { dueDate });
    expect(invoice.dueDate).toBe(dueDate);
  });

  it('records invoice.created with the invoice', async () => {
    const invoice = await createOneOffInvoice(t, acme.key, customerId);
    const events = await t.client.get('/account/events?type=invoice.created&limit=100', acme.key);
    const event = events.body.events.find((e: { data: { id: string } }) => e.data.id === invoice.id);
    expect(event.data).toMatchObject({ status: 'draft', total: '100.00', payerId: customerId });
  });

  it('refuses a JSON number for a decimal field with decimal_string', async () => {
    const res = await t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: 1, unitPrice: '10.50' }] });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'lineItems[0].quantity', value: '1', constraint: 'decimal_string' }));
    const price = await t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: 10.5 }] });
    expect(price.body.errors).toContainEqual(expect.objectContaining({ field: 'lineItems[0].unitPrice', value: '10.5', constraint: 'decimal_string' }));
  });

  it.each([
    ['a zero quantity', { lineItems: [{ description: 'x', quantity: '0', unitPrice: '1' }] }, 'lineItems[0].quantity', 'positive'],
    ['a negative unit price', { lineItems: [{ description: 'x', quantity: '1', unitPrice: '-1' }] }, 'lineItems[0].unitPrice', 'non_negative'],
    ['no line items', { lineItems: [] }, 'lineItems', 'minItems'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'currency'],
    ['a lower-case currency', { currency: 'brl' }, 'currency', 'pattern'],
    ['a due date in the past', { dueDate: '2020-01-01T00:00:00Z' }, 'dueDate', 'future'],
    ['an unknown field', { memo: 'typo' }, 'memo', 'unknown_field'],
    ['an unknown line field', { lineItems: [{ description: 'x', quantity: '1', unitPrice: '1', tax: '1' }] }, 'lineItems[0].tax', 'unknown_field'],
    ['a success URL that is not http(s)', { successUrl: 'javascript:alert(1)' }, 'successUrl', 'pattern'],
  ])('refuses %s with 422', async (_name, overrides, field, constraint) => {
    const res = await t.client.post('/billing/invoices', acme.key, { customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1' }], ...overrides });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, constraint }));
  });

  it('answers 404 customer for an unknown customer and 404 product for an unknown product', async () => {
    const customer = await t.client.post('/billing/invoices', acme.key, { customerId: '01890a5d-ac96-774b-bcce-b302099a8057', currency: 'BRL', lineItems: ONE });
    expect(customer.status).toBe(404);
    expect(customer.body).toMatchObject({ error_code: 'not_found', resource: 'customer' });
    const product = await t.client.post('/billing/invoices', acme.key, {
      customerId,
      currency: 'BRL',
      lineItems: [{ ...ONE[0], productId: '01890a5d-ac96-774b-bcce-b302099a8057' }],
    });
    expect(product.status).toBe(404);
    expect(product.body.resource).toBe('product');
  });

  it('replays the stored response for the same Idempotency-Key and creates nothing twice', async () => {
    const body = { customerId, currency: 'BRL', lineItems: ONE };
    const first = await t.client.post('/billing/invoices', acme.key, body, { idempotencyKey: 'one-off-replay' });
    const again = await t.client.post('/billing/invoices', acme.key, body, { idempotencyKey: 'one-off-replay' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });
});

const ONE = [{ description: 'Item', quantity: '1', unitPrice: '10.00' }];

describe('GET /billing/invoices', () => {
  let other: SeededAccount;
  let bob: string;
  beforeAll(async () => {
    other = await seedAccount(t.client, 'Other');
    bob = await createCustomer(t, acme.key, { name: 'Bob', email: 'bob@example.com' });
  });

  it('reads one invoice by id', async () => {
    const invoice = await createOneOffInvoice(t, acme.key, bob);
    const res = await t.client.get(`/billing/invoices/${invoice.id}`, acme.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(invoice);
  });

  it('lists newest first with cursor pagination', async () => {
    const customer = await createCustomer(t, acme.key, { name: 'Paged' });
    const created = [];
    for (let i = 0; i < 5; i++) created.push((await createOneOffInvoice(t, acme.key, customer)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { invoices: Array<{ id: string }>; nextCursor: string | null } } = await t.client.get(
        `/billing/invoices?customerId=${customer}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        acme.key,
      );
      expect(res.status).toBe(200);
      expect(res.body.invoices.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.invoices.map((i) => i.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
  });

  it('filters by status, customerId (payer or enrollment) and subscriptionId', async () => {
    const carol = await createCustomer(t, acme.key, { name: 'Carol' });
    const draft = await createOneOffInvoice(t, acme.key, carol);
    const open = await createOneOffInvoice(t, acme.key, carol);
    expect((await t.client.post(`/billing/invoices/${open.id}/finalize`, acme.key)).status).toBe(200);

    const byCustomer = await t.client.get(`/billing/invoices?customerId=${carol}`, acme.key);
    expect(byCustomer.body.invoices.map((i: { id: string }) => i.id)).toEqual([open.id, draft.id]);
    const openOnly = await t.client.get(`/billing/invoices?customerId=${carol}&status=open`, acme.key);
    expect(openOnly.body.invoices.map((i: { id: string }) => i.id)).toEqual([open.id]);
    const drafts = await t.client.get('/billing/invoices?status=draft&limit=100', acme.key);
    expect(drafts.body.invoices.every((i: { status: string }) => i.status === 'draft')).toBe(true);
    const bySubscription = await t.client.get(`/billing/invoices?subscriptionId=${carol}`, acme.key);
    expect(bySubscription.body.invoices).toEqual([]);
  });

  it('refuses an unknown status filter with 422', async () => {
    const res = await t.client.get('/billing/invoices?status=pending', acme.key);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'status', value: 'pending' });
  });

  it('shows only the caller account and environment', async () => {
    await createOneOffInvoice(t, acme.key, bob);
    expect((await t.client.get('/billing/invoices', other.key)).body.invoices).toEqual([]);
    expect((await t.client.get('/billing/invoices', acme.liveKey)).body.invoices).toEqual([]);
  });

  it('needs billing:read', async () => {
    const restricted = await t.client.post('/account/keys', acme.key, { scopes: ['customers:read'] });
    const res = await t.client.get('/billing/invoices', restricted.body.key);
    expect(res.status).toBe(403);
  });
});
