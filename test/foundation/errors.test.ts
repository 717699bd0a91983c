// Every error shape of the interface (section 2 "Error bodies", section 7), including Fastify's own
// failures mapped into them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  acme = await seedAccount(t.client);
});
afterAll(() => t.close());

const flatKeys = ['error_code', 'message', 'tracer_id'];

describe('error bodies', () => {
  it('unknown route: 404 standard body plus resource', async () => {
    const res = await t.client.get('/no/such/route', acme.key);
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual([...flatKeys, 'resource'].sort());
    expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'route' });
  });

  it('unknown id and malformed id: 404 not-found body naming the resource', async () => {
    for (const id of ['01a20108-2ca4-7c9e-88fb-fce8088f7977', 'not-a-uuid']) {
      const res = await t.client.get(`/account/events/${id}`, acme.key);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'event' });
      expect(typeof res.body.tracer_id).toBe('string');
    }
  });

  it('schema failure: 422 validation body with field, value, constraint, description as strings', async () => {
    const res = await t.client.post('/account/keys', acme.key, { name: 7, scopes: ['nope'], extra: true });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body).sort()).toEqual([...flatKeys, 'errors'].sort());
    expect(res.body.error_code).toBe('validation_failed');
    const byField = Object.fromEntries(res.body.errors.map((e: Record<string, string>) => [e.field, e]));
    expect(byField.name).toMatchObject({ value: '7', constraint: 'type' });
    expect(byField.extra).toMatchObject({ value: 'true', constraint: 'unknown_field' });
    expect(byField['scopes[0]']).toMatchObject({ value: 'nope' });
    for (const entry of res.body.errors) {
      for (const k of ['field', 'value', 'constraint', 'description']) expect(typeof entry[k]).toBe('string');
    }
  });

  it('missing required field names it with constraint required', async () => {
    const res = await t.client.post('/account/keys', acme.key, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'scopes', constraint: 'required', value: '' }));
  });

  it('bad query parameter: 422 naming the parameter', async () => {
    const res = await t.client.get('/account/keys?limit=1000', acme.key);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'limit', constraint: 'maximum' });
  });

  it('a NUL character (which PostgreSQL text cannot hold) is a 422 naming the field, never a 500', async () => {
    const inBody = await t.client.post('/account/keys', acme.key, { name: 'a\u0000b', scopes: ['billing:read'] });
    expect(inBody.status).toBe(422);
    expect(inBody.body.errors).toEqual([expect.objectContaining({ field: 'name', constraint: 'no_nul_character' })]);
    const nested = await t.client.post('/account/keys', acme.key, { name: 'n', scopes: ['billing:read'], metadata: { deep: ['x', 'y\u0000'] } });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual([expect.objectContaining({ field: 'metadata.deep[1]', constraint: 'no_nul_character' })]);
    // A backslash followed by "u0000" is six ordinary characters (sent as `\\u0000`), not a NUL.
    const lookalike = await t.client.post('/account/keys', acme.key, { name: 'a\\u0000b', scopes: ['billing:read'] });
    expect(lookalike.status).toBe(201);
    expect(lookalike.body.name).toBe('a\\u0000b');
    const inQuery = await t.client.get('/customers?email=a%00b', acme.key);
    expect(inQuery.status).toBe(422);
    expect(inQuery.body.errors).toEqual([expect.objectContaining({ field: 'email', constraint: 'no_nul_character' })]);
  });

  it('malformed JSON: 400 bad_request, flat', async () => {
    const res = await t.client.request('POST', '/account/keys', {
      key: acme.key,
      headers: { 'content-type': 'application/json' },
      body: '{"scopes": [',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(flatKeys);
    expect(res.body.error_code).toBe('bad_request');
  });

  it('a JSON body naming __proto__ or constructor.prototype: 400 bad_request', async () => {
    for (const body of ['{"name":"p","scopes":["billing:read"],"__proto__":{"admin":true}}', '{"name":"p","scopes":["billing:read"],"constructor":{"prototype":{"admin":true}}}']) {
      const res = await t.client.request('POST', '/account/keys', { key: acme.key, headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('bad_request');
    }
  });

  it('an empty JSON body: 400 bad_request', async () => {
    const res = await t.client.request('POST', '/account/keys', { key: acme.key, headers: { 'content-type': 'application/json' }, body: '' });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('bad_request');
  });

  it('wrong content type: 400 bad_request', async () => {
    const res = await t.client.request('POST', '/account/keys', { key: acme.key, headers: { 'content-type': 'text/csv' }, body: 'a,b' });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('bad_request');
  });

  it('body over the limit: 413 payload_too_large', async () => {
    const res = await t.client.post('/account/keys', acme.key, { name: 'x'.repeat(5000), scopes: ['billing:read'] });
    expect(res.status).toBe(413);
    expect(res.body.error_code).toBe('payload_too_large');
  });

  it('write without Idempotency-Key: 400 nested body', async () => {
    const res = await t.client.post('/account/keys', acme.key, { scopes: ['billing:read'] }, { idempotencyKey: null });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message', 'request_id']);
    expect(res.body.error.code).toBe('idempotency_key_missing');
    expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
  });

  it('an Idempotency-Key over 255 characters is refused, nested', async () => {
    const res = await t.client.post('/account/keys', acme.key, { scopes: ['billing:read'] }, { idempotencyKey: 'k'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('idempotency_key_invalid');
  });

  it('every response carries X-Request-Id equal to the tracer_id', async () => {
    const res = await t.client.get('/account/tenant', null);
    expect(res.headers['x-request-id']).toBe(res.body.tracer_id);
  });
});
