// The battery against 5xx: every operation of the served /openapi.json, driven through the real
// app with valid requests (real ids of seeded resources, bodies generated from the request
// schemas) and broken ones (one node of a valid body replaced by a hostile value, a key removed or
// added, hostile bodies, path and query values). Every answer must be below 500, documented for
// its status, and valid against that status's response schema. FUZZ_RUNS sets the number of
// requests (default 3,000; `npm run fuzz` runs 100,000), FUZZ_SEED replays a run, FUZZ_ONLY keeps
// the operations whose "METHOD /path" contains it (to hammer one route a finding names).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { encodeComponent, HOSTILE_BODIES, HOSTILE_STRINGS, HOSTILE_URL_PARTS, mutated, resolver, valid, type Pools, type Schema } from './arbitraries.ts';
import { operationsOf, responseValidator, type Operation } from './openapi-document.ts';
import { createResources, FUZZ_SECRETS_KEY, type Resources } from './resources.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ONLY = process.env.FUZZ_ONLY;

let t: TestContext;
let acme: SeededAccount;
let resources: Resources;
let doc: Schema;
/** What the service logged for each 5xx, by request id: a finding then names its cause. */
const serverErrors = new Map<string, string>();
const errorLog = {
  write(line: string) {
    const entry = JSON.parse(line) as { reqId?: string; err?: { stack?: string; message?: string } };
    if (entry.reqId && entry.err) serverErrors.set(entry.reqId, (entry.err.stack ?? entry.err.message ?? '').slice(0, 1200));
  },
};

beforeAll(async () => {
  t = await startTestApp({ env: { SECRETS_KEY: FUZZ_SECRETS_KEY }, logger: { level: 'error', stream: errorLog } });
  acme = await seedAccount(t.client, 'Fuzz account');
  resources = await createResources(t.client, t.app.deps.db, acme.key);
  doc = (await t.client.get('/openapi.json', null)).body;
});
afterAll(() => t.close());

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface Finding {
  kind: string;
  count: number;
  example: { request: string; answer: string; detail: string };
}

describe('OpenAPI fuzz', () => {
  it('the response check itself refuses an answer outside the documented schema', () => {
    const validatorOf = responseValidator(doc);
    const op = operationsOf(doc).find((o) => o.method === 'GET' && o.path === '/customers/{customerID}')!;
    const notFound = validatorOf(op, 404);
    expect(typeof notFound).toBe('function');
    const check = notFound as Exclude<typeof notFound, null | 'no_body'>;
    expect(check({ message: 'm', error_code: 'not_found', tracer_id: 't', resource: 'customer' })).toBe(true);
    expect(check({ error: 'Not Found', message: 'm', statusCode: 404 })).toBe(false);
    expect(validatorOf(op, 418)).toBeNull();
  });

  it(`${RUNS} generated requests answer below 500, each in the schema documented for its status`, { timeout: 3_600_000 }, async () => {
    const operations = operationsOf(doc).filter((op) => ONLY === undefined || `${op.method} ${op.path}`.includes(ONLY));
    const validatorOf = responseValidator(doc);
    const pools: Pools = { ids: Object.values(resources.ids), words: resources.words };
    const perOperation = Math.max(1, Math.ceil(RUNS / operations.length));
    const findings = new Map<string, Finding>();
    const statuses: Record<string, number> = {};
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      for (const request of fc.sample(requestOf(op, pools), { numRuns: perOperation, seed: SEED + index })) {
        const res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload !== undefined && { payload: request.payload }) });
        sent += 1;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        // A `..` path part is resolved away before routing, as every HTTP client does: the answer
        // then belongs to another route (an HTML page, say), so only its status is checked.
        const reroutes = /\/\.\.?(\/|\?|$)/.test(request.url);
        const problem = reroutes
          ? res.statusCode >= 500
            ? { kind: 'server_error', detail: '' }
            : null
          : checkAnswer(op, res.statusCode, res.headers['content-type'], res.body, validatorOf);
        if (problem) {
          const key = `${op.method} ${op.path} -> ${res.statusCode} ${problem.kind}`;
          const cause = serverErrors.get(String(res.headers['x-request-id'])) ?? '';
          const finding = findings.get(key) ?? { kind: problem.kind, count: 0, example: { request: describeRequest(request), answer: res.body.slice(0, 400), detail: problem.detail || cause } };
          finding.count += 1;
          findings.set(key, finding);
        }
      }
    }
    console.log(`fuzz: seed ${SEED}, ${sent} requests over ${operations.length} operations, statuses ${JSON.stringify(statuses)}, ${findings.size} findings`);
    for (const [key, finding] of findings) console.log(`FINDING ${key} (x${finding.count})\n  request: ${finding.example.request}\n  answer: ${finding.example.answer}\n  detail: ${finding.example.detail}`);
    // The details go in the assertion too: a CI log keeps the failure's diff when stdout is cut.
    expect([...findings].map(([key, f]) => `${key} (x${f.count}; seed ${SEED}) ${f.example.request} => ${f.example.answer.slice(0, 200)} ${f.example.detail.slice(0, 600)}`)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  });
});

