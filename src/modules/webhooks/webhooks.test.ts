// Webhook endpoints and deliveries through the API, delivered to a real local receiver by the job
// handler (run here with a manual clock, so the retry schedule can be walked through). Signatures
// are checked with the independent `standardwebhooks` package.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { WebhookReceiver } from '../../../test/webhooks/receiver.ts';
import { ManualClock } from '../../core/clock.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { DISABLE_AFTER_MS, RETRY_SCHEDULE_MS, webhookJobHandler } from './deliver.ts';
import { EVENT_KINDS } from './event-kinds.ts';

const clock = new ManualClock('2026-06-01T10:00:00.000Z');
const quiet = { warn: () => undefined, error: () => undefined };
let t: TestContext;
let acme: SeededAccount;
let receiver: WebhookReceiver;
let receiverUrl: string;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  acme = await seedAccount(t.client, 'Acme');
  receiver = new WebhookReceiver();
  receiverUrl = await receiver.start();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = () => 200;
});

/** Runs the webhook jobs due now (what a service process's job runner does). */
const deliver = () => runDueJobs({ db: t.database.db, clock, log: quiet }, [webhookJobHandler({ db: t.database.db, clock, policy: { allowPrivateTargets: true } })]);

async function createEndpoint(key: string, body: Record<string, unknown> = {}) {
  const res = await t.client.post('/account/webhooks', key, { url: `${receiverUrl}/hooks`, events: ['*'], ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body as { id: string; secret: string; url: string; events: string[]; isActive: boolean };
}

async function deliveries(key: string, endpointId: string) {
  const res = await t.client.get(`/account/webhooks/${endpointId}/deliveries?limit=100`, key);
  expect(res.status, res.raw).toBe(200);
  return res.body.deliveries as any[];
}

describe('endpoints', () => {
  it('creates an endpoint with its secret shown once, and reads it back without the secret', async () => {
    const created = await createEndpoint(acme.key, { events: ['customer.created', 'invoice.paid'], description: 'orders' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ url: `${receiverUrl}/hooks`, events: ['customer.created', 'invoice.paid'], isActive: true, description: 'orders' });
    const read = await t.client.get(`/account/webhooks/${created.id}`, acme.key);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...created, secret: undefined, createdAt: read.body.createdAt, updatedAt: read.body.updatedAt });
    expect(read.raw).not.toContain(created.secret);
    const list = await t.client.get('/account/webhooks', acme.key);
    expect(list.body.webhooks.map((w: { id: string }) => w.id)).toContain(created.id);
    expect(list.raw).not.toContain('whsec_');
    await t.client.delete(`/account/webhooks/${created.id}`, acme.key);
  });

  it('refuses an unknown event kind, listing the known ones', async () => {
    const res = await t.client.post('/account/webhooks', acme.key, { url: `${receiverUrl}/x`, events: ['customer.created', 'customer.exploded'] });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'events[1]', value: 'customer.exploded', constraint: 'enum' });
    for (const kind of EVENT_KINDS) expect(res.body.errors[0].description).toContain(kind);
  });

  it('changes, turns off and deletes an endpoint; another environment or account sees nothing', async () => {
    const created = await createEndpoint(acme.key);
    const patched = await t.client.patch(`/account/webhooks/${created.id}`, acme.key, { events: ['invoice.paid'], isActive: false, description: null });
    expect(patched.body).toMatchObject({ events: ['invoice.paid'], isActive: false, description: null });
    expect((await t.client.get(`/account/webhooks/${created.id}`, acme.liveKey)).status).toBe(404);
    const other = await seedAccount(t.client, 'Other');
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/rotate-secret'],
      ['POST', '/test'],
      ['GET', '/deliveries'],
      ['DELETE', ''],
    ] as const) {
      const res = await t.client.request(method, `/account/webhooks/${created.id}${path}`, { key: other.key, body: method === 'PATCH' ? { isActive: true } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.resource).toBe('webhook_endpoint');
    }
    expect((await t.client.delete(`/account/webhooks/${created.id}`, acme.key)).status).toBe(200);
    expect((await t.client.get(`/account/webhooks/${created.id}`, acme.key)).status).toBe(404);
  });
});

