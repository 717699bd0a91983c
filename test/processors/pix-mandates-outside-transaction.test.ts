// Pix Automático mandates hold no transaction while the PSP answers (issue #30,
// modules/payments/mandates/in-flight.ts): the mandate is reserved (a pending row, invisible to
// reads) and committed, POST /rec (PATCH /rec to cancel) is sent with nothing open, and the PSP's
// answer is recorded in a second transaction. POST /rec is not idempotent at the PSP (it assigns the
// idRec), so an answer that was lost (a 5xx, a request that died before its record) leaves the
// reservation in flight, and whoever sends it again (a retry past the takeover time, the repair
// poller) first finds the recurrence by its contract id: one recurrence, one mandate, never two.
// The PSP is the validating mock serving the standard's official document over mTLS, with the
// stateful fake; its `hold` parks an answer after the PSP made the object.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { repairPendingCharges } from '../../src/flows/payment-confirmation/index.ts';
import { reservedRequestAnswers } from '../../src/http/idempotency-staged.ts';
import { startPixTestPsp, type PixTestPsp } from '../../src/modules/payments/processors/pix-api/test-harness.ts';
import type { MockRequest } from '../processor-mocks/validating-mock.ts';

const clock = new ManualClock('2026-12-01T12:00:00.000Z');
const RECEIVER = { receiverAccount: '123456', receiverAccountType: 'CORRENTE', receiverBranch: '0001' };
const TEN_MINUTES = 10 * 60_000;
let psp: PixTestPsp;
let t: TestContext;
let acme: SeededAccount;
let customerId: string;
let parked: Array<() => void> = [];

beforeAll(async () => {
  psp = await startPixTestPsp();
  t = await startTestApp({ clock, env: { SECRETS_KEY: Buffer.alloc(32, 13).toString('base64') } });
  acme = await seedAccount(t.client, 'Acme mandates in flight');
  const put = await t.client.put('/account/providers/pix_api', acme.liveKey, { methods: ['pix'], credentials: { ...psp.connection().credentials, ...RECEIVER } });
  expect(put.status, put.raw).toBe(200);
  customerId = (await t.client.post('/customers', acme.liveKey, { name: 'Maria Silva', email: 'maria@example.com', document: '529.982.247-25' })).body.id;
}, 300_000); // certificates, the PSP and the app: slow on a loaded machine
beforeEach(() => {
  psp.psp.hold = null;
  parked = [];
});
afterAll(async () => {
  for (const release of parked) release();
  await t.close();
  await psp.close();
  expect(psp.mock.violations).toEqual([]);
});

/** Parks the PSP's answers to `method path` (the object made, the answer held) until released. */
function holdAnswers(method: string, path: RegExp): void {
  psp.psp.hold = async (request: MockRequest) => {
    if (request.method === method && path.test(request.path)) await new Promise<void>((resolve) => parked.push(resolve));
  };
}
function releaseAnswers(): void {
  psp.psp.hold = null;
  for (const release of parked.splice(0)) release();
}
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
const requestsTo = (method: string, path: RegExp) => psp.mock.requests.filter((r) => r.method === method && path.test(r.path.replace(/^\/api/, ''))).length;
const create = (idempotencyKey: string, body: Record<string, unknown> = {}) => t.client.post('/billing/pix-mandates', acme.liveKey, { customerId, frequency: 'monthly', amount: '35.00', ...body }, { idempotencyKey });
const mandatesOfCustomer = async () => (await t.client.get(`/billing/pix-mandates?customerId=${customerId}&limit=100`, acme.liveKey)).body.mandates as any[];
const rowsOfCustomer = () => t.database.db.selectFrom('pix_mandates').select(['id', 'provider_id', 'creation_in_flight']).where('customer_id', '=', customerId).execute();
const later = () => ({ now: () => new Date(clock.now().getTime() + TEN_MINUTES) });
const repair = (at = later()) => repairPendingCharges(t.database.db, at, t.config.baseUrl, undefined, reservedRequestAnswers);