function checkAnswer(
  op: Operation,
  status: number,
  contentType: string | string[] | number | undefined,
  body: string,
  validatorOf: ReturnType<typeof responseValidator>,
): { kind: string; detail: string } | null {
  if (status >= 500) return { kind: 'server_error', detail: '' };
  const validate = validatorOf(op, status);
  if (validate === null) return { kind: 'undocumented_status', detail: `documented: ${Object.keys(op.responses).join(', ')}` };
  if (validate === 'no_body') return null;
  const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  if (!String(contentType ?? '').includes('application/json')) {
    return schema?.format === 'binary' ? null : { kind: 'not_json', detail: String(contentType) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'not_json', detail: 'unparsable body' };
  }
  return validate(parsed) ? null : { kind: 'response_mismatch', detail: JSON.stringify(validate.errors?.slice(0, 3)) };
}

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : ` ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)}${payload}`;
}

/** One request to an operation: mostly valid, else broken in its body, path, query or headers. */
function requestOf(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const resolve = resolver(doc);
  const pathValue = (name: string): fc.Arbitrary<string> => {
    const own = resources.ids[name];
    if (name === '*') return fc.oneof(fc.constantFrom('a/b.png', 'deliverables/x.pdf', '..%2F..%2Fetc%2Fpasswd'), fc.constantFrom(...HOSTILE_URL_PARTS));
    return fc.oneof(
      { weight: own ? 8 : 0, arbitrary: fc.constant(own ?? randomUUID()) },
      { weight: 1, arbitrary: fc.constantFrom(...pools.ids) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URL_PARTS) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encodeComponent) },
    );
  };
  const queryValue = (schema: Schema): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 6, arbitrary: valid(schema, resolve, pools).map((v) => encodeComponent(typeof v === 'string' ? v : JSON.stringify(v))) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encodeComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URL_PARTS) },
    );
  const query = fc.tuple(
    ...op.query.map((param) =>
      (param.required ? fc.oneof({ weight: 9, arbitrary: queryValue(param.schema) }, { weight: 1, arbitrary: fc.constant(undefined) }) : fc.option(queryValue(param.schema), { nil: undefined, freq: 2 })).map((value) =>
        value === undefined ? '' : `${param.name}=${value}`,
      ),
    ),
  );
  const path = fc.tuple(...op.pathParams.map(pathValue));
  const isWrite = op.method !== 'GET' && op.method !== 'HEAD';
  const body: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: valid(op.body, resolve, pools).map((v) => JSON.stringify(v)) },
        { weight: 3, arbitrary: mutated(valid(op.body, resolve, pools)).map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES) },
      )
    : isWrite
      ? fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('{}', ...HOSTILE_BODIES) })
      : fc.constant(undefined);
  const key = op.auth === 'admin' ? ADMIN_TOKEN : op.auth === 'none' ? null : acme.key;
  const credentials = fc.oneof({ weight: 19, arbitrary: fc.constant(key) }, { weight: 1, arbitrary: fc.constantFrom(null, 'sk_test_x', `sk_live_${'a'.repeat(43)}`, '\u00e9') });
  const idempotencyKey = fc.oneof({ weight: 19, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constantFrom(null, '', 'k'.repeat(300), '\u00e9\u00e9') });
  const contentType = fc.oneof({ weight: 19, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'application/json; charset=utf-8') });
  return fc.tuple(path, query, body, credentials, idempotencyKey, contentType).map(([pathValues, queryParts, payload, credential, idempotency, type]) => {
    let url = op.path;
    op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, pathValues[i]!)));
    const search = queryParts.filter(Boolean).join('&');
    const headers: Record<string, string> = {};
    if (credential) headers.authorization = `Bearer ${credential}`;
    if (isWrite && idempotency !== null) headers['idempotency-key'] = idempotency;
    if (payload !== undefined) headers['content-type'] = type;
    return { method: op.method, url: search ? `${url}?${search}` : url, headers, ...(payload !== undefined && { payload }) };
  });
}
