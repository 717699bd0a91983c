// Inputs that once answered 500 (issue 14, items 4 to 7): each is a 4xx in the interface's shape,
// naming the field, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupUsageProduct, type UsageSetup } from '../factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'calls' }, { key: 'pricey', price: { model: 'per_unit', unitPrice: '999999999999999' } }]);
});
afterAll(() => t.close());

const event = (extra: Record<string, unknown> = {}) => ({ meter: 'calls', productId: usage.productId, customerId: usage.customerId, value: '1', ...extra });
const rawPost = (url: string, body: string) => t.client.request('POST', url, { key: acme.key, headers: { 'content-type': 'application/json' }, body });
const fieldsOf = (body: { errors?: Array<{ field: string; constraint: string }> }) => (body.errors ?? []).map((e) => `${e.field}:${e.constraint}`);

describe('leap seconds (second 60) are refused by name in every date-time field', () => {
  const leap = '2026-06-30T23:59:60Z';
  it('usage timestamps: a single event, and a batch (only the leap event is named)', async () => {
    const single = await t.client.post('/metering/events', acme.key, event({ timestamp: leap }));
    expect(single.status).toBe(422);
    expect(fieldsOf(single.body)).toEqual(['timestamp:no_leap_second']);
    const batch = await t.client.post('/metering/events/batch', acme.key, { events: [event(), event({ timestamp: leap })] });
    expect(batch.status).toBe(422);
    expect(fieldsOf(batch.body)).toEqual(['events[1].timestamp:no_leap_second']);
  });

  it('from-usage from/to, /metering/usage from/to, and an invoice dueDate', async () => {
    const fromUsage = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: '2026-06-30T00:00:00Z', to: leap });
    expect(fieldsOf(fromUsage.body)).toEqual(['to:no_leap_second']);
    const read = await t.client.get(`/metering/usage?enrollmentId=${usage.enrollmentId}&meter=calls&from=${leap}&to=2026-07-01T00:00:00Z`, acme.key);
    expect(read.status).toBe(422);
    expect(fieldsOf(read.body)).toEqual(['from:no_leap_second']);
    const invoice = await t.client.post('/billing/invoices', acme.key, {
      customerId: usage.customerId,
      currency: 'BRL',
      lineItems: [{ description: 'x', quantity: '1', unitPrice: '1' }],
      dueDate: '2099-12-31T23:59:60+00:00',
    });
    expect(invoice.status).toBe(422);
    expect(fieldsOf(invoice.body)).toEqual(['dueDate:no_leap_second']);
  });
});

describe('instants outside years 1 to 9999 (UTC) are refused by name in every date-time field', () => {
  it('from-usage from in year 0, and a dueDate carried into year 10000 by its offset', async () => {
    const fromUsage = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: '0000-01-01T00:00:00Z', to: '2020-04-21T06:51:53.737Z', send: true });
    expect(fromUsage.status).toBe(422);
    expect(fieldsOf(fromUsage.body)).toEqual(['from:not_before_year_1']);
    const invoice = await t.client.post('/billing/invoices', acme.key, {
      customerId: usage.customerId,
      currency: 'BRL',
      lineItems: [{ description: 'x', quantity: '1', unitPrice: '1' }],
      dueDate: '9999-12-31T23:59:59-23:59',
    });
    expect(invoice.status).toBe(422);
    expect(fieldsOf(invoice.body)).toEqual(['dueDate:not_after_year_9999']);
  });
});

describe('lone UTF-16 surrogates are refused with 422 naming the field, never stored as U+FFFD', () => {
  it.each([
    ['a name', '/customers', '{"name":"a\\ud800b"}', 'name'],
    ['an externalId', '/customers', '{"name":"a","externalId":"x\\uDC00"}', 'externalId'],
    ['a metadata key', '/customers', '{"name":"a","metadata":{"k\\ud800":"v"}}', 'metadata.k\ufffd'],
    ['a metadata value', '/customers', '{"name":"a","metadata":{"k":["ok","\\udfff"]}}', 'metadata.k[1]'],
    ['a high surrogate at the end', '/meters', '{"key":"k","name":"n\\uD83D","aggregation":"sum"}', 'name'],
  ])('%s', async (_what, url, body, field) => {
    const res = await rawPost(url, body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field, constraint: 'no_lone_surrogate' })]);
  });

  it('in a usage event of a batch, and in a query parameter', async () => {
    // The marker cannot occur in the ids around it (a uuid holds 'e-1' now and then).
    const batch = JSON.stringify({ events: [event(), event({ eventId: 'MARKER' })] }).replace('"MARKER"', '"e-\\ud800"');
    const res = await rawPost('/metering/events/batch', batch);
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual(['events[1].eventId:no_lone_surrogate']);
    const listed = await t.client.get('/metering/events?enrollmentId=' + usage.enrollmentId, acme.key);
    expect(listed.body.events).toEqual([]);
  });

  it('NUL in a path value: 404 like any unknown id; in a query string a route does not read: ignored', async () => {
    for (const bad of ['%00', 'a%00b']) {
      const res = await t.client.get(`/customers/${bad}`, acme.key);
      expect(res.status, bad).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'customer' });
    }
    // A surrogate's bytes in a URL are not UTF-8: the URL itself is refused.
    const undecodable = await t.client.get('/customers/%ED%A0%80', acme.key);
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toMatchObject({ error_code: 'bad_request' });
    const ignored = await t.client.get(`/customers/${usage.customerId}?unread=%00`, acme.key);
    expect(ignored.status).toBe(200);
  });

  it('a surrogate pair (an emoji, escaped or not) is a character like any other', async () => {
    const escaped = await rawPost('/customers', '{"name":"a\\ud83d\\ude00"}');
    expect(escaped.status).toBe(201);
    expect(escaped.body.name).toBe('a😀');
  });

  it('a body that is not UTF-8 (a surrogate encoded in bytes) is refused, not read as U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const res = await t.app.inject({ method: 'POST', url: '/customers', headers: { authorization: `Bearer ${acme.key}`, 'idempotency-key': 'not-utf8', 'content-type': 'application/json' }, payload: bytes });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error_code: 'bad_request' });
  });
});

