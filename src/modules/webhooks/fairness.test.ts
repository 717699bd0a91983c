// Fair webhook delivery (issue #30): one account's endpoint is a tarpit (it accepts the connection
// and never answers) with 1,000 events waiting; another account's deliveries all arrive while the
// tarpit's are still pending, the tarpit never has more than its cap of attempts in flight, and
// its breaker opens and keeps it in the slow lane. Then the breaker's probe, with a manual clock.
// No timing thresholds: waits are liveness bounds, the assertions are about what happened.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { waitFor, WebhookReceiver } from '../../../test/webhooks/receiver.ts';
import { ManualClock, systemClock } from '../../core/clock.ts';
import { JobRunner, runDueJobs, type JobHandler } from '../../jobs/runner.ts';
import { recordEvent } from '../events/index.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { webhookJobHandler } from './deliver.ts';

const quiet = { warn: () => undefined, error: () => undefined };
const TARPIT_EVENTS = 1_000;
const FAIRNESS = { accountShare: 4, keyLimit: 2 };

let t: TestContext;
let receiver: WebhookReceiver;
let receiverUrl: string;
let tarpit: Server;
let tarpitUrl: string;
const tarpitSockets = new Set<Socket>();
let tarpitConnections = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_SANDBOX_PER_SECOND: '100000' } });
  receiver = new WebhookReceiver();
  receiverUrl = await receiver.start();
  // Accepts every connection, reads the request, never answers.
  tarpit = createServer((socket) => {
    tarpitConnections += 1;
    tarpitSockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => tarpitSockets.delete(socket));
  });
  await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
  tarpitUrl = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  for (const socket of tarpitSockets) socket.destroy();
  await new Promise((resolve) => tarpit.close(resolve));
  await receiver.close();
  await t.close();
});

