import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

describe('POST /customers', () => {
  it('creates a customer, returns every field and records customer.created', async () => {
    const res = await t.client.post('/customers', acme.key, {
      name: 'Ana Souza',
      email: 'ana@example.com',
      document: '295.379.955-93',
      externalId: 'crm-1',
      metadata: { plan: 'gold', seats: 3 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ana Souza',
      email: 'ana@example.com',
      document: '29537995593',
      documentType: 'cpf',
      externalId: 'crm-1',
      metadata: { plan: 'gold', seats: 3 },
    });
    expect(Object.keys(res.body).sort()).toEqual(
      ['balances', 'createdAt', 'document', 'documentType', 'email', 'externalId', 'id', 'metadata', 'name', 'updatedAt'].sort(),
    );
    expect(res.body.balances).toEqual([]); // no credit note has credited it yet
    const events = await t.client.get('/account/events?type=customer.created', acme.key);
    expect(events.body.events.some((e: { data: { id: string } }) => e.data.id === res.body.id)).toBe(true);
  });

  it('accepts a customer with no fields at all', async () => {
    const res = await t.client.post('/customers', acme.key, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: null, email: null, document: null, documentType: null, externalId: null, metadata: {} });
  });

  it.each([
    ['a CPF with punctuation', '295.379.955-93', '29537995593', 'cpf'],
    ['a numeric CNPJ', '54.550.752/0001-55', '54550752000155', 'cnpj'],
    ['an alphanumeric CNPJ (2026 format)', '12.ABC.345/01DE-35', '12ABC34501DE35', 'cnpj'],
    ['an alphanumeric CNPJ in lower case without punctuation', '12abc34501de35', '12ABC34501DE35', 'cnpj'],
    ['an alphanumeric CNPJ with a letter branch', 'AA.345.678/000A-29', 'AA345678000A29', 'cnpj'],
  ])('accepts %s and stores it normalised', async (_name, document, stored, type) => {
    const res = await t.client.post('/customers', acme.key, { document });
    expect(res.status).toBe(201);
    expect(res.body.document).toBe(stored);
    expect(res.body.documentType).toBe(type);
  });

  it.each([
    ['a CPF with a wrong check digit', '295.379.955-94', 'cpf'],
    ['a CPF of repeated digits', '111.111.111-11', 'cpf'],
    ['a CNPJ with a wrong check digit', '54.550.752/0001-56', 'cnpj'],
    ['an alphanumeric CNPJ with a wrong check digit', '12.ABC.345/01DE-36', 'cnpj'],
    ['an alphanumeric CNPJ with letters in the check digits', '12ABC34501DEAB', 'document'],
    ['a value of the wrong length', '1234567', 'document'],
    ['a value with other characters', '295.379.955-93!', 'document'],
  ])('refuses %s with 422', async (_name, document, constraint) => {
    const res = await t.client.post('/customers', acme.key, { document });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors[0]).toMatchObject({ field: 'document', value: document, constraint });
  });

  it('refuses a malformed email', async () => {
    const res = await t.client.post('/customers', acme.key, { email: 'not-an-email' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'email', constraint: 'email' });
  });

  it('refuses an unknown field', async () => {
    const res = await t.client.post('/customers', acme.key, { nmae: 'typo' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'nmae', constraint: 'unknown_field' });
  });

  it('answers 409 when the externalId is taken in the same environment, not across environments', async () => {
    const first = await t.client.post('/customers', acme.key, { externalId: 'dup-1' });
    expect(first.status).toBe(201);
    const clash = await t.client.post('/customers', acme.key, { externalId: 'dup-1' });
    expect(clash.status).toBe(409);
    expect(clash.body.error_code).toBe('conflict');
    const live = await t.client.post('/customers', acme.liveKey, { externalId: 'dup-1' });
    expect(live.status).toBe(201);
    const other = await seedAccount(t.client, 'Other');
    expect((await t.client.post('/customers', other.key, { externalId: 'dup-1' })).status).toBe(201);
  });

  it('limits metadata to 50 keys and 8 KiB', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const tooMany = await t.client.post('/customers', acme.key, { metadata: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({ field: 'metadata', constraint: 'max_keys' });

    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect((await t.client.post('/customers', acme.key, { metadata: fifty })).status).toBe(201);

    const big = await t.client.post('/customers', acme.key, { metadata: { blob: 'x'.repeat(8200) } });
    expect(big.status).toBe(422);
    expect(big.body.errors[0]).toMatchObject({ field: 'metadata', constraint: 'max_size' });

    const longKey = await t.client.post('/customers', acme.key, { metadata: { ['k'.repeat(41)]: 1 } });
    expect(longKey.status).toBe(422);
    expect(longKey.body.errors[0].constraint).toBe('max_key_length');
  });
});

