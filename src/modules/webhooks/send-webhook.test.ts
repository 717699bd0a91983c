// One webhook POST against real local servers: answers and their bodies (64 kB kept), a timeout,
// redirects not followed, and, outside development, no connection to a private address even when
// DNS changed after the endpoint was created.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { EMBEDDED_IPV4 } from './hostile-urls.ts';
import { sendWebhook } from './send-webhook.ts';
import { filteredLookup, TargetRefusedError } from './target-agents.ts';

const servers: Server[] = [];
const hits: Record<string, number> = {};

async function serve(name: string, handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<number> {
  hits[name] = 0;
  const server = createServer((req, res) => {
    hits[name]! += 1;
    req.resume();
    req.on('end', () => handler(req, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const dev = { allowPrivateTargets: true };
let ok: number;
let failing: number;
let slow: number;
let chatty: number;
let redirecting: number;
let target: number;

beforeAll(async () => {
  ok = await serve('ok', (req, res) => res.writeHead(200).end(`got ${req.headers['content-type']} ${req.headers['webhook-id']}`));
  failing = await serve('failing', (_req, res) => res.writeHead(500).end('boom'));
  slow = await serve('slow', (_req, res) => setTimeout(() => res.writeHead(200).end('late'), 2_000));
  chatty = await serve('chatty', (_req, res) => res.writeHead(200).end('y'.repeat(200_000)));
  target = await serve('target', (_req, res) => res.writeHead(200).end('should never be reached'));
  redirecting = await serve('redirecting', (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${target}/` }).end());
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('sendWebhook', () => {
  it('answers the status and body of 2xx and error answers', async () => {
    const good = await sendWebhook(`http://127.0.0.1:${ok}/`, { 'webhook-id': 'evt_1' }, '{}', dev);
    expect(good).toMatchObject({ status: 200, error: null, responseBody: 'got application/json evt_1' });
    expect(good.durationMs).toBeGreaterThan(0);
    expect(await sendWebhook(`http://127.0.0.1:${failing}/`, {}, '{}', dev)).toMatchObject({ status: 500, error: null, responseBody: 'boom' });
  });

  it('gives up on a slow receiver at the timeout', async () => {
    const result = await sendWebhook(`http://127.0.0.1:${slow}/`, {}, '{}', { ...dev, timeoutMs: 300 });
    expect(result).toMatchObject({ status: null, error: 'timed out after 0.3 s' });
    expect(result.durationMs).toBeLessThan(1_900);
  });

  it('gives up on a host whose DNS lookup never answers at the connect timeout, long before the attempt timeout', async () => {
    const silentDns = (() => undefined) as unknown as import('node:net').LookupFunction;
    const result = await sendWebhook('http://hangs.example.test/', {}, '{}', { ...dev, lookup: silentDns, connectTimeoutMs: 200, timeoutMs: 60_000 });
    expect(result).toMatchObject({ status: null, error: 'timed out resolving the host after 0.2 s' });
  });

  it('keeps 64 kB of a long answer', async () => {
    const result = await sendWebhook(`http://127.0.0.1:${chatty}/`, {}, '{}', dev);
    expect(result.status).toBe(200);
    expect(result.responseBody).toHaveLength(65_536);
  });

  it('does not follow redirects', async () => {
    const result = await sendWebhook(`http://127.0.0.1:${redirecting}/`, {}, '{}', dev);
    expect(result.status).toBe(302);
    expect(hits.target).toBe(0);
  });

  it('reports a closed port as an error, never a throw', async () => {
    expect(await sendWebhook('http://127.0.0.1:1/', {}, '{}', dev)).toMatchObject({ status: null, error: 'connection refused' });
  });

  it('outside development, never connects to a private address, however it is reached', async () => {
    const before = hits.target;
    const production = { allowPrivateTargets: false, lookup: fakeLookup({ 'rebound.attacker.test': ['127.0.0.1'], 'mapped.attacker.test': ['::ffff:127.0.0.1'] }) };
    for (const url of [
      `https://rebound.attacker.test:${target}/`, // DNS changed since the endpoint was created
      `https://mapped.attacker.test:${target}/`,
      `https://127.0.0.1:${target}/`,
      `https://[::ffff:127.0.0.1]:${target}/`,
      `http://127.0.0.1:${target}/`,
    ]) {
      const result = await sendWebhook(url, {}, '{}', production);
      expect(result.status, url).toBeNull();
      expect(result.error, url).toMatch(/^refused: /);
    }
    expect(hits.target).toBe(before);
  });

  it('at connection, refuses every IPv6 form carrying a non-public IPv4 address, literal or resolved', async () => {
    const before = hits.target;
    const refused = EMBEDDED_IPV4.filter((c) => !c.accepted);
    const names = Object.fromEntries(refused.map(({ address }, i) => [`embedded-${i}.attacker.test`, [address]]));
    const production = { allowPrivateTargets: false, lookup: fakeLookup(names) };
    // A literal is named as the URL parser wrote it (hex), a resolved address as DNS gave it.
    const attempts = refused.flatMap(({ address }, i) => [
      { url: `https://[${address}]:${target}/`, shown: new URL(`https://[${address}]/`).hostname.slice(1, -1) },
      { url: `https://embedded-${i}.attacker.test:${target}/`, shown: address },
    ]);
    for (const { url, shown } of attempts) {
      const result = await sendWebhook(url, {}, '{}', production);
      expect(result, url).toMatchObject({ status: null, error: `refused: ${shown} is not a public address` });
    }
    expect(hits.target).toBe(before);
  });

  it('at connection, judges each resolved address as the URL check does: the same forms pass, the same are refused', async () => {
    const names = Object.fromEntries(EMBEDDED_IPV4.map(({ address }, i) => [`embedded-${i}.example.com`, [address]]));
    const lookup = filteredLookup(fakeLookup(names));
    for (const [i, { address, accepted }] of EMBEDDED_IPV4.entries()) {
      for (const all of [false, true]) {
        const answer = await new Promise<{ error: Error | null; address: unknown }>((resolve) =>
          lookup(`embedded-${i}.example.com`, { all }, (error, found) => resolve({ error, address: found })),
        );
        if (accepted) {
          expect(answer.error, address).toBeNull();
          expect(answer.address, address).toEqual(all ? [{ address, family: 6 }] : address);
        } else {
          expect(answer.error, address).toBeInstanceOf(TargetRefusedError);
          expect((answer.error as TargetRefusedError).address, address).toBe(address);
        }
      }
    }
  });
});
