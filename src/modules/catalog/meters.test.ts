import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createMeter, createProduct, publishVersion, uniqueKey } from '../../../test/factories/catalog.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

describe('POST /meters', () => {
  it('creates a meter and reads it back', async () => {
    const key = uniqueKey('tokens');
    const res = await t.client.post('/meters', acme.key, { key, name: 'Tokens', aggregation: 'sum', unit: 'token' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ key, name: 'Tokens', aggregation: 'sum', unit: 'token', property: null });
    expect((await t.client.get(`/meters/${res.body.id}`, acme.key)).body).toEqual(res.body);
  });

  it.each(['sum', 'count', 'max', 'latest'])('accepts aggregation %s without property', async (aggregation) => {
    expect((await t.client.post('/meters', acme.key, { key: uniqueKey(aggregation), name: 'M', aggregation })).status).toBe(201);
  });

  it('requires property for unique_count and refuses it otherwise', async () => {
    const missing = await t.client.post('/meters', acme.key, { key: uniqueKey('users'), name: 'Users', aggregation: 'unique_count' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'property', constraint: 'required' });
    const ok = await t.client.post('/meters', acme.key, { key: uniqueKey('users'), name: 'Users', aggregation: 'unique_count', property: 'userId' });
    expect(ok.status).toBe(201);
    expect(ok.body.property).toBe('userId');
    const refused = await t.client.post('/meters', acme.key, { key: uniqueKey('calls'), name: 'Calls', aggregation: 'sum', property: 'userId' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'property', constraint: 'not_allowed' });
  });

  it('answers 409 for a duplicate key in the same environment only', async () => {
    const key = uniqueKey('dup');
    expect((await t.client.post('/meters', acme.key, { key, name: 'A', aggregation: 'sum' })).status).toBe(201);
    const clash = await t.client.post('/meters', acme.key, { key, name: 'B', aggregation: 'count' });
    expect(clash.status).toBe(409);
    expect(clash.body.error_code).toBe('conflict');
    expect((await t.client.post('/meters', acme.liveKey, { key, name: 'A', aggregation: 'sum' })).status).toBe(201);
  });

  it('refuses an unknown aggregation and a key with spaces', async () => {
    const agg = await t.client.post('/meters', acme.key, { key: uniqueKey('x'), name: 'X', aggregation: 'avg' });
    expect(agg.body.errors[0]).toMatchObject({ field: 'aggregation', constraint: 'enum' });
    const key = await t.client.post('/meters', acme.key, { key: 'has space', name: 'X', aggregation: 'sum' });
    expect(key.body.errors[0]).toMatchObject({ field: 'key', constraint: 'pattern' });
  });
});

describe('GET /meters and PATCH /meters/{meterID}', () => {
  it('lists newest first', async () => {
    const a = await createMeter(t.client, acme.key);
    const b = await createMeter(t.client, acme.key);
    const list = await t.client.get('/meters?limit=2', acme.key);
    expect(list.body.meters.map((m: { id: string }) => m.id)).toEqual([b.id, a.id]);
  });

  it('changes name, unit and aggregation of an unpriced meter; the key cannot change', async () => {
    const meter = await createMeter(t.client, acme.key);
    const res = await t.client.patch(`/meters/${meter.id}`, acme.key, { name: 'Renamed', unit: 'req', aggregation: 'unique_count', property: 'ip' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', unit: 'req', aggregation: 'unique_count', property: 'ip', key: meter.key });
    const back = await t.client.patch(`/meters/${meter.id}`, acme.key, { aggregation: 'count' });
    expect(back.body).toMatchObject({ aggregation: 'count', property: null });
    expect((await t.client.patch(`/meters/${meter.id}`, acme.key, { key: 'new-key' })).body.errors[0].constraint).toBe('unknown_field');
    expect((await t.client.patch(`/meters/${meter.id}`, acme.key, { property: 'x' })).body.errors[0].constraint).toBe('not_allowed');
  });

  it('fixes aggregation and property once a published version prices the meter (a draft does not)', async () => {
    const meter = await createMeter(t.client, acme.key);
    const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
    await t.client.patch(`/products/${product.id}/versions/${version.id}`, acme.key, { prices: [{ meter: meter.key, unitPrice: '1' }] });
    expect((await t.client.patch(`/meters/${meter.id}`, acme.key, { aggregation: 'max' })).status).toBe(200);

    await publishVersion(t.client, acme.key, product.id, version.id);
    const refused = await t.client.patch(`/meters/${meter.id}`, acme.key, { aggregation: 'sum' });
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('conflict');
    expect((await t.client.get(`/meters/${meter.id}`, acme.key)).body.aggregation).toBe('max');
    const renamed = await t.client.patch(`/meters/${meter.id}`, acme.key, { name: 'Still renamable', aggregation: 'max' });
    expect(renamed.status).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    const res = await t.client.get('/meters/0190a0a0-0000-7000-8000-000000000000', acme.key);
    expect(res.status).toBe(404);
    expect(res.body.resource).toBe('meter');
  });
});
