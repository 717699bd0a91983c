// Health, OpenAPI, docs and settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startTestApp, type TestContext } from '../harness.ts';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the process up and the database ready, without a key', async () => {
    expect((await t.client.get('/healthz', null)).body).toEqual({ status: 'ok' });
    expect((await t.client.get('/readyz', null)).body).toEqual({ status: 'ready' });
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document, version 0.0.1, with the bearer scheme', async () => {
    const res = await t.client.get('/openapi.json', null);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.0.1');
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every route with its responses, error bodies included', async () => {
    const doc = (await t.client.get('/openapi.json', null)).body;
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('account/tenant');
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>);
    expect(operations.length).toBeGreaterThan(5);
    for (const [path, methods] of operations) {
      for (const [method, op] of Object.entries(methods)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('500');
        const keyless = Array.isArray(op.security) && op.security.length === 0;
        const admin = path.startsWith('/admin');
        if (!keyless && !admin) expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403', '429']));
      }
    }
    expect(doc.paths['/account/tenant'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('collectionMode');
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.components.schemas).toHaveProperty('ValidationError');
  });

  it('serves a browsable reference at /docs without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('settings', () => {
  it('uses defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: null, dataDir: './data', redisUrl: null, adminToken: null, idempotencyRetentionHours: 24 });
    expect(config.baseUrl).toBe('http://localhost:4000');
  });

  it('bills plain subscriptions in batches unless SUBSCRIPTION_BATCHES=off, and refuses another value', () => {
    expect([loadConfig({}).subscriptionBatches, loadConfig({ SUBSCRIPTION_BATCHES: 'on' }).subscriptionBatches, loadConfig({ SUBSCRIPTION_BATCHES: 'off' }).subscriptionBatches]).toEqual([true, true, false]);
    expect(() => loadConfig({ SUBSCRIPTION_BATCHES: 'no' })).toThrow(/SUBSCRIPTION_BATCHES/);
  });

  it('names every invalid variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ADMIN_TOKEN');
    }
  });
});