describe('Pix Automático mandates, the PSP called outside the transaction', () => {
  it('while the PSP holds POST /rec the reservation is committed and other requests go on; the answer is the mandate, replayed as is', async () => {
    const rowsBefore = (await rowsOfCustomer()).length;
    const listedBefore = (await mandatesOfCustomer()).length;
    const recsBefore = psp.psp.recurrences.size;
    holdAnswers('POST', /^\/rec$/);
    const answer = create('mandate-held', { payerAccount: { ispb: '87654321', branch: '0001', account: '987654' } });
    await until(() => parked.length === 1);
    // Committed before the PSP answered: the reservation is a row in flight, which reads do not show...
    const rows = await rowsOfCustomer();
    expect(rows).toHaveLength(rowsBefore + 1);
    expect(rows.at(-1)).toMatchObject({ provider_id: expect.stringMatching(/^creating:/), creation_in_flight: expect.objectContaining({ requestKey: 'mandate-held' }) });
    expect(await mandatesOfCustomer()).toHaveLength(listedBefore);
    // ...and the customer's row is written meanwhile.
    const renamed = await t.client.patch(`/customers/${customerId}`, acme.liveKey, { name: 'Maria Silva Souza' });
    expect(renamed.status, renamed.raw).toBe(200);
    releaseAnswers();
    const res = await answer;
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', provider: 'pix_api', journey: 'request', providerId: expect.stringMatching(/^RR/), authorizationRequestId: expect.stringMatching(/^SC/) });
    expect(psp.psp.recurrences.size - recsBefore).toBe(1);
    expect((await mandatesOfCustomer())[0]).toMatchObject({ id: res.body.id, providerId: res.body.providerId });
    const replay = await create('mandate-held', { payerAccount: { ispb: '87654321', branch: '0001', account: '987654' } });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect(psp.psp.recurrences.size - recsBefore).toBe(1);
  });

  it('a request that dies between POST /rec and its record: the repair poller finds the recurrence by its contract and records it; one recurrence, one mandate', async () => {
    const recsBefore = psp.psp.recurrences.size;
    const postsBefore = requestsTo('POST', /^\/rec$/);
    const listedBefore = (await mandatesOfCustomer()).length;
    holdAnswers('POST', /^\/rec$/);
    const dead = create('mandate-dead');
    await until(() => parked.length === 1);
    psp.psp.hold = null;
    // Before the takeover time the poller leaves it to its request.
    await repair({ now: () => clock.now() });
    expect(await mandatesOfCustomer()).toHaveLength(listedBefore);
    // Ten minutes on: the PSP is asked first (GET /rec by the payer, GET /rec/{idRec}); nothing is posted again.
    await repair();
    expect(requestsTo('POST', /^\/rec$/) - postsBefore).toBe(1);
    expect(psp.psp.recurrences.size - recsBefore).toBe(1);
    const listed = await mandatesOfCustomer();
    expect(listed).toHaveLength(listedBefore + 1);
    const recorded = listed[0];
    expect(psp.psp.recurrences.has(recorded.providerId)).toBe(true);
    expect(recorded).toMatchObject({ status: 'pending', journey: 'qr', qrPayload: `00020101rec${recorded.providerId}` });
    // The dead request's answer arrives after all: the mandate is recorded already, answered as it is.
    releaseAnswers();
    const res = await dead;
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ id: recorded.id, providerId: recorded.providerId });
    // A retry of the request replays the answer the poller stored.
    const replay = await create('mandate-dead');
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ id: recorded.id, providerId: recorded.providerId });
    expect(await mandatesOfCustomer()).toHaveLength(listedBefore + 1);
    const events = (await t.client.get('/account/events?type=pix_mandate.created&limit=100', acme.liveKey)).body.events as Array<{ data: { id: string } }>;
    expect(events.filter((e) => e.data.id === recorded.id)).toHaveLength(1);
  });

  it('an answer lost to a 5xx keeps the reservation: a retry answers in use until the takeover time, then finds the one recurrence', async () => {
    const recsBefore = psp.psp.recurrences.size;
    const listedBefore = (await mandatesOfCustomer()).length;
    // The PSP makes the recurrence, then answers 503: the service cannot know it was made.
    psp.psp.hold = async (request) => {
      if (request.method === 'POST' && request.path === '/rec') return { status: 503, body: { type: 'https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel', title: 'Serviço Indisponível', status: 503 } };
    };
    const lost = await create('mandate-lost');
    expect(lost.status).toBeGreaterThanOrEqual(500);
    psp.psp.hold = null;
    expect(psp.psp.recurrences.size - recsBefore).toBe(1);
    expect(await mandatesOfCustomer()).toHaveLength(listedBefore);
    const early = await create('mandate-lost');
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('idempotency_key_in_use');
    clock.set(new Date(clock.now().getTime() + TEN_MINUTES));
    const taken = await create('mandate-lost');
    expect(taken.status, taken.raw).toBe(201);
    expect(psp.psp.recurrences.size - recsBefore).toBe(1);
    expect(psp.psp.recurrences.has(taken.body.providerId)).toBe(true);
    expect(await mandatesOfCustomer()).toHaveLength(listedBefore + 1);
  });

  it('cancel: PATCH /rec is sent with no transaction open; one that dies before its record is completed by the poller from GET /rec/{idRec}, not patched again', async () => {
    const created = await create('mandate-to-cancel');
    expect(created.status, created.raw).toBe(201);
    const patchPath = new RegExp(`^/rec/${created.body.providerId}$`);
    holdAnswers('PATCH', patchPath);
    const dead = t.client.post(`/billing/pix-mandates/${created.body.id}/cancel`, acme.liveKey, undefined, { idempotencyKey: 'cancel-dead' });
    await until(() => parked.length === 1);
    psp.psp.hold = null;
    // Committed and readable while the PSP holds the call: still pending until its record.
    expect((await t.client.get(`/billing/pix-mandates/${created.body.id}`, acme.liveKey)).body.status).toBe('pending');
    await repair();
    expect(requestsTo('PATCH', patchPath)).toBe(1);
    expect(await t.client.get(`/billing/pix-mandates/${created.body.id}`, acme.liveKey)).toMatchObject({ body: { status: 'canceled', failureCode: 'mandate_revoked' } });
    releaseAnswers();
    const res = await dead;
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, status: 'canceled' });
    const replay = await t.client.post(`/billing/pix-mandates/${created.body.id}/cancel`, acme.liveKey, undefined, { idempotencyKey: 'cancel-dead' });
    expect(replay.body).toMatchObject({ id: created.body.id, status: 'canceled' });
    const updates = (await t.client.get('/account/events?type=pix_mandate.updated&limit=100', acme.liveKey)).body.events as Array<{ data: { id: string; status: string } }>;
    expect(updates.filter((e) => e.data.id === created.body.id).map((e) => e.data.status)).toEqual(['canceled']);
  });
});