async function createEndpoint(account: SeededAccount, url: string): Promise<string> {
  const res = await t.client.post('/account/webhooks', account.key, { url, events: ['*'] });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

const endpointRow = (id: string) => t.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deliveryCounts = async (endpointId: string) => {
  const rows = await t.database.db.selectFrom('webhook_deliveries').select(['status']).where('endpoint_id', '=', endpointId).execute();
  return { pending: rows.filter((r) => r.status === 'pending').length, delivered: rows.filter((r) => r.status === 'delivered').length };
};
const attemptCount = async (endpointId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('webhook_attempts as a')
        .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('d.endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The webhook handler, counting the attempts in flight per endpoint and per account (this process runs them all). */
function countingHandler(inner: JobHandler) {
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const bump = (key: string, by: number) => {
    const n = (inFlight.get(key) ?? 0) + by;
    inFlight.set(key, n);
    most.set(key, Math.max(most.get(key) ?? 0, n));
  };
  const handler: JobHandler = {
    queue: inner.queue,
    run: async (job) => {
      const keys = [`endpoint:${job.concurrency_key}`, `account:${job.share_account_id}`];
      for (const key of keys) bump(key, 1);
      try {
        return await inner.run(job);
      } finally {
        for (const key of keys) bump(key, -1);
      }
    },
  };
  return { handler, most: (key: string) => most.get(key) ?? 0 };
}

describe('a tarpit endpoint with 1,000 events does not hold up another account', () => {
  it("delivers the other account's events while the tarpit's wait, with at most its cap in flight, and opens its breaker", async () => {
    const attacker = await seedAccount(t.client, 'Tarpit owner');
    const seller = await seedAccount(t.client, 'Healthy seller');
    const tarpitEndpoint = await createEndpoint(attacker, tarpitUrl);
    const healthyEndpoint = await createEndpoint(seller, `${receiverUrl}/hooks`);

    // 1,000 events of the attacker, committed before any runner starts: all due at once, first in line.
    await t.database.db.transaction().execute(async (tx) => {
      const ctx = { tenant: { accountId: attacker.id, environment: 'sandbox' as const }, now: new Date() };
      for (let i = 0; i < TARPIT_EVENTS; i += 1) await recordEvent(tx, ctx, 'customer.created', { n: i });
    });
    expect(await deliveryCounts(tarpitEndpoint)).toEqual({ pending: TARPIT_EVENTS, delivered: 0 });

    // One process with 8 workers; the tarpit's attempts give up after 1 s (10 s in production), and
    // its breaker opens after 3 failures (threshold 5 over 10 s in production) for 10 minutes.
    const counting = countingHandler(
      webhookJobHandler({
        db: t.database.db,
        clock: systemClock,
        policy: { allowPrivateTargets: true },
        timeoutMs: 1_000,
        breaker: { threshold: 3, minFailingMs: 0, openMs: 600_000 },
      }),
    );
    const runner = new JobRunner({ db: t.database.db, clock: systemClock, log: quiet, concurrency: 8, leaseMs: 60_000, pollMs: 100, fairness: FAIRNESS });
    runner.register(counting.handler);
    runner.start();
    try {
      // The seller's events, recorded while the tarpit's 1,000 are due.
      const customers: string[] = [];
      for (let i = 0; i < 20; i += 1) customers.push(await createCustomer(t, seller.key, { name: `Buyer ${i}` }));
      runner.wake();
      const arrived = () => new Set(receiver.ofType('customer.created').map((r) => r.json.data.id));
      await waitFor(async () => customers.every((id) => arrived().has(id)) && (await deliveryCounts(healthyEndpoint)).delivered === 20, 60_000, "the seller's 20 deliveries");

      // All of the seller's deliveries arrived; nearly all of the tarpit's still wait, none delivered.
      expect(await deliveryCounts(healthyEndpoint)).toEqual({ pending: 0, delivered: 20 });
      const tarpitNow = await deliveryCounts(tarpitEndpoint);
      expect(tarpitNow.delivered).toBe(0);
      expect(tarpitNow.pending).toBe(TARPIT_EVENTS);
      // The breaker opens after 3 failed attempts (each waits for the 1 s timeout).
      await waitFor(async () => (await endpointRow(tarpitEndpoint)).circuit_open_until !== null, 60_000, 'the breaker to open');
      const opened = await endpointRow(tarpitEndpoint);
      expect(opened.consecutive_failures).toBeGreaterThanOrEqual(3);

      // Once the attempts in flight at the opening are over, the lane holds: no new attempt, every
      // waiting job due no sooner than the breaker's end, while the seller's new events still go.
      // In flight: a socket open at the tarpit, or a job claimed before the opening whose attempt has
      // not connected yet (it still holds its lease): the lane holds once none is left.
      const leasedAtTarpit = async () =>
        (await t.database.db.selectFrom('jobs').select('id').where('concurrency_key', '=', tarpitEndpoint).where('leased_until', 'is not', null).execute()).length;
      await waitFor(
        async () => (await leasedAtTarpit()) === 0 && tarpitSockets.size === 0 && (await attemptCount(tarpitEndpoint)) === (await endpointRow(tarpitEndpoint)).consecutive_failures,
        60_000,
        'the in-flight attempts to end',
      );
      const attemptsInLane = await attemptCount(tarpitEndpoint);
      expect(attemptsInLane).toBeLessThanOrEqual(3 + FAIRNESS.keyLimit - 1);
      const early = await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('concurrency_key', '=', tarpitEndpoint)
        .where('run_at', '<', opened.circuit_open_until!)
        .execute();
      expect(early).toEqual([]);
      const more: string[] = [];
      for (let i = 0; i < 10; i += 1) more.push(await createCustomer(t, seller.key, { name: `Later buyer ${i}` }));
      await waitFor(async () => more.every((id) => arrived().has(id)) && (await deliveryCounts(healthyEndpoint)).delivered === 30, 60_000, "the seller's 10 later deliveries");
      expect(await attemptCount(tarpitEndpoint)).toBe(attemptsInLane);

      // Never more than the endpoint's cap of attempts at the tarpit at once, nor the account's share.
      expect(counting.most(`endpoint:${tarpitEndpoint}`)).toBeLessThanOrEqual(FAIRNESS.keyLimit);
      expect(counting.most(`account:${attacker.id}`)).toBeLessThanOrEqual(FAIRNESS.accountShare);
      expect(counting.most(`endpoint:${tarpitEndpoint}`)).toBeGreaterThanOrEqual(1);
      expect(tarpitConnections).toBe(attemptsInLane);
    } finally {
      await runner.stop(2_000);
    }
  }, 180_000);
});

/** A receiver that, while `down`, reads each request and drops the connection unanswered (ECONNRESET at the sender). */
class DroppingReceiver {
  readonly received: Array<{ json: { id: string }; answeredWith: number | null }> = [];
  down = true;
  private readonly server: HttpServer = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      this.received.push({ json, answeredWith: this.down ? null : 200 });
      if (this.down) req.socket.destroy();
      else res.writeHead(200).end('ok');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('the circuit breaker', () => {
  const clock = new ManualClock('2026-06-01T10:00:00.000Z');
  // Production's rule with 3 instead of 5: 3 unanswered attempts in a row, 10 s or more into the run of failures, open it for 60 s.
  const breaker = { threshold: 3, minFailingMs: 10_000, openMs: 60_000 };
  const deliver = () => runDueJobs({ db: t.database.db, clock, log: quiet }, [webhookJobHandler({ db: t.database.db, clock, policy: { allowPrivateTargets: true }, breaker })]);
  const record = (account: SeededAccount, n: number) =>
    t.database.db.transaction().execute(async (tx) => {
      const ctx = { tenant: { accountId: account.id, environment: 'sandbox' as const }, now: clock.now() };
      for (let i = 0; i < n; i += 1) await recordEvent(tx, ctx, 'customer.created', { n: i });
    });
  const deliveriesOf = (endpointId: string) => t.database.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('id').execute();

  it('stays closed while the endpoint answers, even with errors: it is up, its deliveries follow their schedule', async () => {
    const account = await seedAccount(t.client, 'Erroring receiver');
    const erroring = new WebhookReceiver();
    const url = await erroring.start();
    erroring.answer = () => 500;
    try {
      const endpointId = await createEndpoint(account, `${url}/hooks`);
      await record(account, 3);
      await deliver();
      clock.advance(10_000);
      await deliver();
      expect(erroring.received).toHaveLength(6); // 3 first attempts, 3 retries: every one answered 500
      expect(await endpointRow(endpointId)).toMatchObject({ consecutive_failures: 0, circuit_open_until: null });
    } finally {
      await erroring.close();
    }
  });

  it('opens after unanswered attempts in a row over 10 s, waits, probes with one delivery, and reopens or lets the lane go', async () => {
    const account = await seedAccount(t.client, 'Flaky receiver');
    const failing = new DroppingReceiver();
    const url = await failing.start();
    try {
      const endpointId = await createEndpoint(account, `${url}/hooks`);
      // 3 failures within the same instant: not 10 s of failing yet, the breaker stays closed.
      await record(account, 3);
      await deliver();
      expect(failing.received).toHaveLength(3);
      expect(await endpointRow(endpointId)).toMatchObject({ consecutive_failures: 3, circuit_open_until: null });
      // 10 s later their retries are due (5 s ±10% after the failures): the first fails, 4 failures in
      // a row over 10 s, so it opens for 60 s; the other two, claimed with it, wait in the lane unsent.
      clock.advance(10_000);
      await deliver();
      expect(failing.received).toHaveLength(4);
      const opened = await endpointRow(endpointId);
      expect(opened.circuit_open_until).toEqual(new Date(clock.now().getTime() + 60_000));
      // New events of an endpoint whose breaker is open wait in the lane too.
      await record(account, 2);
      expect(await deliver()).toBe(0);
      expect(failing.received).toHaveLength(4);
      // Each keeps its own retry time (shown by the API as nextAttemptAt); only its job waits.
      const waiting = await deliveriesOf(endpointId);
      expect(waiting.map((d) => d.attempt_count).sort()).toEqual([0, 0, 1, 1, 2]);
      expect(waiting.every((d) => d.status === 'pending')).toBe(true);
      expect(waiting.filter((d) => d.attempt_count === 1).every((d) => d.next_attempt_at! < opened.circuit_open_until!)).toBe(true);

      // Half-open: one delivery is the probe; it fails, so the breaker opens again; the rest never went.
      clock.advance(60_000);
      await deliver();
      expect(failing.received).toHaveLength(5);
      const reopened = await endpointRow(endpointId);
      expect(reopened.circuit_open_until).toEqual(new Date(clock.now().getTime() + 60_000));
      expect(reopened.consecutive_failures).toBe(5);

      // The receiver recovers. At the next probe the breaker closes and the lane empties: each
      // delivery goes at its own retry time, those still ahead (5 min after a second failure) then.
      failing.down = false;
      clock.advance(60_000);
      await deliver();
      expect(await endpointRow(endpointId)).toMatchObject({ consecutive_failures: 0, circuit_open_until: null, failing_since: null });
      const released = await deliveriesOf(endpointId);
      for (const d of released.filter((row) => row.status === 'pending')) {
        expect(d.next_attempt_at!.getTime()).toBeGreaterThan(clock.now().getTime());
        const job = await t.database.db.selectFrom('jobs').select('run_at').where('id', '=', d.id).executeTakeFirstOrThrow();
        expect(job.run_at).toEqual(d.next_attempt_at);
      }
      clock.advance(6 * 60_000);
      await deliver();
      const done = await deliveriesOf(endpointId);
      expect(done.map((d) => d.status)).toEqual(Array(5).fill('delivered'));
      // 5 failed attempts and one success per delivery (5 events): nothing lost, none sent again after its success.
      expect(failing.received).toHaveLength(5 + 5);
      expect(new Set(failing.received.filter((r) => r.answeredWith === 200).map((r) => r.json.id)).size).toBe(5);
    } finally {
      await failing.close();
    }
  });
});
