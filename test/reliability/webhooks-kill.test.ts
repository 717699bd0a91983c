// At-least-once webhook delivery under crashes: 1,000 events are recorded while the receiver fails
// the first request of every event and a delivering process is SIGKILLed 10 times (PostgreSQL: one
// of two processes sharing the database; embedded database: the only process, restarted on its
// folder). Every event is delivered, every retry carries the same webhook-id and a valid signature,
// and duplicates stay within what the kills can explain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { ADMIN_TOKEN, usingPostgres } from '../harness.ts';
import { api, createScratchDatabase, freePortPair, ServiceProcess } from '../service-process.ts';
import { waitFor, WebhookReceiver } from '../webhooks/receiver.ts';

const EVENTS = 1_000;
const KILLS = 10;
const CONCURRENCY = 8;
const JOBS_CONCURRENCY = 16;

describe('webhook delivery while processes are killed', () => {
  let cleanup: () => Promise<void> = async () => undefined;
  let killed: ServiceProcess;
  let steady: ServiceProcess | null = null;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    const [portA, portB] = await freePortPair();
    const env: Record<string, string> = {
      RATE_LIMIT_SANDBOX_PER_SECOND: '100000',
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      JOBS_LEASE_SECONDS: '15',
      JOBS_CONCURRENCY: String(JOBS_CONCURRENCY),
    };
    if (usingPostgres) {
      const database = await createScratchDatabase(process.env.DATABASE_URL!, 'test_hooks_kill');
      env.DATABASE_URL = database.url;
      cleanup = database.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'hooks-kill-'));
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    killed = new ServiceProcess(portA, env);
    await killed.start();
    if (usingPostgres) {
      steady = new ServiceProcess(portB, env);
      await steady.start();
    }
  }, 200_000);

  afterAll(async () => {
    await killed?.kill();
    await steady?.kill();
    await receiver.close();
    await cleanup();
  });

  it('delivers all 1,000 events at least once', async () => {
    const receiverUrl = await receiver.start();
    const seen = new Set<string>();
    // The first request of each event fails: half of all requests fail, every event needs a retry.
    receiver.answer = ({ json }) => {
      if (!json?.id || seen.has(json.id)) return 200;
      seen.add(json.id);
      return 500;
    };
    const apiBase = () => (steady ?? killed).url;
    const account = await fetch(`${apiBase()}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hooks under fire' }),
    }).then((r) => r.json());
    const key: string = account.keys.find((k: { type: string; environment: string }) => k.type === 'secret' && k.environment === 'sandbox').key;
    const endpoint = await api(apiBase(), 'POST', '/account/webhooks', key, { url: `${receiverUrl}/hooks`, events: ['customer.created'] });
    expect(endpoint.status).toBe(201);

    // Record the events: each customer is created with its own Idempotency-Key, sent again until
    // answered (the process answering may be the one being killed).
    let next = 0;
    const created: string[] = [];
    const writer = async () => {
      while (next < EVENTS) {
        const n = next++;
        const idempotencyKey = randomUUID();
        for (;;) {
          try {
            const res = await api(apiBase(), 'POST', '/customers', key, { name: `Customer ${n}` }, idempotencyKey);
            if (res.status === 201) {
              created.push(res.body.id);
              break;
            }
          } catch {
            // the process is down: try again
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const writers = Promise.all(Array.from({ length: CONCURRENCY }, writer));

    // Kills paced by progress (acknowledged deliveries), so a fast run is killed as often as a slow one.
    const acknowledged = () => new Set(receiver.received.filter((r) => r.answeredWith === 200).map((r) => r.json.id)).size;
    let kills = 0;
    while (kills < KILLS) {
      await waitFor(() => acknowledged() >= ((kills + 1) * EVENTS) / (KILLS + 2) || created.length === EVENTS, 300_000, `progress before kill ${kills + 1}`);
      await new Promise((r) => setTimeout(r, Math.random() * 300));
      await killed.kill('SIGKILL');
      kills += 1;
      await killed.start();
    }
    await writers;
    expect(new Set(created).size).toBe(EVENTS);

    await waitFor(() => acknowledged() === EVENTS, 300_000, 'every event acknowledged');

    // Every event delivered, each retry with the event's id as webhook-id and a valid signature.
    const byId = new Map<string, typeof receiver.received>();
    const webhook = new Webhook(endpoint.body.secret);
    for (const request of receiver.received) {
      expect(request.headers['webhook-id']).toBe(request.json.id);
      // The signature is checked against the timestamp the request carried: verify() would also
      // refuse requests older than its 5-minute tolerance, and a slow run lasts longer than that.
      const sentAt = new Date(Number(request.headers['webhook-timestamp']) * 1000);
      const expected = webhook.sign(request.json.id, sentAt, request.body);
      expect(String(request.headers['webhook-signature']).split(' ')).toContain(expected);
      byId.set(request.json.id, [...(byId.get(request.json.id) ?? []), request]);
    }
    const delivered = new Set([...byId.values()].map((requests) => requests[0]!.json.data.id));
    expect([...created].every((id) => delivered.has(id))).toBe(true);
    expect(byId.size).toBe(EVENTS);
    // At least once, and no more than the kills explain: a job in flight when its process died runs again.
    const duplicates = [...byId.values()].reduce((sum, requests) => sum + requests.filter((r) => r.answeredWith === 200).length - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(KILLS * JOBS_CONCURRENCY);
    console.log(`webhooks-kill: ${receiver.received.length} requests for ${EVENTS} events, ${duplicates} duplicate acknowledgements, ${kills} kills`);

    // A delivery acknowledged just before its process was killed stays pending until its job's
    // lease (15 s) runs out and another process delivers it again: on a busy machine that takes a while.
    const pending = await waitFor(async () => {
      const res = await api(apiBase(), 'GET', `/account/webhooks/${endpoint.body.id}/deliveries?status=pending`, key);
      return res.status === 200 && res.body.deliveries.length === 0 ? res : undefined;
    }, 180_000, 'no pending delivery');
    expect(pending.body.deliveries).toEqual([]);
  }, 900_000);
});
