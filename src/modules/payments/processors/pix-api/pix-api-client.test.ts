// The pix_api adapter's transport against the standard's official document (served over mTLS by the
// validating mock, every request checked): client certificates and CAs, OAuth2 tokens (cached,
// renewed, scopes), and how the PSP's failures map to provider errors. Charges, callbacks and
// refunds: pix-api.test.ts.
import { Agent, request as undiciRequest } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fakeLookup } from '../../../../../test/webhooks/fake-dns.ts';
import { egressGuardOf } from '../../../webhooks/index.ts';
import { ProcessorError } from '../types.ts';
import { createPixApiAdapter, resetPixClients } from './index.ts';
import { chargeRequest, PIX_KEY, startPixTestPsp, type PixTestPsp } from './test-harness.ts';

let t: PixTestPsp;
const adapter = createPixApiAdapter({ timeoutMs: 5_000 });

beforeAll(async () => {
  t = await startPixTestPsp();
});
afterAll(async () => {
  await resetPixClients();
  await t.close();
});
afterEach(() => {
  t.psp.override = null;
  t.psp.delayMs = 0;
  t.psp.refundStatus = 'EM_PROCESSAMENTO';
});

/** Every test ends with this: nothing the adapter sent broke the official document. */
function expectNoViolations(): void {
  expect(t.mock.violations).toEqual([]);
}

