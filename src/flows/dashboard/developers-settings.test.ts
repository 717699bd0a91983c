// The developers settings of the dashboard (issue #32): editing and deleting a webhook endpoint,
// processor connections (connect, check, disconnect) and the Rail settings with its relayer. Each
// action is read back through the API; secrets never appear in a page; CSRF refused (403);
// support and read_only refused (403) with nothing changed; another account's things answer 404.
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, formKeyOf, memberWithRole } from '../../../test/dashboard-team.ts';
import { AGENT_KEY, NETWORK, SELLER_WALLET, USDC } from '../../../test/rail/fixtures.ts';
import { registerProcessor, unregisterProcessor } from '../../modules/payments/index.ts';
import { fakeProcessor } from '../../modules/payments/processors/fake-processor.test-support.ts';
import { DEVELOPERS_SETTINGS_TEXT } from './developers-settings.text.ts';

const text = DEVELOPERS_SETTINGS_TEXT['pt-BR'];
const SECRETS = { secretKey: 'sk_test_dash_1234567890wxyz', publishableKey: 'pk_test_dash_visible_9876', webhookSecret: 'whsec_dash_super_secret_42' };
/** The fake's check refuses this key ("Invalid API key provided"). */
const BAD_SECRET_KEY = 'sk_bad_key_0000';
const fake = fakeProcessor('processor_b');
let t: TestContext;
let acmeKey: string;
let otherKey: string;
let owner: DashboardBrowser;
let support: DashboardBrowser;
let reader: DashboardBrowser;
/** Every page and answer the tests saw: none may hold a secret. */
const seen: string[] = [];

async function open(browser: DashboardBrowser, path: string) {
  const page = await browser.get(path);
  seen.push(page.html);
  return page;
}

