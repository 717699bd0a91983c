// The developers pages (issue #32): API keys (create: the key shown once; revoke: the key then
// answers 401), webhook endpoints (failing flagged here and on the home page, deliveries with their
// last error, resend, secret rotation) and the event log. Every action goes through the API with
// the form's Idempotency-Key (a double submit replays: one key only); CSRF missing answers 403;
// support and read_only only read; another account's or environment's ids answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { webhookJobHandler } from '../../modules/webhooks/index.ts';
import { ADMIN_TOKEN, startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { DEVELOPERS_TEXT } from './developers-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
const text = DEVELOPERS_TEXT['pt-BR'];
// Nothing listens on port 9 (discard): every delivery attempt fails with a refused connection.
const DEAD_URL = 'http://127.0.0.1:9/hooks';
let t: TestContext;
let acme: Seeded;
let other: Seeded;
let owner: DashboardBrowser;

interface Seeded {
  id: string;
  email: string;
  key: string;
  liveKey: string;
}

async function seed(name: string, email: string, password: string): Promise<Seeded> {
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner: { email, password } });
  expect(res.status, res.raw).toBe(201);
  const keys = res.body.keys as Array<{ type: string; environment: string; key: string }>;
  const secret = (environment: string) => keys.find((k) => k.type === 'secret' && k.environment === environment)!.key;
  return { id: res.body.account.id, email, key: secret('sandbox'), liveKey: secret('production') };
}

/** The value of a hidden field of the form posting to `action`. */
function fieldOf(html: string, action: string, name: string): string {
  const form = html.slice(html.indexOf(`action="${action}"`));
  const match = new RegExp(`name="${name}" value="([^"]+)"`).exec(form.slice(0, form.indexOf('</form>')));
  if (!match) throw new Error(`no ${name} in the form of ${action}`);
  return match[1]!;
}

async function memberWithRole(email: string, role: MemberRole): Promise<DashboardBrowser> {
  const members = await owner.get('/dashboard/members');
  expect((await owner.post('/dashboard/members', { email, role, csrf: csrfOf(members.html) })).status).toBe(200);
  const mail = await t.database.db.selectFrom('emails').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
  const path = /http:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(mail.text_body)![1]!;
  const browser = new DashboardBrowser(t);
  const page = await browser.get(path);
  expect((await browser.post(path, { password: `${role} password!`, csrf: csrfOf(page.html) })).status).toBe(303);
  return browser;
}

async function createKey(browser: DashboardBrowser, name: string, scopes: string[]) {
  const page = await browser.get('/dashboard/developers');
  const form = new URLSearchParams({ csrf: fieldOf(page.html, '/dashboard/developers/keys', 'csrf'), idempotencyKey: fieldOf(page.html, '/dashboard/developers/keys', 'idempotencyKey'), name });
  for (const scope of scopes) form.append('scope', scope);
  return { form, answer: await postForm(browser, '/dashboard/developers/keys', form) };
}

/** Posts a form with repeated fields (the scopes' checkboxes), as a browser does. */
async function postForm(browser: DashboardBrowser, url: string, form: URLSearchParams) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pt-BR' }, payload: form.toString() });
  return { status: res.statusCode, html: res.body, location: res.headers.location };
}