async function rejection(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

describe('outside development: the baseUrl judged at connection time (issue 30)', () => {
  // A name that passed the check when the connection was saved (public then) and points inside now.
  const guard = egressGuardOf({ allowPrivateTargets: false, lookup: fakeLookup({ 'psp.example.test': ['127.0.0.1'] }) })!;
  const port = () => new URL(t.mock.url).port;

  test('a host whose DNS now answers a loopback address is refused before connecting', async () => {
    const before = t.mock.requests.length;
    const error = await rejection(adapter.check({ ...t.connection({ baseUrl: `https://psp.example.test:${port()}/api` }), egress: guard }));
    expect(error.code).toBe('provider_rejected');
    expect(error.processorCode).toBe('address_refused');
    expect(error.message).toMatch(/loopback/);
    expect(t.mock.requests.length).toBe(before);
  });

  test('IP literals, also IPv6 forms carrying a loopback IPv4, are refused without a lookup', async () => {
    const before = t.mock.requests.length;
    for (const host of ['127.0.0.1', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '[64:ff9b::7f00:1]']) {
      const error = await rejection(adapter.check({ ...t.connection({ baseUrl: `https://${host}:${port()}/api` }), egress: guard }));
      expect([host, error.processorCode]).toEqual([host, 'address_refused']);
    }
    expect(t.mock.requests.length).toBe(before);
  });

  test('in development (no guard) the same PSP on loopback is reached', async () => {
    await adapter.check(t.connection());
    expectNoViolations();
  });
});

describe('mTLS and OAuth2', () => {
  test('a client without the certificate is refused by the PSP', async () => {
    const agent = new Agent({ connect: { ca: t.certs.ca } });
    await expect(undiciRequest(`${t.mock.url}/api/oauth/token`, { method: 'POST', dispatcher: agent }).then((r) => r.body.text())).rejects.toThrow();
    await agent.close();
    expectNoViolations();
  });

  test('a certificate from another CA is refused: the PSP closes the connection (TLS 1.3), provider_unavailable', async () => {
    const connection = t.connection({ certificate: t.certs.strangerCert, privateKey: t.certs.strangerKey });
    const error = await rejection(adapter.check(connection));
    expect(error.code).toBe('provider_unavailable');
    expect(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']).toContain(error.processorCode);
    expect(error.message).toMatch(/client certificate/);
    expectNoViolations();
  });

  test('without the PSP\'s CA the server certificate is not trusted: provider_rejected', async () => {
    const error = await rejection(adapter.check(t.connection({ caCertificate: undefined })));
    expect(error.code).toBe('provider_rejected');
    expectNoViolations();
  });

  test('check: a token by client credentials, then a harmless read of the Pix key\'s webhook', async () => {
    const before = t.mock.requests.length;
    await adapter.check(t.connection());
    const [tokenRequest, read] = t.mock.requests.slice(before);
    expect(tokenRequest!.path).toBe('/api/oauth/token');
    expect(tokenRequest!.headers.authorization).toBe(`Basic ${Buffer.from(`${t.psp.clientId}:${t.psp.clientSecret}`).toString('base64')}`);
    const form = tokenRequest!.body as Record<string, string>;
    expect(form.grant_type).toBe('client_credentials');
    expect(form.scope!.split(' ')).toEqual(expect.arrayContaining(['cob.write', 'cob.read', 'pix.read', 'pix.write', 'webhook.write']));
    expect(read!.method).toBe('GET');
    expect(read!.path).toBe(`/api/webhook/${encodeURIComponent(PIX_KEY)}`);
    expect(read!.headers.authorization).toMatch(/^Bearer token-/);
    expectNoViolations();
  });

  test('check fails with a wrong client secret: provider_rejected', async () => {
    const error = await rejection(adapter.check(t.connection({ clientSecret: 'wrong' })));
    expect(error.code).toBe('provider_rejected');
    expect(error.processorCode).toBe('invalid_client');
    expectNoViolations();
  });

  test('the token is cached per connection and renewed once when the PSP refuses it', async () => {
    const connection = t.connection();
    const issued = t.psp.tokensIssued;
    await adapter.check(connection);
    await adapter.check(connection);
    expect(t.psp.tokensIssued).toBe(issued + 1);
    let refused = false;
    t.psp.override = (request) => {
      if (refused || request.path === '/oauth/token') return null;
      refused = true;
      return { status: 401, body: { type: 'https://pix.bcb.gov.br/api/v2/error/NaoAutorizado', title: 'Token expirado', status: 401 } };
    };
    await adapter.check(connection);
    expect(t.psp.tokensIssued).toBe(issued + 2);
    expectNoViolations();
  });

  test('concurrent calls share one token request; new credentials for the connection start afresh', async () => {
    const connection = t.connection();
    const issued = t.psp.tokensIssued;
    await Promise.all([adapter.check(connection), adapter.check(connection), adapter.check(connection)]);
    expect(t.psp.tokensIssued).toBe(issued + 1);
    expect((await rejection(adapter.check({ ...connection, credentials: { ...connection.credentials, clientSecret: 'wrong' } }))).code).toBe('provider_rejected');
    await adapter.check(connection);
    expect(t.psp.tokensIssued).toBe(issued + 2);
    expectNoViolations();
  });

  test('a PSP without Pix Automático refusing its scopes: the token is asked again with the core scopes', async () => {
    const before = t.mock.requests.length;
    t.psp.override = (request) =>
      request.path === '/oauth/token' && String((request.body as { scope?: string }).scope).includes('rec.write') ? { status: 400, body: { error: 'invalid_scope' } } : null;
    await adapter.check(t.connection());
    const scopes = t.mock.requests.slice(before).filter((r) => r.path === '/api/oauth/token').map((r) => (r.body as { scope: string }).scope);
    expect(scopes).toHaveLength(2);
    expect(scopes[1]!.split(' ').sort()).toEqual(['cob.read', 'cob.write', 'cobv.read', 'cobv.write', 'pix.read', 'pix.write', 'webhook.read', 'webhook.write']);
    expectNoViolations();
  });

  test('5xx: provider_unavailable', async () => {
    t.psp.override = (request) => (request.path.startsWith('/webhook') ? { status: 503, body: { title: 'Serviço indisponível', status: 503 } } : null);
    const error = await rejection(adapter.check(t.connection()));
    expect(error.code).toBe('provider_unavailable');
    expectNoViolations();
  });

  test('a 403 on a call: provider_rejected', async () => {
    t.psp.override = (request) => (request.path.startsWith('/webhook') ? { status: 403, body: { type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado', title: 'Acesso Negado', status: 403 } } : null);
    const error = await rejection(adapter.check(t.connection()));
    expect(error.code).toBe('provider_rejected');
    expect(error.processorCode).toBe('AcessoNegado');
    expectNoViolations();
  });

  test('a slow PSP: provider_timeout', async () => {
    const quick = createPixApiAdapter({ timeoutMs: 200 });
    t.psp.delayMs = 600;
    const error = await rejection(quick.createCharge(t.connection(), chargeRequest()));
    expect(error.code).toBe('provider_timeout');
    expectNoViolations();
  });

  test('connection refused: provider_unavailable', async () => {
    const error = await rejection(adapter.check(t.connection({ baseUrl: 'https://127.0.0.1:1/api' })));
    expect(error.code).toBe('provider_unavailable');
    expectNoViolations();
  });
});

