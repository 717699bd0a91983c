// Webhook endpoint actions of the developers pages (issue #32): registering an endpoint (its
// signing secret shown once, never on the endpoint's page), sending it a test event (the delivery
// appears), CSRF refused, read_only refused, another account's endpoint answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { ADMIN_TOKEN, startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { DEVELOPERS_TEXT } from './developers-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
const text = DEVELOPERS_TEXT['pt-BR'];
// Nothing listens on port 9 (discard): the test delivery is recorded, its attempt refused.
const DEAD_URL = 'http://127.0.0.1:9/hooks';
let t: TestContext;
let owner: DashboardBrowser;
let otherKey: string;

function fieldOf(html: string, action: string, name: string): string {
  const form = html.slice(html.indexOf(`action="${action}"`));
  const match = new RegExp(`name="${name}" value="([^"]+)"`).exec(form.slice(0, form.indexOf('</form>')));
  if (!match) throw new Error(`no ${name} in the form of ${action}`);
  return match[1]!;
}

async function postForm(browser: DashboardBrowser, url: string, form: URLSearchParams) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pt-BR' }, payload: form.toString() });
  return { status: res.statusCode, html: res.body, location: res.headers.location };
}

const secretOf = (html: string) => /<pre id="secret">([^<]+)<\/pre>/.exec(html)?.[1];

async function createForm(browser: DashboardBrowser, url: string, events: string[], description = '') {
  const page = await browser.get('/dashboard/developers');
  const action = '/dashboard/developers/webhooks';
  const form = new URLSearchParams({ csrf: fieldOf(page.html, action, 'csrf'), idempotencyKey: fieldOf(page.html, action, 'idempotencyKey'), url, description });
  for (const event of events) form.append('event', event);
  return form;
}

beforeAll(async () => {
  t = await startTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  const acme = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'Acme Ltda', owner: { email: 'owner@acme.example', password: 'owner password' } });
  const other = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'Other', owner: { email: 'owner@other.example', password: 'other password' } });
  expect(acme.status).toBe(201);
  otherKey = (other.body.keys as Array<{ type: string; environment: string; key: string }>).find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
  owner = new DashboardBrowser(t);
  expect((await owner.signIn('owner@acme.example', 'owner password')).status).toBe(303);
});
afterAll(() => t.close());

describe('webhook endpoints', () => {
  it('registers an endpoint: the secret shown once, a double submit replays (one endpoint), the endpoint page never shows it', async () => {
    const form = await createForm(owner, DEAD_URL, ['invoice.paid', 'payment.failed'], 'ERP');
    const answer = await postForm(owner, '/dashboard/developers/webhooks', form);
    expect(answer.status, answer.html).toBe(200);
    expect(answer.html).toContain(text.endpointCreatedTitle);
    const secret = secretOf(answer.html)!;
    expect(secret).toMatch(/^whsec_/);
    const again = await postForm(owner, '/dashboard/developers/webhooks', form);
    expect(secretOf(again.html)).toBe(secret);
    const rows = await t.database.db.selectFrom('webhook_endpoints').select(['id', 'events', 'description']).where('url', '=', DEAD_URL).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toBe('ERP');
    const page = await owner.get(`/dashboard/developers/webhooks/${rows[0]!.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('invoice.paid, payment.failed');
    expect(page.html).not.toContain(secret);
    expect((await owner.get('/dashboard/developers')).html).not.toContain(secret);
  });

  it('"*" alone subscribes to every event; an unknown kind or no event is refused with 422 and nothing stored', async () => {
    const all = await postForm(owner, '/dashboard/developers/webhooks', await createForm(owner, 'http://127.0.0.1:9/all', ['*', 'invoice.paid']));
    expect(all.status).toBe(200);
    const row = await t.database.db.selectFrom('webhook_endpoints').select('events').where('url', '=', 'http://127.0.0.1:9/all').executeTakeFirstOrThrow();
    expect(row.events).toEqual(['*']);
    const unknown = await postForm(owner, '/dashboard/developers/webhooks', await createForm(owner, 'http://127.0.0.1:9/bad', ['invoice.nope']));
    expect(unknown.status).toBe(422);
    expect(unknown.html).toContain(text.invalidEndpointForm);
    const none = await postForm(owner, '/dashboard/developers/webhooks', await createForm(owner, 'http://127.0.0.1:9/bad', []));
    expect(none.status).toBe(422);
    expect(await t.database.db.selectFrom('webhook_endpoints').select('id').where('url', '=', 'http://127.0.0.1:9/bad').execute()).toHaveLength(0);
  });

  it('sends a test event: its webhook.test delivery appears on the endpoint page', async () => {
    const { id } = await t.database.db.selectFrom('webhook_endpoints').select('id').where('url', '=', DEAD_URL).executeTakeFirstOrThrow();
    const path = `/dashboard/developers/webhooks/${id}`;
    const page = await owner.get(path);
    const action = `${path}/test`;
    const sent = await owner.post(action, { csrf: fieldOf(page.html, action, 'csrf'), idempotencyKey: fieldOf(page.html, action, 'idempotencyKey') });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(path);
    const after = await owner.get(path);
    expect(after.html).toContain('webhook.test');
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id).execute();
    expect(deliveries).toHaveLength(1);
  });

  it("refuses without CSRF (403), for read_only (403), and answers 404 for another account's endpoint", async () => {
    const form = await createForm(owner, 'http://127.0.0.1:9/nocsrf', ['invoice.paid']);
    form.delete('csrf');
    expect((await postForm(owner, '/dashboard/developers/webhooks', form)).status).toBe(403);
    const foreign = await t.client.post('/account/webhooks', otherKey, { url: 'http://127.0.0.1:9/other', events: ['*'] });
    expect(foreign.status).toBe(201);
    const page = await owner.get('/dashboard/developers');
    const csrf = csrfOf(page.html);
    const test = await owner.post(`/dashboard/developers/webhooks/${foreign.body.id}/test`, { csrf, idempotencyKey: 'foreign-test-1' });
    expect(test.status).toBe(404);
    expect(await t.database.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', foreign.body.id).execute()).toHaveLength(0);
    expect((await owner.post('/dashboard/developers/webhooks/not-a-uuid/test', { csrf, idempotencyKey: 'malformed-1' })).status).toBe(404);

    const members = await owner.get('/dashboard/members');
    expect((await owner.post('/dashboard/members', { email: 'ro@acme.example', role: 'read_only', csrf: csrfOf(members.html) })).status).toBe(200);
    const mail = await t.database.db.selectFrom('emails').selectAll().where('to_address', '=', 'ro@acme.example').executeTakeFirstOrThrow();
    const invite = /http:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(mail.text_body)![1]!;
    const reader = new DashboardBrowser(t);
    const invitePage = await reader.get(invite);
    expect((await reader.post(invite, { password: 'read_only password!', csrf: csrfOf(invitePage.html) })).status).toBe(303);
    const readerPage = await reader.get('/dashboard/developers');
    expect(readerPage.html).not.toContain('id="create-endpoint-form"');
    const refused = await reader.post('/dashboard/developers/webhooks', { csrf: csrfOf(readerPage.html), idempotencyKey: 'ro-create-1', url: 'http://127.0.0.1:9/ro', event: 'invoice.paid' });
    expect(refused.status).toBe(403);
    expect(await t.database.db.selectFrom('webhook_endpoints').select('id').where('url', '=', 'http://127.0.0.1:9/ro').execute()).toHaveLength(0);
  });
});
