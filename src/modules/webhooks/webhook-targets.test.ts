// SSRF through the API, outside development: every hostile URL is refused at creation and on
// change (422 naming `url`), and a delivery whose host's DNS answer turned private after creation
// never connects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { WebhookReceiver } from '../../../test/webhooks/receiver.ts';
import { systemClock } from '../../core/clock.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { webhookJobHandler } from './deliver.ts';
import { EMBEDDED_IPV4, HOSTILE_DNS, HOSTILE_URLS } from './hostile-urls.ts';

const embedded = Object.fromEntries(EMBEDDED_IPV4.map(({ address }, i) => [`embedded-${i}.example.com`, [address]]));
const dns: Record<string, string[]> = { ...HOSTILE_DNS, ...embedded, 'hooks.example.com': ['93.184.216.34'], 'shifty.example.com': ['93.184.216.34'], 'shifty-v6.example.com': ['93.184.216.34'] };
const lookup = fakeLookup(dns);
let t: TestContext;
let acme: SeededAccount;
let receiver: WebhookReceiver;
let receiverPort: string;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' }, webhookLookup: lookup });
  acme = await seedAccount(t.client, 'Acme');
  receiver = new WebhookReceiver();
  receiverPort = new URL(await receiver.start()).port;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook targets outside development', () => {
  it(`refuses each of the ${HOSTILE_URLS.length} hostile URLs at creation, naming url`, async () => {
    for (const url of HOSTILE_URLS) {
      const res = await t.client.post('/account/webhooks', acme.liveKey, { url, events: ['*'] });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0].field, url).toBe('url');
    }
    expect((await t.client.get('/account/webhooks', acme.liveKey)).body.webhooks).toEqual([]);
  });

  it('accepts a public https URL, and refuses changing it to a hostile one', async () => {
    const created = await t.client.post('/account/webhooks', acme.liveKey, { url: 'https://hooks.example.com/orders', events: ['*'] });
    expect(created.status, created.raw).toBe(201);
    const changed = await t.client.patch(`/account/webhooks/${created.body.id}`, acme.liveKey, { url: 'https://169.254.169.254/latest/meta-data/' });
    expect(changed.status).toBe(422);
    expect(changed.body.errors[0]).toMatchObject({ field: 'url', constraint: 'webhook_target' });
    expect((await t.client.get(`/account/webhooks/${created.body.id}`, acme.liveKey)).body.url).toBe('https://hooks.example.com/orders');
    await t.client.delete(`/account/webhooks/${created.body.id}`, acme.liveKey);
  });

  it('checks the address again when delivering: a name that now resolves to loopback is never reached', async () => {
    const created = await t.client.post('/account/webhooks', acme.key, { url: `https://shifty.example.com:${receiverPort}/hooks`, events: ['customer.created'] });
    expect(created.status, created.raw).toBe(201);
    dns['shifty.example.com'] = ['127.0.0.1']; // DNS rebinding after the check at creation
    await createCustomer(t, acme.key, { name: 'Rebound' });
    // The breaker stays closed here (it would move the later deliveries to its slow lane): this is about the filter.
    const handler = webhookJobHandler({ db: t.database.db, clock: systemClock, policy: { allowPrivateTargets: false, lookup }, breaker: { threshold: Number.MAX_SAFE_INTEGER, minFailingMs: 0, openMs: 60_000 } });
    await runDueJobs({ db: t.database.db, clock: systemClock, log: { warn: () => undefined, error: () => undefined } }, [handler]);
    const deliveries = (await t.client.get(`/account/webhooks/${created.body.id}/deliveries`, acme.key)).body.deliveries;
    expect(deliveries[0].attempts[0]).toMatchObject({ status: null, error: 'refused: 127.0.0.1 is not a public address' });
    expect(receiver.received).toHaveLength(0);
  });

  it(`judges each of the ${EMBEDDED_IPV4.length} IPv6 forms carrying an IPv4 address by that address at creation, literal or resolved`, async () => {
    for (const [i, { address, accepted }] of EMBEDDED_IPV4.entries()) {
      for (const url of [`https://[${address}]/hooks`, `https://embedded-${i}.example.com/hooks`]) {
        const res = await t.client.post('/account/webhooks', acme.liveKey, { url, events: ['*'] });
        if (accepted) {
          expect(res.status, `${url} ${res.raw}`).toBe(201);
          await t.client.delete(`/account/webhooks/${res.body.id}`, acme.liveKey);
        } else {
          expect(res.status, url).toBe(422);
          expect(res.body.errors[0], url).toMatchObject({ field: 'url', constraint: 'webhook_target' });
        }
      }
    }
  });

  it('and when delivering: a name that now resolves to any of them carrying a non-public IPv4 is never reached', async () => {
    const globex = await seedAccount(t.client, 'Globex');
    const created = await t.client.post('/account/webhooks', globex.key, { url: `https://shifty-v6.example.com:${receiverPort}/hooks`, events: ['customer.created'] });
    expect(created.status, created.raw).toBe(201);
    // The breaker stays closed here (it would move the later deliveries to its slow lane): this is about the filter.
    const handler = webhookJobHandler({ db: t.database.db, clock: systemClock, policy: { allowPrivateTargets: false, lookup }, breaker: { threshold: Number.MAX_SAFE_INTEGER, minFailingMs: 0, openMs: 60_000 } });
    for (const { address } of EMBEDDED_IPV4.filter((c) => !c.accepted)) {
      dns['shifty-v6.example.com'] = [address];
      await createCustomer(t, globex.key, { name: `Rebound to ${address}` });
      await runDueJobs({ db: t.database.db, clock: systemClock, log: { warn: () => undefined, error: () => undefined } }, [handler]);
      const deliveries = (await t.client.get(`/account/webhooks/${created.body.id}/deliveries`, globex.key)).body.deliveries;
      expect(deliveries[0].attempts[0], address).toMatchObject({ status: null, error: `refused: ${address} is not a public address` });
    }
    expect(receiver.received).toHaveLength(0);
  });
});

