// Fetches of seller-given URLs made through the global fetch (the official x402 facilitator client)
// connect under the target policy: a name that resolves inside now, an IP literal, an IPv4-mapped
// form and a redirect hop are refused before connecting, while every other fetch of the process
// goes on as before.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EgressGuard } from '../../core/webhook-targets.ts';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { withEgressGuard } from './guarded-fetch.ts';
import { egressGuardOf, TargetRefusedError } from './target-agents.ts';

let server: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    if (request.url === '/redirect-inside') return response.writeHead(302, { location: `http://127.0.0.2:${port}/` }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"kinds":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The error a refused fetch rejects with: fetch's TypeError, caused by the guard's refusal. */
async function refusal(call: Promise<unknown>): Promise<TargetRefusedError> {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { cause?: unknown } | null;
  expect(error).not.toBeNull();
  expect(error!.cause).toBeInstanceOf(TargetRefusedError);
  return error!.cause as TargetRefusedError;
}

describe('the production policy (no private targets)', () => {
  const guard = egressGuardOf({ allowPrivateTargets: false, lookup: fakeLookup({ 'rebound.example.test': ['127.0.0.1'] }) })!;

  it('refuses a name that resolves to a loopback address now, an IP literal and an IPv4-mapped literal, before connecting', async () => {
    const before = requests;
    expect((await refusal(withEgressGuard(guard, () => fetch(`http://rebound.example.test:${port}/supported`)))).address).toBe('127.0.0.1');
    await refusal(withEgressGuard(guard, () => fetch(`http://127.0.0.1:${port}/supported`)));
    await refusal(withEgressGuard(guard, () => fetch(`http://[::ffff:127.0.0.1]:${port}/supported`)));
    expect(requests).toBe(before);
  });

  it('leaves every other fetch of the process as it was, also while a guarded one runs', async () => {
    const before = requests;
    const [guarded, open] = await Promise.allSettled([withEgressGuard(guard, () => fetch(`http://127.0.0.1:${port}/a`)), fetch(`http://127.0.0.1:${port}/b`)]);
    expect(guarded.status).toBe('rejected');
    expect(open.status === 'fulfilled' && open.value.status).toBe(200);
    expect(requests).toBe(before + 1);
  });
});

describe('a policy that allows the peer', () => {
  // The loopback peer allowed and 127.0.0.2 refused: the guarded agent really carries requests,
  // and a redirect's next hop is judged like the first.
  const judge = (address: string) => (address === '127.0.0.2' ? 'url resolves to a refused address' : null);
  const lookup: LookupFunction = fakeLookup({ 'peer.example.test': ['127.0.0.1'], 'inside.example.test': ['127.0.0.2'] });
  const guard: EgressGuard = {
    refusedAddress: judge,
    lookup: ((host, options, callback) =>
      lookup(host, options, (error, address, family) => {
        const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
        const refused = all.find((a) => judge(a));
        if (!error && refused) return callback(new TargetRefusedError(refused, judge(refused)!), '', undefined);
        callback(error, address, family);
      })) as LookupFunction,
  };

  it('carries a request to an allowed address through the guarded agent', async () => {
    const response = await withEgressGuard(guard, () => fetch(`http://peer.example.test:${port}/supported`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kinds: [] });
  });

  it('refuses a redirect to a refused address, and a name that resolves to one', async () => {
    expect((await refusal(withEgressGuard(guard, () => fetch(`http://peer.example.test:${port}/redirect-inside`)))).address).toBe('127.0.0.2');
    expect((await refusal(withEgressGuard(guard, () => fetch(`http://inside.example.test:${port}/`)))).address).toBe('127.0.0.2');
  });
});

it('runs the call as it is when the policy allows private targets (development)', async () => {
  const response = await withEgressGuard(egressGuardOf({ allowPrivateTargets: true }), () => fetch(`http://127.0.0.1:${port}/`));
  expect(response.status).toBe(200);
});
