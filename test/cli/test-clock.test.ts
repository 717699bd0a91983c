// `webhooks listen` and `events tail` after POST /test/clock/advance (issue 31, item 1): events
// recorded on the advanced clock carry a createdAt months ahead of the real time, and a cursor on
// createdAt then dropped every event it had seen and sent them again at every poll (769 forwards in
// 20 s). Both commands run in-process here, against the real service on a port; each event must
// come out exactly once, in the order recorded.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingClient } from '../../packages/sdk/src/index.ts';
import { tailEvents } from '../../src/cli/events-tail.ts';
import { listen } from '../../src/cli/webhooks-listen.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { waitFor, WebhookReceiver } from '../webhooks/receiver.ts';

let t: TestContext;
let acme: SeededAccount;
let baseUrl: string;
const receiver = new WebhookReceiver();
let receiverUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  acme = await seedAccount(t.client, 'Acme');
  receiverUrl = await receiver.start();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const customer = async (name: string): Promise<string> => (await t.client.post('/customers', acme.key, { name })).body.id;

describe('listen and tail across a test clock advance', () => {
  it('forward and print each event once, the ones recorded on the advanced clock included', async () => {
    const before = await customer('Before');
    const stop = new AbortController();
    const listenLines: string[] = [];
    const tailLines: string[] = [];
    const listening = listen({ forwardTo: `${receiverUrl}/hooks`, apiKey: acme.key, baseUrl, events: [], intervalMs: 50, print: (line) => listenLines.push(line), signal: stop.signal });
    const client = new BillingClient({ apiKey: acme.key, baseUrl });
    const tailing = tailEvents({ client, types: [], intervalMs: 50, json: true, print: (line) => tailLines.push(line), signal: stop.signal });
    await waitFor(() => listenLines.some((line) => line.startsWith('Ready.')), 30_000, 'the Ready line');

    const first = await customer('First');
    await waitFor(() => receiver.received.length >= 1, 30_000, 'the first forward');
    // Three months ahead: what the sandbox records from now on is dated June or later.
    const to = new Date(Date.now() + 90 * 86_400_000).toISOString();
    expect((await t.client.post('/test/clock/advance', acme.key, { to })).status).toBe(200);
    const ahead: string[] = [];
    // One at a time, each waited for: every later poll would have sent the earlier ones again.
    for (const name of ['A', 'B', 'C']) {
      const id = await customer(name);
      ahead.push(id);
      await waitFor(() => receiver.received.some((r) => r.json.data.id === id), 30_000, `the forward of ${name}`);
      await waitFor(() => tailLines.some((line) => JSON.parse(line).data.id === id), 30_000, `the tail line of ${name}`);
    }
    stop.abort();
    await Promise.all([listening, tailing]);

    const forwarded = receiver.received.map((r) => r.json.data.id);
    expect(forwarded).toEqual([first, ...ahead]);
    expect(forwarded).not.toContain(before);
    expect(receiver.received.slice(1).every((r) => r.json.createdAt === to)).toBe(true);
    expect(tailLines.map((line) => JSON.parse(line).data.id)).toEqual([first, ...ahead]);
  }, 120_000);
});
