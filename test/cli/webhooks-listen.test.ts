// `npm run cli -- webhooks listen` as a developer runs it: a child process reading the event log of
// a running service and forwarding new events, signed, to a local receiver.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { cliArgs } from '../service-process.ts';
import { waitFor, WebhookReceiver } from '../webhooks/receiver.ts';

let t: TestContext;
let acme: SeededAccount;
let baseUrl: string;
const receiver = new WebhookReceiver();
let receiverUrl: string;
const children: ChildProcess[] = [];

function startListener(apiKey: string, extra: string[] = []) {
  const child = spawn(process.execPath, cliArgs(['webhooks', 'listen', '--forward-to', `${receiverUrl}/hooks`, '--interval', '200', ...extra]), {
    env: { ...process.env, API_KEY: apiKey, BASE_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output, text: () => output.join('') };
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  acme = await seedAccount(t.client, 'Acme');
  receiverUrl = await receiver.start();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await receiver.close();
  await t.close();
});

describe('webhooks listen', () => {
  it('forwards each event recorded after it started, once, signed with the secret it printed', async () => {
    const before = (await t.client.post('/customers', acme.key, { name: 'Before' })).body.id;
    const listener = startListener(acme.key);
    const ready = await waitFor(() => /signing secret for this session: (whsec_\S+)/.exec(listener.text()) ?? undefined, 60_000, 'the Ready line');
    const secret = ready[1]!;
    const first = (await t.client.post('/customers', acme.key, { name: 'First' })).body.id;
    const second = (await t.client.post('/customers', acme.key, { name: 'Second' })).body.id;
    await waitFor(() => receiver.ofType('customer.created').length >= 2, 30_000, 'two forwarded events');
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a few more polls: nothing may come twice
    const forwarded = receiver.ofType('customer.created');
    expect(forwarded.map((r) => r.json.data.id)).toEqual([first, second]);
    expect(forwarded.map((r) => r.json.data.id)).not.toContain(before);
    for (const request of forwarded) {
      expect(request.headers['webhook-id']).toBe(request.json.id);
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual(request.json);
    }
    await waitFor(() => (listener.text().match(/customer\.created .* -> 200 \(\d+ ms\)/g) ?? []).length === 2, 10_000, 'a line per delivery');
    listener.child.kill('SIGINT');
    expect(await new Promise((resolve) => listener.child.once('exit', resolve))).toBe(0);
  }, 120_000);

  it('stops with a clear message and a non-zero exit when the key is refused', async () => {
    const listener = startListener('sk_test_' + 'x'.repeat(43));
    const code = await new Promise((resolve) => listener.child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(listener.text()).toContain('The service refused the key (401)');
  }, 60_000);
});
