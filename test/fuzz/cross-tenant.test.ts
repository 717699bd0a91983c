// The cross-tenant sweep, generated from the served /openapi.json: every operation with an id in
// its path, called with another account's ids and with the other environment's ids of the same
// account, answers exactly as for an id that never existed (404 with `resource`). A new route
// joins the sweep by being in the document; a new kind of path id fails it until resources.ts
// creates one.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { resolver, valid, type Schema } from './arbitraries.ts';
import { operationsOf, type Operation } from './openapi-document.ts';
import { createResources, FUZZ_SECRETS_KEY, type Resources } from './resources.ts';

let t: TestContext;
let acme: SeededAccount;
let other: SeededAccount;
let own: Resources;
let otherAccount: Resources;
let ownProduction: Resources;
let operations: Operation[];
let doc: Schema;

beforeAll(async () => {
  t = await startTestApp({ env: { SECRETS_KEY: FUZZ_SECRETS_KEY } });
  acme = await seedAccount(t.client, 'Acme');
  other = await seedAccount(t.client, 'Other');
  own = await createResources(t.client, t.app.deps.db, acme.key, 'processor_b');
  otherAccount = await createResources(t.client, t.app.deps.db, other.key, 'processor_a');
  ownProduction = await createResources(t.client, t.app.deps.db, acme.liveKey, 'processor_a');
  doc = (await t.client.get('/openapi.json', null)).body;
  operations = operationsOf(doc).filter(
    (op) =>
      op.pathParams.length > 0 &&
      !op.pathParams.includes('*') &&
      op.auth === 'secret' &&
      // An upsert by name: PUT makes the caller's own connection, it looks nothing up.
      !(op.method === 'PUT' && op.path === '/account/providers/{provider}'),
  );
});
afterAll(() => t.close());

/** Path parameters that are names, not ids: a name acme's sandbox has nothing under (a processor it never connected). */
const UNKNOWN: Record<string, string> = { provider: 'pix_api' };

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Sends `op` with these path ids and body under the sandbox key of acme. */
async function call(op: Operation, ids: (name: string) => string, body: unknown): Promise<Answer> {
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, ids(name));
  const res = await t.client.request(op.method, url, { key: acme.key, ...(body !== undefined && { body }) });
  return { status: res.status, body: res.body };
}

/** Bodies that follow the request schema, with acme's own sandbox ids where a uuid goes. */
function bodiesOf(op: Operation): unknown[] {
  if (!op.body) return [undefined];
  return fc.sample(valid(op.body, resolver(doc), { ids: Object.values(own.ids), words: own.words }), { numRuns: 30, seed: 14 });
}

/** The answer's shape; a name from the path repeated in the message (`No pix_api connection`) reads as its parameter. */
const shape = (answer: Answer, names: string[] = []) => ({
  status: answer.status,
  error_code: answer.body?.error_code,
  resource: answer.body?.resource,
  message: names.reduce((message, name) => (typeof message === 'string' ? message.split(name).join('{name}') : message), answer.body?.message),
});

describe('cross-tenant sweep', () => {
  it('every kind of path id has a seeded resource', () => {
    const kinds = new Set(operations.flatMap((op) => op.pathParams));
    expect([...kinds].filter((name) => !(name in own.ids))).toEqual([]);
    expect(operations.length).toBeGreaterThan(20);
  });

  it('control: with its own ids the same requests mostly find their resources (the sweep is not 404 for every reason)', async () => {
    const found = [];
    for (const op of operations) {
      for (const body of bodiesOf(op).slice(0, 5)) {
        const answer = await call(op, (name) => own.ids[name]!, body);
        if (answer.status !== 404) {
          found.push(op.path);
          break;
        }
      }
    }
    expect(found.length).toBeGreaterThan(operations.length * 0.75);
  });

  it.each([
    ['another account (sandbox)', () => otherAccount],
    ['the same account in the other environment', () => ownProduction],
  ])('ids of %s answer as unknown ids on every route', async (_who, foreign) => {
    const mismatches: string[] = [];
    for (const op of operations) {
      let compared = 0;
      for (const body of bodiesOf(op)) {
        const missing = await call(op, (name) => UNKNOWN[name] ?? randomUUID(), body);
        // A body refused before any lookup (schema or business rule) says nothing about tenancy.
        if (missing.status === 422) continue;
        const answer = await call(op, (name) => foreign().ids[name]!, body);
        compared += 1;
        const names = op.pathParams.filter((name) => name in UNKNOWN);
        const [theirs, unknown] = [shape(answer, names.map((name) => foreign().ids[name]!)), shape(missing, names.map((name) => UNKNOWN[name]!))];
        if (answer.status !== 404 || typeof answer.body.resource !== 'string' || JSON.stringify(theirs) !== JSON.stringify(unknown)) {
          mismatches.push(`${op.method} ${op.path}: ${JSON.stringify(theirs)} where an unknown id gives ${JSON.stringify(unknown)}`);
        }
        if (compared >= 2) break;
      }
      if (compared === 0) mismatches.push(`${op.method} ${op.path}: no generated body reached the lookup`);
    }
    expect(mismatches).toEqual([]);
  });
});