/** The secret of the page that shows it once (Handlebars escapes = as &#x3D;). */
const secretOf = (html: string) => /<pre id="secret">([^<]+)<\/pre>/.exec(html)?.[1]?.replace(/&#x([0-9A-F]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
const keysNamed = (name: string) => t.database.db.selectFrom('api_keys').select(['id', 'revoked_at']).where('name', '=', name).execute();
const deliver = () => runDueJobs({ db: t.database.db, clock, log: { warn: () => undefined, error: () => undefined } }, [webhookJobHandler({ db: t.database.db, clock, policy: { allowPrivateTargets: true } })]);

beforeAll(async () => {
  t = await startTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  acme = await seed('Acme Ltda', 'owner@acme.example', 'owner password');
  other = await seed('Other', 'owner@other.example', 'other password');
  expect((await t.client.post('/customers', other.key, { name: 'Someone else' })).status).toBe(201);
  owner = new DashboardBrowser(t);
  expect((await owner.signIn(acme.email, 'owner password')).status).toBe(303);
});
afterAll(() => t.close());

describe('API keys', () => {
  it("lists the session environment's keys redacted, never a full secret key", async () => {
    const page = await owner.get('/dashboard/developers');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.html).toContain(`${acme.key.slice(0, 8)}...${acme.key.slice(-4)}`);
    expect(page.html).not.toContain(acme.key);
    expect(page.html).not.toContain(acme.liveKey.slice(0, 8));
    expect(page.html).toContain(text.createKey);
  });

  it('creates a key shown once; a double submit replays it (one key only); the list never shows it again', async () => {
    const { form, answer } = await createKey(owner, 'reporting', ['customers:read', 'billing:read']);
    expect(answer.status).toBe(200);
    const key = secretOf(answer.html)!;
    expect(key).toMatch(/^sk_test_[\w-]{43}$/);
    expect(answer.html).toContain(text.keyCreatedLead);
    const again = await postForm(owner, '/dashboard/developers/keys', form);
    expect(again.status).toBe(200);
    expect(secretOf(again.html)).toBe(key);
    expect(await keysNamed('reporting')).toHaveLength(1);
    expect((await t.client.get('/customers', key)).status).toBe(200);
    expect((await t.client.get('/products', key)).status).toBe(403);
    const list = await owner.get('/dashboard/developers');
    expect(list.html).toContain('reporting');
    expect(list.html).not.toContain(key);
  });

  it('refuses a form without a scope (422) and without or with a wrong CSRF token (403), creating nothing', async () => {
    const page = await owner.get('/dashboard/developers');
    const fields = { idempotencyKey: fieldOf(page.html, '/dashboard/developers/keys', 'idempotencyKey'), name: 'no-scope' };
    const noScope = await owner.post('/dashboard/developers/keys', { ...fields, csrf: csrfOf(page.html) });
    expect(noScope.status).toBe(422);
    expect(noScope.html).toContain(text.invalidKeyForm);
    expect((await owner.post('/dashboard/developers/keys', { ...fields, name: 'forged', scope: 'account:write' })).status).toBe(403);
    expect((await owner.post('/dashboard/developers/keys', { ...fields, name: 'forged', scope: 'account:write', csrf: 'x'.repeat(43) })).status).toBe(403);
    expect(await keysNamed('no-scope')).toHaveLength(0);
    expect(await keysNamed('forged')).toHaveLength(0);
  });

  it('revokes a key: 303, the list marks it, the key answers 401 on the API; a second submit replays', async () => {
    const { answer } = await createKey(owner, 'to-revoke', ['customers:read']);
    const key = secretOf(answer.html)!;
    const [row] = await keysNamed('to-revoke');
    const page = await owner.get('/dashboard/developers');
    const action = `/dashboard/developers/keys/${row!.id}/revoke`;
    const form = { csrf: fieldOf(page.html, action, 'csrf'), idempotencyKey: fieldOf(page.html, action, 'idempotencyKey') };
    expect((await owner.post(action, { csrf: 'wrong' })).status).toBe(403);
    expect((await t.client.get('/customers', key)).status).toBe(200);
    const revoked = await owner.post(action, form);
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe('/dashboard/developers');
    expect((await t.client.get('/customers', key)).status).toBe(401);
    expect((await owner.post(action, form)).status).toBe(303);
    const list = await owner.get('/dashboard/developers');
    expect(list.html).toMatch(new RegExp(`id="key-${row!.id}"[^]*?${text.revokedOn}`));
    expect(list.html).not.toContain(`id="revoke-${row!.id}"`);
  });

  it("another account's key, a production key from sandbox and a malformed id answer 404 and revoke nothing", async () => {
    const otherKey = await t.database.db.selectFrom('api_keys').select('id').where('account_id', '=', other.id).where('type', '=', 'secret').where('environment', '=', 'sandbox').executeTakeFirstOrThrow();
    const liveKey = await t.database.db.selectFrom('api_keys').select('id').where('account_id', '=', acme.id).where('type', '=', 'secret').where('environment', '=', 'production').executeTakeFirstOrThrow();
    const page = await owner.get('/dashboard/developers');
    const csrf = csrfOf(page.html);
    for (const id of [otherKey.id, liveKey.id, 'not-a-uuid']) {
      const res = await owner.post(`/dashboard/developers/keys/${id}/revoke`, { csrf, idempotencyKey: crypto.randomUUID() });
      expect(res.status, id).toBe(404);
      expect(res.html).toContain(text.notFound);
    }
    expect((await t.client.get('/customers', other.key)).status).toBe(200);
    expect((await t.client.get('/customers', acme.liveKey)).status).toBe(200);
  });
});