/** Posts the form of `page` that targets `action`, with its CSRF token and Idempotency-Key and these fields. */
async function submit(browser: DashboardBrowser, html: string, action: string, fields: Array<[string, string]>, options: { csrf?: boolean } = {}) {
  const form = new URLSearchParams([...(options.csrf === false ? [] : [['csrf', csrfOf(html)]]), ['idempotencyKey', formKeyOf(html, action)], ...fields]);
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await t.app.inject({ method: 'POST', url: action, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pt-BR' }, payload: form.toString() });
  seen.push(res.body);
  return { status: res.statusCode, html: res.body, location: res.headers.location, form };
}

beforeAll(async () => {
  t = await startTestApp({ env: { SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', PROCESSOR_TIMEOUT_MS: '500' } });
  // After the app: its start registers the real processors; this file's fake replaces processor_b.
  registerProcessor(fake);
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'owner@acme.example');
  otherKey = await accountWithOwner(t, 'Other Ltda', 'owner@other.example');
  owner = new DashboardBrowser(t);
  expect((await owner.signIn('owner@acme.example', 'a long password')).status).toBe(303);
  support = await memberWithRole(t, owner, 'support@acme.example', 'support');
  reader = await memberWithRole(t, owner, 'reader@acme.example', 'read_only');
});
afterAll(async () => {
  await t.close();
  unregisterProcessor('processor_b');
});

describe('webhook endpoint: edit and delete', () => {
  it('changes URL, events, description and state; a double submit replays; deletes after a confirmation', async () => {
    const created = await t.client.post('/account/webhooks', acmeKey, { url: 'http://127.0.0.1:9/first', events: ['*'], description: 'ERP' });
    expect(created.status).toBe(201);
    const path = `/dashboard/developers/webhooks/${created.body.id}`;
    const page = await open(owner, path);
    expect(page.html).toContain('id="edit-endpoint-form"');
    expect(page.html).toContain('value="ERP"');
    const edit = [['url', 'http://127.0.0.1:9/second'], ['description', ''], ['event', 'invoice.paid'], ['event', 'payment.failed'], ['state', 'disabled']] as Array<[string, string]>;
    const saved = await submit(owner, page.html, `${path}/edit`, edit);
    expect(saved.status, saved.html).toBe(303);
    expect(saved.location).toBe(path);
    const read = await t.client.get(`/account/webhooks/${created.body.id}`, acmeKey);
    expect(read.body).toMatchObject({ url: 'http://127.0.0.1:9/second', events: ['invoice.paid', 'payment.failed'], description: null, isActive: false });
    expect((await submit(owner, page.html, `${path}/edit`, edit)).status).toBe(303);

    const confirm = await open(owner, `${path}/delete`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('http://127.0.0.1:9/second');
    const deleted = await submit(owner, confirm.html, `${path}/delete`, []);
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe('/dashboard/developers');
    expect((await t.client.get(`/account/webhooks/${created.body.id}`, acmeKey)).status).toBe(404);
    expect((await open(owner, path)).status).toBe(404);
  });

  it('an API refusal is shown with its status; no event or state is refused by the form (422), nothing changed', async () => {
    const created = await t.client.post('/account/webhooks', acmeKey, { url: 'http://127.0.0.1:9/keep', events: ['*'] });
    const path = `/dashboard/developers/webhooks/${created.body.id}`;
    const page = await open(owner, path);
    const noEvent = await submit(owner, page.html, `${path}/edit`, [['url', 'http://127.0.0.1:9/x'], ['description', ''], ['state', 'active']]);
    expect(noEvent.status).toBe(422);
    expect(noEvent.html).toContain(text.invalidEditForm);
    const badUrl = await submit(owner, (await open(owner, path)).html, `${path}/edit`, [['url', 'not a url'], ['description', ''], ['event', '*'], ['state', 'active']]);
    expect(badUrl.status).toBe(422);
    expect(badUrl.html).toContain('url');
    expect((await t.client.get(`/account/webhooks/${created.body.id}`, acmeKey)).body).toMatchObject({ url: 'http://127.0.0.1:9/keep', events: ['*'], isActive: true });
  });

  it('refuses without CSRF and for support and read_only (403, unchanged); another account\'s endpoint answers 404', async () => {
    const created = await t.client.post('/account/webhooks', acmeKey, { url: 'http://127.0.0.1:9/guarded', events: ['*'] });
    const path = `/dashboard/developers/webhooks/${created.body.id}`;
    const fields: Array<[string, string]> = [['url', 'http://127.0.0.1:9/changed'], ['description', ''], ['event', '*'], ['state', 'disabled']];
    const page = await open(owner, path);
    expect((await submit(owner, page.html, `${path}/edit`, fields, { csrf: false })).status).toBe(403);
    for (const member of [support, reader]) {
      const seenBy = await open(member, path);
      expect(seenBy.status).toBe(200);
      expect(seenBy.html).not.toContain('id="edit-endpoint-form"');
      const csrf = csrfOf(seenBy.html);
      expect((await member.post(`${path}/edit`, { csrf, idempotencyKey: 'role-edit', url: 'http://127.0.0.1:9/changed', event: '*', description: '', state: 'disabled' })).status).toBe(403);
      expect((await open(member, `${path}/delete`)).status).toBe(403);
      expect((await member.post(`${path}/delete`, { csrf, idempotencyKey: 'role-delete' })).status).toBe(403);
    }
    expect((await t.client.get(`/account/webhooks/${created.body.id}`, acmeKey)).body).toMatchObject({ url: 'http://127.0.0.1:9/guarded', isActive: true });

    const foreign = await t.client.post('/account/webhooks', otherKey, { url: 'http://127.0.0.1:9/foreign', events: ['*'] });
    const foreignPath = `/dashboard/developers/webhooks/${foreign.body.id}`;
    const csrf = csrfOf(page.html);
    expect((await owner.post(`${foreignPath}/edit`, { csrf, idempotencyKey: 'foreign-edit', url: 'http://127.0.0.1:9/x', event: '*', description: '', state: 'disabled' })).status).toBe(404);
    expect((await open(owner, `${foreignPath}/delete`)).status).toBe(404);
    expect((await owner.post(`${foreignPath}/delete`, { csrf, idempotencyKey: 'foreign-delete' })).status).toBe(404);
    expect((await owner.post('/dashboard/developers/webhooks/not-a-uuid/delete', { csrf, idempotencyKey: 'malformed' })).status).toBe(404);
    expect((await t.client.get(`/account/webhooks/${foreign.body.id}`, otherKey)).body).toMatchObject({ url: 'http://127.0.0.1:9/foreign', isActive: true });
  });
});

const PROVIDER = '/dashboard/developers/providers/processor_b';
const credentialFields = (secrets: Record<string, string>): Array<[string, string]> => Object.entries(secrets).map(([field, value]) => [`credential.${field}`, value]);

describe('processor connections', () => {
  it('connects, checks (active, then failing with the reason), updates and disconnects, each read back through the API', async () => {
    const list = await open(owner, '/dashboard/developers/providers');
    expect(list.status).toBe(200);
    expect(list.html).toMatch(/id="provider-processor_b">[\s\S]*?não conectado/);
    const page = await open(owner, PROVIDER);
    expect(page.html).toContain('type="password" id="credential-secretKey"');
    const connected = await submit(owner, page.html, PROVIDER, [['method', 'card'], ['method', 'pix'], ...credentialFields(SECRETS)]);
    expect(connected.status, connected.html).toBe(303);
    const read = await t.client.get('/account/providers/processor_b', acmeKey);
    expect(read.body).toMatchObject({ methods: ['card', 'pix'], status: 'unchecked', environment: 'sandbox' });

    const after = await open(owner, PROVIDER);
    expect(after.html).toContain(SECRETS.publishableKey);
    const checked = await submit(owner, after.html, `${PROVIDER}/check`, []);
    expect(checked.location).toBe(`${PROVIDER}?checked=1`);
    expect((await t.client.get('/account/providers/processor_b', acmeKey)).body).toMatchObject({ status: 'active', statusReason: null });
    expect((await open(owner, checked.location!)).html).toMatch(/id="check-answer"[^>]*>[^<]*<strong>ativa<\/strong>/);

    const update = await open(owner, PROVIDER);
    const replaced = await submit(owner, update.html, PROVIDER, [['method', 'card'], ...credentialFields({ ...SECRETS, secretKey: BAD_SECRET_KEY })]);
    expect(replaced.status).toBe(303);
    const recheck = await submit(owner, (await open(owner, PROVIDER)).html, `${PROVIDER}/check`, []);
    const failing = await open(owner, recheck.location!);
    expect(failing.html).toContain('Invalid API key provided');
    expect((await t.client.get('/account/providers/processor_b', acmeKey)).body).toMatchObject({ methods: ['card'], status: 'failing', statusReason: expect.stringContaining('Invalid API key provided') });
    expect((await open(owner, '/dashboard/developers/providers')).html).toContain('Invalid API key provided');

    const confirm = await open(owner, `${PROVIDER}/disconnect`);
    expect(confirm.status).toBe(200);
    const gone = await submit(owner, confirm.html, `${PROVIDER}/disconnect`, []);
    expect(gone.location).toBe('/dashboard/developers/providers');
    expect((await t.client.get('/account/providers/processor_b', acmeKey)).status).toBe(404);
  });

  it('shows the API\'s refusal of a missing credential (422, nothing stored); an unknown processor answers 404', async () => {
    const page = await open(owner, PROVIDER);
    const missing = await submit(owner, page.html, PROVIDER, [['method', 'card'], ...credentialFields({ ...SECRETS, webhookSecret: '' })]);
    expect(missing.status).toBe(422);
    expect(missing.html).toContain('credentials.webhookSecret');
    expect((await t.client.get('/account/providers/processor_b', acmeKey)).status).toBe(404);
    expect((await open(owner, '/dashboard/developers/providers/processor_z')).status).toBe(404);
  });

  it('support and read_only see the list but no forms, and get 403 on every write (nothing changed); CSRF refused', async () => {
    expect((await t.client.put('/account/providers/processor_b', acmeKey, { methods: ['card'], credentials: SECRETS })).status).toBe(200);
    const page = await open(owner, PROVIDER);
    expect((await submit(owner, page.html, PROVIDER, [['method', 'pix'], ...credentialFields(SECRETS)], { csrf: false })).status).toBe(403);
    expect((await submit(owner, page.html, `${PROVIDER}/check`, [], { csrf: false })).status).toBe(403);
    for (const member of [support, reader]) {
      const list = await open(member, '/dashboard/developers/providers');
      expect(list.status).toBe(200);
      expect(list.html).toMatch(/id="provider-processor_b">[\s\S]*?conectado/);
      const seenBy = await open(member, PROVIDER);
      expect(seenBy.html).not.toContain('id="connect-form"');
      expect(seenBy.html).not.toContain('id="run-check"');
      const csrf = csrfOf(seenBy.html);
      expect((await member.post(PROVIDER, { csrf, idempotencyKey: 'role-connect', method: 'pix', ...Object.fromEntries(credentialFields(SECRETS)) })).status).toBe(403);
      expect((await member.post(`${PROVIDER}/check`, { csrf, idempotencyKey: 'role-check' })).status).toBe(403);
      expect((await open(member, `${PROVIDER}/disconnect`)).status).toBe(403);
      expect((await member.post(`${PROVIDER}/disconnect`, { csrf, idempotencyKey: 'role-disconnect' })).status).toBe(403);
    }
    expect((await t.client.get('/account/providers/processor_b', acmeKey)).body).toMatchObject({ methods: ['card'], status: 'unchecked' });
    expect((await t.client.delete('/account/providers/processor_b', acmeKey)).status).toBe(200);
  });

  it("another account's connection is not this account's: its page shows none, check and disconnect answer 404", async () => {
    expect((await t.client.put('/account/providers/processor_b', otherKey, { methods: ['card'], credentials: SECRETS })).status).toBe(200);
    const page = await open(owner, PROVIDER);
    expect(page.html).toContain('id="not-connected"');
    const csrf = csrfOf(page.html);
    expect((await owner.post(`${PROVIDER}/check`, { csrf, idempotencyKey: 'foreign-check' })).status).toBe(404);
    expect((await open(owner, `${PROVIDER}/disconnect`)).status).toBe(404);
    expect((await owner.post(`${PROVIDER}/disconnect`, { csrf, idempotencyKey: 'foreign-disconnect' })).status).toBe(404);
    expect((await t.client.get('/account/providers/processor_b', otherKey)).body).toMatchObject({ status: 'unchecked', methods: ['card'] });
  });
});

const RAIL = '/dashboard/developers/rail';
const railFields = (overrides: Record<string, string> = {}): Array<[string, string]> =>
  Object.entries({
    network: NETWORK,
    asset: USDC,
    assetDecimals: '6',
    payTo: SELLER_WALLET,
    graceWindow: '10m',
    graceMaxPerAgent: '30000',
    graceMaxTotal: '100000',
    graceQueueLimit: '100',
    graceClockSkewSeconds: '30',
    facilitator: 'sandbox',
    indexesForDiscovery: 'true',
    assetDomainName: 'USDC',
    assetDomainVersion: '2',
    ...overrides,
  });

describe('Rail settings and relayer', () => {
  it('sets the settings (read back), refuses an invalid form and shows the API\'s field errors, nothing changed', async () => {
    const before = await open(owner, RAIL);
    expect(before.html).toContain('id="rail-not-configured"');
    const saved = await submit(owner, before.html, `${RAIL}/settings`, railFields());
    expect(saved.status, saved.html).toBe(303);
    const read = await t.client.get('/rail/settings', acmeKey);
    expect(read.body).toMatchObject({
      network: NETWORK,
      asset: USDC,
      assetDecimals: 6,
      payTo: SELLER_WALLET,
      grace: { window: '10m', maxPerAgent: '30000', maxTotal: '100000', queueLimit: 100, clockSkewSeconds: 30 },
      facilitator: { provider: 'sandbox', indexesForDiscovery: true },
      assetDomain: { name: 'USDC', version: '2' },
    });
    const page = await open(owner, RAIL);
    expect(page.html).toContain(`id="rail-network">${NETWORK}`);
    expect(page.html).toContain('id="rail-form-discovery" checked');

    const notNumber = await submit(owner, page.html, `${RAIL}/settings`, railFields({ assetDecimals: 'six' }));
    expect(notNumber.status).toBe(422);
    expect(notNumber.html).toContain(text.invalidRailForm);
    const refused = await submit(owner, (await open(owner, RAIL)).html, `${RAIL}/settings`, railFields({ payTo: 'nope' }).filter(([name]) => name !== 'indexesForDiscovery'));
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('payTo');
    expect((await t.client.get('/rail/settings', acmeKey)).body).toMatchObject({ payTo: SELLER_WALLET, facilitator: { indexesForDiscovery: true } });
  });

  it('sets the relayer (its address shown, its key never), removes it after a confirmation', async () => {
    const page = await open(owner, RAIL);
    expect(page.html).toContain('id="no-relayer"');
    expect(page.html).toContain('type="password" id="relayer-key" name="privateKey" maxlength="400" autocomplete="off"');
    const set = await submit(owner, page.html, `${RAIL}/relayer`, [['privateKey', AGENT_KEY]]);
    expect(set.status, set.html).toBe(303);
    const address = privateKeyToAccount(AGENT_KEY).address;
    expect((await t.client.get('/rail/relayer', acmeKey)).body.address).toBe(address);
    const after = await open(owner, RAIL);
    expect(after.html).toContain(address);
    const bad = await submit(owner, after.html, `${RAIL}/relayer`, [['privateKey', '0x1234']]);
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('privateKey');
    expect((await t.client.get('/rail/relayer', acmeKey)).body.address).toBe(address);

    const confirm = await open(owner, `${RAIL}/relayer/remove`);
    expect(confirm.html).toContain(address);
    expect((await submit(owner, confirm.html, `${RAIL}/relayer/remove`, [])).location).toBe(RAIL);
    expect((await t.client.get('/rail/relayer', acmeKey)).status).toBe(404);
    expect((await open(owner, `${RAIL}/relayer/remove`)).status).toBe(404);
  });

  it('support and read_only read the page but get 403 on every write, nothing changed; CSRF refused', async () => {
    expect((await t.client.put('/rail/relayer', acmeKey, { privateKey: AGENT_KEY })).status).toBe(200);
    const page = await open(owner, RAIL);
    expect((await submit(owner, page.html, `${RAIL}/settings`, railFields({ graceWindow: '1h' }), { csrf: false })).status).toBe(403);
    expect((await submit(owner, page.html, `${RAIL}/relayer`, [['privateKey', AGENT_KEY]], { csrf: false })).status).toBe(403);
    for (const member of [support, reader]) {
      const seenBy = await open(member, RAIL);
      expect(seenBy.status).toBe(200);
      expect(seenBy.html).toContain(`id="rail-network">${NETWORK}`);
      expect(seenBy.html).not.toContain('id="rail-settings-form"');
      expect(seenBy.html).not.toContain('id="relayer-form"');
      const csrf = csrfOf(seenBy.html);
      expect((await member.post(`${RAIL}/settings`, { csrf, idempotencyKey: 'role-rail', ...Object.fromEntries(railFields({ graceWindow: '1h' })) })).status).toBe(403);
      expect((await member.post(`${RAIL}/relayer`, { csrf, idempotencyKey: 'role-relayer', privateKey: AGENT_KEY })).status).toBe(403);
      expect((await open(member, `${RAIL}/relayer/remove`)).status).toBe(403);
      expect((await member.post(`${RAIL}/relayer/remove`, { csrf, idempotencyKey: 'role-remove' })).status).toBe(403);
    }
    expect((await t.client.get('/rail/settings', acmeKey)).body.grace.window).toBe('10m');
    expect((await t.client.get('/rail/relayer', acmeKey)).status).toBe(200);
    // Another account's settings are its own: Other has none.
    expect((await t.client.get('/rail/settings', otherKey)).status).toBe(409);
  });
});

describe('secrets', () => {
  it('no page or answer the tests saw holds a secret, nor its last four characters as the API masks them', () => {
    expect(seen.length).toBeGreaterThan(30);
    for (const html of seen) {
      for (const secret of [SECRETS.secretKey, SECRETS.webhookSecret, BAD_SECRET_KEY, AGENT_KEY, AGENT_KEY.slice(2), `••••${SECRETS.secretKey.slice(-4)}`, `••••${SECRETS.webhookSecret.slice(-4)}`]) {
        expect(html).not.toContain(secret);
      }
    }
  });
});

describe('links', () => {
  it('the developers page links to the connections and the Rail', async () => {
    const page = await open(owner, '/dashboard/developers');
    expect(page.html).toContain('href="/dashboard/developers/providers"');
    expect(page.html).toContain('href="/dashboard/developers/rail"');
  });
});