describe('GET /customers', () => {
  it('filters by email and externalId, newest first, with a cursor', async () => {
    const a = await t.client.post('/customers', acme.key, { email: 'filter@example.com', externalId: 'f-1' });
    const b = await t.client.post('/customers', acme.key, { email: 'filter@example.com', externalId: 'f-2' });
    const byEmail = await t.client.get('/customers?email=filter@example.com', acme.key);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.customers.map((c: { id: string }) => c.id)).toEqual([b.body.id, a.body.id]);
    const byExternal = await t.client.get('/customers?externalId=f-1', acme.key);
    expect(byExternal.body.customers.map((c: { id: string }) => c.id)).toEqual([a.body.id]);

    const page1 = await t.client.get('/customers?email=filter@example.com&limit=1', acme.key);
    expect(page1.body.customers).toHaveLength(1);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await t.client.get(`/customers?email=filter@example.com&limit=1&cursor=${page1.body.nextCursor}`, acme.key);
    expect(page2.body.customers[0].id).toBe(a.body.id);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('never lists another environment', async () => {
    await t.client.post('/customers', acme.liveKey, { email: 'live-only@example.com' });
    const res = await t.client.get('/customers?email=live-only@example.com', acme.key);
    expect(res.body.customers).toEqual([]);
  });
});

describe('GET and PATCH /customers/{customerID}', () => {
  it('reads and updates a customer; null clears, omitted fields stay', async () => {
    const created = await t.client.post('/customers', acme.key, { name: 'Bruno', email: 'bruno@example.com', externalId: 'p-1' });
    const id = created.body.id;
    expect((await t.client.get(`/customers/${id}`, acme.key)).body).toEqual(created.body);

    const patched = await t.client.patch(`/customers/${id}`, acme.key, { email: null, document: '12.ABC.345/01DE-35', metadata: { a: 1 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Bruno', email: null, document: '12ABC34501DE35', documentType: 'cnpj', externalId: 'p-1', metadata: { a: 1 } });

    const cleared = await t.client.patch(`/customers/${id}`, acme.key, { document: null });
    expect(cleared.body).toMatchObject({ document: null, documentType: null });

    const bad = await t.client.patch(`/customers/${id}`, acme.key, { document: '12.ABC.345/01DE-34' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ field: 'document', constraint: 'cnpj' });
  });

  it('answers 409 when a patch takes another customer\'s externalId', async () => {
    await t.client.post('/customers', acme.key, { externalId: 'taken-1' });
    const other = await t.client.post('/customers', acme.key, { externalId: 'free-1' });
    const res = await t.client.patch(`/customers/${other.body.id}`, acme.key, { externalId: 'taken-1' });
    expect(res.status).toBe(409);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const unknown = await t.client.get('/customers/0190a0a0-0000-7000-8000-000000000000', acme.key);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: 'not_found', resource: 'customer' });
    expect((await t.client.get('/customers/not-a-uuid', acme.key)).status).toBe(404);
  });
});
