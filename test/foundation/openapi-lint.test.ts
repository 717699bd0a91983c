// The served OpenAPI document is one standard tools accept: Redocly's recommended rules find no
// error in it, and every operation has a unique operationId (the SDK and CLI are named from them).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let document: { paths: Record<string, Record<string, { operationId?: string }>>; info: { license?: { name: string } } };

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.client.get('/openapi.json', null);
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('passes the recommended lint rules with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const missingIds = problems.filter((p) => p.ruleId === 'operation-operationId').map((p) => p.location[0]?.pointer);
    expect(missingIds).toEqual([]);
  });

  it('names every operation with a unique operationId, and states its license', () => {
    const seen = new Map<string, string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(seen.get(operation.operationId!), `${where} repeats the operationId of`).toBeUndefined();
        seen.set(operation.operationId!, where);
      }
    }
    expect(seen.size).toBeGreaterThan(90);
    expect(document.info.license?.name).toBe('Apache-2.0');
  });

  it('names the signed-object wildcard as a path parameter', () => {
    expect(Object.keys(document.paths)).toContain('/storage/objects/{objectKey}');
    expect(Object.keys(document.paths).some((p) => p.includes('{*}'))).toBe(false);
  });
});