describe('webhook endpoints', () => {
  let endpointId: string;
  let deliveryId: string;

  beforeAll(async () => {
    const res = await t.client.post('/account/webhooks', acme.key, { url: DEAD_URL, events: ['customer.created'] });
    expect(res.status, res.raw).toBe(201);
    endpointId = res.body.id;
    expect((await t.client.post('/customers', acme.key, { name: 'Maria' })).status).toBe(201);
    await deliver();
    const row = await t.database.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow();
    deliveryId = row.id;
  });

  it('flags the failing endpoint on the developers page and on the home page', async () => {
    const page = await owner.get('/dashboard/developers');
    expect(page.html).toMatch(new RegExp(`id="endpoint-${endpointId}" class="failing"[^]*?${text.failingSince}`));
    const home = await owner.get('/dashboard');
    expect(home.html).toContain(`id="failing-endpoint-${endpointId}"`);
    expect(home.html).toContain(DEAD_URL);
  });

  it("shows the endpoint's deliveries with attempts and the last error; resending answers 303 and queues it", async () => {
    const page = await owner.get(`/dashboard/developers/webhooks/${endpointId}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(new RegExp(`id="delivery-${deliveryId}"[^]*?${text.deliveryStatuses.pending}[^]*?${text.attempts(1)}[^]*?${text.lastError}`));
    const action = `/dashboard/developers/webhooks/${endpointId}/deliveries/${deliveryId}/retry`;
    const res = await owner.post(action, { csrf: fieldOf(page.html, action, 'csrf'), idempotencyKey: fieldOf(page.html, action, 'idempotencyKey') });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/dashboard/developers/webhooks/${endpointId}`);
    const row = await t.database.db.selectFrom('webhook_deliveries').select(['status', 'next_attempt_at']).where('id', '=', deliveryId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', next_attempt_at: clock.now() });
  });

  it('rotates the secret: shown once, the endpoint page never shows it', async () => {
    const page = await owner.get(`/dashboard/developers/webhooks/${endpointId}`);
    const action = `/dashboard/developers/webhooks/${endpointId}/rotate-secret`;
    const res = await owner.post(action, { csrf: fieldOf(page.html, action, 'csrf'), idempotencyKey: fieldOf(page.html, action, 'idempotencyKey') });
    expect(res.status).toBe(200);
    const secret = secretOf(res.html)!;
    expect(secret).toMatch(/^whsec_/);
    const stored = await t.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(stored.secret).toBe(secret);
    expect((await owner.get(`/dashboard/developers/webhooks/${endpointId}`)).html).not.toContain('whsec_');
  });

  it("a disabled endpoint's resend shows the API's 409 and its message", async () => {
    expect((await t.client.patch(`/account/webhooks/${endpointId}`, acme.key, { isActive: false })).status).toBe(200);
    const page = await owner.get(`/dashboard/developers/webhooks/${endpointId}`);
    expect(page.html).toContain(text.disabled);
    const action = `/dashboard/developers/webhooks/${endpointId}/deliveries/${deliveryId}/retry`;
    const res = await owner.post(action, { csrf: csrfOf(page.html), idempotencyKey: crypto.randomUUID() });
    expect(res.status).toBe(409);
    expect(res.html).toContain('The endpoint is disabled');
    expect((await t.client.patch(`/account/webhooks/${endpointId}`, acme.key, { isActive: true })).status).toBe(200);
  });

  it("another account's or environment's endpoint, and a malformed id, answer the same 404 everywhere", async () => {
    const res = await t.client.post('/account/webhooks', other.key, { url: DEAD_URL, events: ['*'] });
    const live = await t.client.post('/account/webhooks', acme.liveKey, { url: DEAD_URL, events: ['*'] });
    const csrf = csrfOf((await owner.get('/dashboard/developers')).html);
    for (const id of [res.body.id, live.body.id, 'nope']) {
      expect((await owner.get(`/dashboard/developers/webhooks/${id}`)).status, id).toBe(404);
      expect((await owner.post(`/dashboard/developers/webhooks/${id}/rotate-secret`, { csrf, idempotencyKey: crypto.randomUUID() })).status, id).toBe(404);
      expect((await owner.post(`/dashboard/developers/webhooks/${id}/deliveries/${deliveryId}/retry`, { csrf, idempotencyKey: crypto.randomUUID() })).status, id).toBe(404);
    }
    const secrets = await t.database.db.selectFrom('webhook_endpoints').select('previous_secret').where('id', 'in', [res.body.id, live.body.id]).execute();
    expect(secrets).toEqual([{ previous_secret: null }, { previous_secret: null }]);
  });

  it('support may not resend deliveries, revoke keys, create keys or rotate secrets (403, nothing changes); read_only only reads', async () => {
    const support = await memberWithRole('support@acme.example', 'support');
    const page = await support.get(`/dashboard/developers/webhooks/${endpointId}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('rotate-secret');
    const retry = `/dashboard/developers/webhooks/${endpointId}/deliveries/${deliveryId}/retry`;
    // A delivery's resend is a developer's setting (the API's route needs account:write): no form
    // for support, and a post made anyway is refused by the role before the API is called.
    expect(page.html).not.toContain(retry);
    const csrf = csrfOf(page.html);
    const queuedBefore = await t.database.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId).execute();
    const resent = await support.post(retry, { csrf, idempotencyKey: crypto.randomUUID() });
    expect(resent.status).toBe(403);
    expect(await t.database.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId).execute()).toHaveLength(queuedBefore.length);
    const keyRow = await t.database.db.selectFrom('api_keys').select('id').where('account_id', '=', acme.id).where('type', '=', 'secret').where('environment', '=', 'sandbox').where('name', 'is', null).executeTakeFirstOrThrow();
    const before = await t.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpointId).executeTakeFirstOrThrow();
    const refused = await support.post(`/dashboard/developers/keys/${keyRow.id}/revoke`, { csrf, idempotencyKey: crypto.randomUUID() });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(text.forbidden);
    expect((await support.post('/dashboard/developers/keys', { csrf, idempotencyKey: crypto.randomUUID(), name: 'by-support', scope: 'account:write' })).status).toBe(403);
    expect((await support.post(`/dashboard/developers/webhooks/${endpointId}/rotate-secret`, { csrf, idempotencyKey: crypto.randomUUID() })).status).toBe(403);
    expect((await t.client.get('/customers', acme.key)).status).toBe(200);
    expect(await keysNamed('by-support')).toHaveLength(0);
    expect(await t.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpointId).executeTakeFirstOrThrow()).toEqual(before);

    const reader = await memberWithRole('reader@acme.example', 'read_only');
    const developers = await reader.get('/dashboard/developers');
    expect(developers.status).toBe(200);
    expect(developers.html).not.toContain('/revoke"');
    expect(developers.html).not.toContain(text.createKey);
    const readerCsrf = csrfOf(developers.html);
    expect((await reader.post(retry, { csrf: readerCsrf, idempotencyKey: crypto.randomUUID() })).status).toBe(403);
  });
});

describe('events', () => {
  it('lists events newest first, filters by type, and shows one event as JSON', async () => {
    const page = await owner.get('/dashboard/developers/events');
    expect(page.status).toBe(200);
    const types = [...page.html.matchAll(/<strong>([a-z_.]+)<\/strong><\/a>/g)].map((m) => m[1]);
    expect(types).toContain('customer.created');
    expect(types).toContain('api_key.created');
    const ids = [...page.html.matchAll(/id="event-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    expect(ids).toEqual([...ids].sort().reverse());
    const filtered = await owner.get('/dashboard/developers/events?type=customer.created');
    const filteredTypes = [...filtered.html.matchAll(/<strong>([a-z_.]+)<\/strong><\/a>/g)].map((m) => m[1]);
    expect(filteredTypes).toEqual(['customer.created']);
    const id = /id="event-([0-9a-f-]{36})"/.exec(filtered.html)![1]!;
    const event = await owner.get(`/dashboard/developers/events/${id}`);
    expect(event.status).toBe(200);
    expect(event.html).toContain('&quot;name&quot;: &quot;Maria&quot;');
  });

  it("another account's event and a malformed id answer 404", async () => {
    const otherEvent = await t.database.db.selectFrom('events').select('id').where('account_id', '=', other.id).executeTakeFirstOrThrow();
    for (const id of [otherEvent.id, 'x']) {
      const res = await owner.get(`/dashboard/developers/events/${id}`);
      expect(res.status).toBe(404);
      expect(res.html).toContain(text.notFound);
    }
  });

  it('signed out, every page goes to the sign-in page', async () => {
    const anonymous = new DashboardBrowser(t);
    for (const path of ['/dashboard/developers', '/dashboard/developers/events']) expect((await anonymous.get(path)).location).toBe('/dashboard/login');
  });
});