describe('nesting', () => {
  it('10,000 levels: 400 before the parsed body is walked (usage events and customers)', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [url, body] of [
      ['/metering/events', `{"meter":${deep}}`],
      ['/metering/events/batch', `{"events":${deep}}`],
      ['/customers', `{"name":"x","metadata":{"a":${deep}}}`],
    ]) {
      const res = await rawPost(url!, body!);
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'bad_request', message: expect.stringContaining('deeper than') });
    }
  });

  it('brackets inside strings do not count', async () => {
    const res = await t.client.post('/customers', acme.key, { name: '['.repeat(100) + '{'.repeat(100) });
    expect(res.status).toBe(201);
  });

  it('metadata is flat or one level deep: deeper is a 422 naming the field', async () => {
    const ok = await t.client.post('/customers', acme.key, { name: 'x', metadata: { tags: ['a', 'b'], address: { city: 'Recife' } } });
    expect(ok.status).toBe(201);
    const deeper = await t.client.post('/customers', acme.key, { name: 'x', metadata: { a: { b: { c: 1 } } } });
    expect(deeper.status).toBe(422);
    expect(fieldsOf(deeper.body)).toEqual(['metadata:max_depth']);
    const inEvent = await t.client.post('/metering/events', acme.key, event({ metadata: { a: [[1]] } }));
    expect(inEvent.status).toBe(422);
    expect(fieldsOf(inEvent.body)).toEqual(['metadata:max_depth']);
  });
});

describe('decimal bounds and invoice amounts', () => {
  it('a usage value past 15 integer or 12 fraction digits is refused at input (decimal_range)', async () => {
    for (const value of ['1' + '0'.repeat(35), '0.' + '0'.repeat(29) + '1', '1000000000000000', '0.0000000000001']) {
      const res = await t.client.post('/metering/events', acme.key, event({ value }));
      expect(res.status, value).toBe(422);
      expect(fieldsOf(res.body)).toEqual(['value:decimal_range']);
    }
    const largest = await t.client.post('/metering/events', acme.key, event({ value: '999999999999999.999999999999', timestamp: '2026-01-01T00:00:00Z' }));
    expect(largest.status).toBe(201);
  });

  it('a one-off line whose quantity x unitPrice is past what invoices hold: 422 amount_too_large', async () => {
    const nines = '999999999999999';
    const res = await t.client.post('/billing/invoices', acme.key, { customerId: usage.customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: nines, unitPrice: nines }] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error_code: 'amount_too_large' });
    const lines = [1, 2].map(() => ({ description: 'x', quantity: '1', unitPrice: '600000000000000' }));
    const total = await t.client.post('/billing/invoices', acme.key, { customerId: usage.customerId, currency: 'BRL', lineItems: lines });
    expect(total.status).toBe(422);
    expect(total.body.message).toContain('subtotal');
  });

  it('usage whose total is too large to invoice: 422 amount_too_large, and the enrollment still invoices a smaller range', async () => {
    const at = (hour: number) => `2026-02-01T${String(hour).padStart(2, '0')}:00:00Z`;
    for (const [hour, value] of [[1, '1'], [2, '999999999999999'], [3, '0.000000000001']] as const) {
      const res = await t.client.post('/metering/events', acme.key, { ...event({ value, timestamp: at(hour) }), meter: 'pricey' });
      expect(res.status).toBe(201);
    }
    const all = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: at(0), to: at(4) });
    expect(all.status).toBe(422);
    expect(all.body).toMatchObject({ error_code: 'amount_too_large' });
    const first = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: at(0), to: at(2) });
    expect(first.status).toBe(201);
    expect(first.body.total).toBe('999999999999999.00');
  });
});
