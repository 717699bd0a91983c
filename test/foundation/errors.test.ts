// Every error shape of the interface (section 2 "Error bodies", section 7), including Fastify's own
// failures mapped into them.
import { type AddressInfo, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openTestDatabase, seedAccount, startTestApp, testConfig, type SeededAccount, type TestContext } from '../harness.ts';

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

  it('wrong content type: 400 bad_request saying to send application/json', async () => {
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

describe('answers that never reach a route carry the interface shape with a tracer_id', () => {
  let server: TestContext;
  let port: number;
  beforeAll(async () => {
    server = await startTestApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it.each([
    ['a malformed header line', 'GET /healthz HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n', 400, 'bad_request'],
    ['Content-Length with chunked encoding', 'POST /customers HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'bad_request'],
    ['a 20 kB header', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'header_too_large'],
  ])('%s', async (_what, request, status, code) => {
    const [answer] = await exchange(port, request);
    expect(answer!.status).toBe(status);
    expect(Object.keys(answer!.body).sort()).toEqual(flatKeys);
    expect(answer!.body).toMatchObject({ error_code: code });
    expect(answer!.headers['x-request-id']).toBe(answer!.body.tracer_id);
  });

  it('a URL that does not percent-decode', async () => {
    const res = await server.client.get('/customers/%E0%A4%A', acme.key);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(flatKeys);
    expect(res.headers['x-request-id']).toBe(res.body.tracer_id);
  });

  it('text/plain answers "send application/json", and a charset other than UTF-8 is refused', async () => {
    const plain = await t.client.request('POST', '/account/keys', { key: acme.key, headers: { 'content-type': 'text/plain' }, body: '{"scopes":["billing:read"]}' });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ error_code: 'bad_request', message: expect.stringContaining('application/json') });
    const latin1 = await t.client.request('POST', '/account/keys', { key: acme.key, headers: { 'content-type': 'application/json; charset=ISO-8859-1' }, body: '{"scopes":["billing:read"]}' });
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toContain('UTF-8');
    const utf8 = await t.client.request('POST', '/account/keys', { key: acme.key, headers: { 'content-type': 'application/json; charset="UTF-8"' }, body: '{"scopes":["billing:read"]}' });
    expect(utf8.status).toBe(201);
  });
});

describe('the 503 of a draining server', () => {
  it('a request arriving while close() waits for one in flight answers 503 service_unavailable, shaped', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/test-slow', { config: { auth: 'none' } }, async () => {
      entered();
      await gate;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    // One connection: a request in flight, then close() begins, then a second request on it.
    const socket = connect(port, '127.0.0.1');
    const answers = readAnswers(socket, 2);
    socket.write('GET /test-slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await inFlight;
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [first, second] = await answers;
    await closed;
    await database.drop();
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(503);
    expect(Object.keys(second!.body).sort()).toEqual(flatKeys);
    expect(second!.body.error_code).toBe('service_unavailable');
    expect(second!.headers['x-request-id']).toBe(second!.body.tracer_id);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Writes raw bytes to the server and reads `count` answers (or until it closes the connection). */
function exchange(port: number, request: string): Promise<RawAnswer[]> {
  const socket = connect(port, '127.0.0.1', () => socket.write(request));
  return readAnswers(socket, 1);
}

function readAnswers(socket: Socket, count: number): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    let text = '';
    const answers = (): RawAnswer[] | null => {
      const out: RawAnswer[] = [];
      let rest = text;
      while (rest.length > 0) {
        const headEnd = rest.indexOf('\r\n\r\n');
        if (headEnd < 0) return null;
        const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length']);
        if (rest.length < headEnd + 4 + length) return null;
        out.push({ status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(rest.slice(headEnd + 4, headEnd + 4 + length)) });
        rest = rest.slice(headEnd + 4 + length);
      }
      return out;
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const done = answers();
      if (done && done.length >= count) {
        socket.destroy();
        resolve(done);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answers() ?? reject(new Error(`incomplete answer: ${text.slice(0, 200)}`)) ?? []));
  });
}