describe('delivery', () => {
  it('POSTs each subscribed event, signed, with the resource as the API returns it', async () => {
    const endpoint = await createEndpoint(acme.key, { events: ['customer.created'] });
    const customerId = await createCustomer(t, acme.key, { name: 'Bia', email: 'bia@example.com' });
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const [hook] = receiver.ofType('customer.created').filter((r) => r.json.data.id === customerId);
    expect(hook).toBeDefined();
    // Verified by the independent Standard Webhooks implementation.
    expect(new Webhook(endpoint.secret).verify(hook!.body, hook!.headers as Record<string, string>)).toEqual(hook!.json);
    expect(hook!.headers['webhook-id']).toBe(hook!.json.id);
    expect(hook!.headers['content-type']).toBe('application/json');
    const customer = (await t.client.get(`/customers/${customerId}`, acme.key)).body;
    expect(hook!.json).toEqual({ id: hook!.json.id, type: 'customer.created', createdAt: clock.now().toISOString(), data: customer });
    const event = (await t.client.get(`/account/events/${hook!.json.id}`, acme.key)).body;
    expect(event.type).toBe('customer.created');
    const [delivery] = await deliveries(acme.key, endpoint.id);
    expect(delivery).toMatchObject({ eventId: hook!.json.id, eventType: 'customer.created', status: 'delivered', attemptCount: 1, nextAttemptAt: null });
    expect(delivery.attempts).toEqual([{ attempt: 1, status: 200, error: null, durationMs: expect.any(Number), responseBody: 'ok', attemptedAt: clock.now().toISOString() }]);
    await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
  });

  it('sends an endpoint only the kinds it subscribed to, recorded after its creation, in its own environment', async () => {
    const before = await createCustomer(t, acme.key, { name: 'Early' });
    const invoicesOnly = await createEndpoint(acme.key, { events: ['invoice.paid'] });
    const all = await createEndpoint(acme.key);
    const live = await createEndpoint(acme.liveKey);
    const after = await createCustomer(t, acme.key, { name: 'Late' });
    await deliver();
    expect(await deliveries(acme.key, invoicesOnly.id)).toEqual([]);
    expect(await deliveries(acme.liveKey, live.id)).toEqual([]);
    const received = receiver.ofType('customer.created').map((r) => r.json.data.id);
    expect(received).toContain(after);
    expect(received).not.toContain(before);
    for (const endpoint of [invoicesOnly, all]) await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
    await t.client.delete(`/account/webhooks/${live.id}`, acme.liveKey);
  });

  it('retries a failing endpoint on schedule with the same webhook-id, then delivers', async () => {
    const endpoint = await createEndpoint(acme.key);
    receiver.answer = () => 503;
    await createCustomer(t, acme.key, { name: 'Retry' });
    await deliver();
    let [delivery] = await deliveries(acme.key, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(delivery.attempts[0]).toMatchObject({ attempt: 1, status: 503, error: null });
    const wait = new Date(delivery.nextAttemptAt).getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]! * 0.9);
    expect(wait).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[0]! * 1.1);

    expect(await deliver()).toBe(0); // not due yet
    clock.advance(wait);
    await deliver();
    [delivery] = await deliveries(acme.key, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 2 });
    clock.advance(new Date(delivery.nextAttemptAt).getTime() - clock.now().getTime());
    receiver.answer = () => 204;
    await deliver();
    [delivery] = await deliveries(acme.key, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 3, nextAttemptAt: null });
    expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([503, 503, 204]);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(receiver.received).toHaveLength(3);
    await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
  });

  it('records a receiver that cannot be reached as an error, not a status', async () => {
    const endpoint = await createEndpoint(acme.key, { url: 'http://127.0.0.1:1/closed' });
    await createCustomer(t, acme.key, { name: 'Nobody home' });
    await deliver();
    const [delivery] = await deliveries(acme.key, endpoint.id);
    expect(delivery.attempts[0]).toMatchObject({ status: null, error: expect.any(String) });
    expect(delivery.status).toBe('pending');
    await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
  });

  it('turns an endpoint off at once on 410, records webhook_endpoint.disabled and emails the account', async () => {
    await t.client.patch('/account/tenant', acme.key, { supportEmail: 'ops@acme.test' });
    const watcher = await createEndpoint(acme.key, { events: ['webhook_endpoint.disabled'] });
    const gone = await createEndpoint(acme.key, { url: `${receiverUrl}/gone`, events: ['customer.created'] });
    receiver.answer = ({ json }) => (json?.type === 'customer.created' ? 410 : 200);
    await createCustomer(t, acme.key, { name: 'Gone' });
    await deliver();
    const endpoint = (await t.client.get(`/account/webhooks/${gone.id}`, acme.key)).body;
    expect(endpoint).toMatchObject({ isActive: false, disabledReason: 'gone' });
    expect((await deliveries(acme.key, gone.id))[0]).toMatchObject({ status: 'failed', attemptCount: 1 });
    const [notice] = receiver.ofType('webhook_endpoint.disabled');
    expect(notice!.json.data).toMatchObject({ id: gone.id, isActive: false, disabledReason: 'gone' });
    const emails = (await t.client.get('/test/emails?to=ops@acme.test', acme.key)).body.emails;
    expect(emails[0].subject).toContain(gone.url);
    // Nothing more is sent to it until it is turned back on.
    await createCustomer(t, acme.key, { name: 'After' });
    await deliver();
    expect(receiver.received.filter((r) => r.headers['webhook-id'] && r.json.type === 'customer.created')).toHaveLength(1);
    expect((await t.client.post(`/account/webhooks/${gone.id}/test`, acme.key)).status).toBe(409);
    await t.client.delete(`/account/webhooks/${gone.id}`, acme.key);
    await t.client.delete(`/account/webhooks/${watcher.id}`, acme.key);
  });

  it('turns off an endpoint that has failed for three days straight', async () => {
    const endpoint = await createEndpoint(acme.key, { events: ['customer.created'] });
    receiver.answer = () => 500;
    await createCustomer(t, acme.key, { name: 'Doomed' });
    const start = clock.now().getTime();
    for (let i = 0; i < 30 && clock.now().getTime() - start <= DISABLE_AFTER_MS + 11 * 3_600_000; i++) {
      await deliver();
      const [delivery] = await deliveries(acme.key, endpoint.id);
      if (delivery.status !== 'pending') break;
      clock.set(delivery.nextAttemptAt);
    }
    const [delivery] = await deliveries(acme.key, endpoint.id);
    expect(delivery.status).toBe('failed');
    expect(clock.now().getTime() - start).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
    expect((await t.client.get(`/account/webhooks/${endpoint.id}`, acme.key)).body).toMatchObject({ isActive: false, disabledReason: 'failing' });
    // Turned back on, it starts afresh and can be retried by hand.
    receiver.answer = () => 200;
    expect((await t.client.patch(`/account/webhooks/${endpoint.id}`, acme.key, { isActive: true })).body).toMatchObject({ isActive: true, disabledReason: null });
    const retried = await t.client.post(`/account/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`, acme.key);
    expect(retried.status, retried.raw).toBe(202);
    expect(retried.body.status).toBe('pending');
    await deliver();
    const [after] = await deliveries(acme.key, endpoint.id);
    expect(after).toMatchObject({ status: 'delivered', attemptCount: delivery.attemptCount + 1 });
    await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const endpoint = await createEndpoint(acme.key, { events: ['customer.created'] });
    const rotated = await t.client.post(`/account/webhooks/${endpoint.id}/rotate-secret`, acme.key);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await createCustomer(t, acme.key, { name: 'Rotation' });
    await deliver();
    const [during] = receiver.received;
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(endpoint.secret).verify(during!.body, during!.headers as Record<string, string>)).toEqual(during!.json);
    expect(new Webhook(rotated.body.secret).verify(during!.body, during!.headers as Record<string, string>)).toEqual(during!.json);

    clock.advance(24 * 3_600_000 + 1);
    receiver.received.length = 0;
    await createCustomer(t, acme.key, { name: 'After rotation' });
    await deliver();
    const [after] = receiver.received;
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.body.secret).verify(after!.body, after!.headers as Record<string, string>)).toEqual(after!.json);
    expect(() => new Webhook(endpoint.secret).verify(after!.body, after!.headers as Record<string, string>)).toThrow();
    await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
  });

  it('sends webhook.test to the endpoint tested only', async () => {
    const tested = await createEndpoint(acme.key, { events: ['invoice.paid'] });
    const bystander = await createEndpoint(acme.key);
    const res = await t.client.post(`/account/webhooks/${tested.id}/test`, acme.key);
    expect(res.status, res.raw).toBe(202);
    expect(res.body).toMatchObject({ endpointId: tested.id, eventType: 'webhook.test', status: 'pending' });
    await deliver();
    expect(receiver.received.map((r) => r.json.type)).toEqual(['webhook.test']);
    expect(new Webhook(tested.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>)).toBeTruthy();
    expect(await deliveries(acme.key, bystander.id)).toEqual([]);
    for (const endpoint of [tested, bystander]) await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
  });

  it('keeps at most 64 kB of an answer', async () => {
    const endpoint = await createEndpoint(acme.key, { events: ['customer.created'] });
    receiver.answerBody = 'x'.repeat(200_000);
    try {
      await createCustomer(t, acme.key, { name: 'Chatty receiver' });
      await deliver();
      const [delivery] = await deliveries(acme.key, endpoint.id);
      expect(delivery.attempts[0].responseBody).toHaveLength(65_536);
    } finally {
      receiver.answerBody = 'ok';
      await t.client.delete(`/account/webhooks/${endpoint.id}`, acme.key);
    }
  });
});
