// Passwords from the dashboard (issue #32): "forgot password" mails a one-time reset link (the same
// answer for an unknown email), the link works once and for an hour, a reset signs every session
// out, a member signed in by a link sets a password; every form refuses a missing CSRF token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';
import { MEMBERS_TEXT } from './members-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestContext;
let acme: AccountWithOwner;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccountWithOwner(t, 'Acme Ltda', 'owner@acme.example', 'the first password');
});
afterAll(() => t.close());

/** The emails the outbox holds for an address, oldest first. */
async function emailsTo(to: string) {
  return t.database.db.selectFrom('emails').selectAll().where('to_address', '=', to).orderBy('created_at').orderBy('id').execute();
}

function linkIn(text: string, path: string): string {
  const match = new RegExp(`http://[^\\s]+(${path}/[\\w-]{43})`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

async function forgot(browser: DashboardBrowser, email: string) {
  const page = await browser.get('/dashboard/forgot-password');
  return browser.post('/dashboard/forgot-password', { email, csrf: csrfOf(page.html) });
}

async function resetWith(path: string, password: string) {
  const browser = new DashboardBrowser(t);
  const page = await browser.get(path);
  if (page.status !== 200) return page;
  return browser.post(path, { password, csrf: csrfOf(page.html) });
}

describe('forgot password', () => {
  it('the sign-in page links to it; a known and an unknown email get the same answer; only the known one is mailed, in the production outbox', async () => {
    expect((await new DashboardBrowser(t).get('/dashboard/login')).html).toContain('href="/dashboard/forgot-password"');
    const known = await forgot(new DashboardBrowser(t), 'Owner@Acme.example');
    const unknown = await forgot(new DashboardBrowser(t), 'nobody@acme.example');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.html).toBe(unknown.html);
    expect(known.html).toContain(MEMBERS_TEXT['pt-BR'].forgotSent);
    expect(await emailsTo('nobody@acme.example')).toHaveLength(0);
    const [email] = await emailsTo('owner@acme.example');
    expect(email).toMatchObject({ account_id: acme.id, environment: 'production', subject: MEMBERS_TEXT['pt-BR'].resetSubject });
    expect(email!.text_body).toContain('Acme Ltda');
    expect(linkIn(email!.text_body, '/dashboard/reset')).toMatch(/^\/dashboard\/reset\//);
  });

  it('refuses the form without its CSRF token (403) and mails nothing', async () => {
    const before = (await emailsTo('owner@acme.example')).length;
    const browser = new DashboardBrowser(t);
    await browser.get('/dashboard/forgot-password');
    expect((await browser.post('/dashboard/forgot-password', { email: 'owner@acme.example' })).status).toBe(403);
    expect((await new DashboardBrowser(t).post('/dashboard/forgot-password', { email: 'owner@acme.example', csrf: 'x'.repeat(43) })).status).toBe(403);
    expect(await emailsTo('owner@acme.example')).toHaveLength(before);
  });
});

describe('the reset link', () => {
  it('sets the new password once, signs every session of the member out, and the old password stops working', async () => {
    const signedIn = new DashboardBrowser(t);
    expect((await signedIn.signIn(acme.email, 'the first password')).status).toBe(303);
    await forgot(new DashboardBrowser(t), acme.email);
    const path = linkIn((await emailsTo(acme.email)).at(-1)!.text_body, '/dashboard/reset');
    const done = await resetWith(path, 'the second password');
    expect(done.status).toBe(200);
    expect(done.html).toContain(MEMBERS_TEXT['pt-BR'].resetDone);
    expect((await signedIn.get('/dashboard')).location).toBe('/dashboard/login');
    expect((await new DashboardBrowser(t).signIn(acme.email, 'the first password')).status).toBe(401);
    expect((await new DashboardBrowser(t).signIn(acme.email, 'the second password')).status).toBe(303);
    // Used: its page and its form answer 404.
    expect((await new DashboardBrowser(t).get(path)).status).toBe(404);
    expect((await resetWith(path, 'a third password')).status).toBe(404);
  });

  it('expires after an hour', async () => {
    await forgot(new DashboardBrowser(t), acme.email);
    const path = linkIn((await emailsTo(acme.email)).at(-1)!.text_body, '/dashboard/reset');
    const browser = new DashboardBrowser(t);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    clock.advance(3_600_000 + 1_000);
    expect((await browser.post(path, { password: 'too late password', csrf: csrfOf(page.html) })).status).toBe(404);
    expect((await new DashboardBrowser(t).signIn(acme.email, 'too late password')).status).toBe(401);
  });

  it('refuses a too short password (422, the link still usable) and a post without CSRF (403)', async () => {
    await forgot(new DashboardBrowser(t), acme.email);
    const path = linkIn((await emailsTo(acme.email)).at(-1)!.text_body, '/dashboard/reset');
    const browser = new DashboardBrowser(t);
    const page = await browser.get(path);
    expect((await browser.post(path, { password: 'short', csrf: csrfOf(page.html) })).status).toBe(422);
    expect((await browser.post(path, { password: 'long enough password' })).status).toBe(403);
    expect((await browser.post(path, { password: 'long enough password', csrf: csrfOf(page.html) })).status).toBe(200);
  });

  it('is not a sign-in link, and a sign-in link is not a reset link', async () => {
    await forgot(new DashboardBrowser(t), acme.email);
    const token = linkIn((await emailsTo(acme.email)).at(-1)!.text_body, '/dashboard/reset').split('/').at(-1)!;
    expect((await new DashboardBrowser(t).get(`/dashboard/sign-in/${token}`)).status).toBe(404);
    expect((await new DashboardBrowser(t).get(`/dashboard/invitation/${token}`)).status).toBe(404);
    const linked = await seedAccountWithOwner(t, 'Linked', 'linked@acme.example');
    const signInToken = linked.signInUrl!.split('/').at(-1)!;
    expect((await new DashboardBrowser(t).get(`/dashboard/reset/${signInToken}`)).status).toBe(404);
  });
});

describe('a signed-in member\'s password', () => {
  it('a member signed in by a link sets one (no current password asked), then changing it asks the current one', async () => {
    const owner = await seedAccountWithOwner(t, 'Beta', 'beta@beta.example');
    const browser = new DashboardBrowser(t);
    const path = new URL(owner.signInUrl!).pathname;
    const linkPage = await browser.get(path);
    expect((await browser.post(path, { csrf: csrfOf(linkPage.html) })).status).toBe(303);
    const form = await browser.get('/dashboard/password');
    expect(form.html).toContain(MEMBERS_TEXT['pt-BR'].passwordLead);
    expect(form.html).not.toContain('name="currentPassword"');
    expect((await browser.post('/dashboard/password', { password: 'beta password one' })).status).toBe(403);
    expect((await browser.post('/dashboard/password', { password: 'beta password one', csrf: csrfOf(form.html) })).status).toBe(200);
    expect((await new DashboardBrowser(t).signIn('beta@beta.example', 'beta password one')).status).toBe(303);
    const change = await browser.get('/dashboard/password');
    expect(change.html).toContain('name="currentPassword"');
    expect((await browser.post('/dashboard/password', { password: 'beta password two', currentPassword: 'wrong', csrf: csrfOf(change.html) })).status).toBe(422);
    expect((await browser.post('/dashboard/password', { password: 'beta password two', currentPassword: 'beta password one', csrf: csrfOf(change.html) })).status).toBe(200);
    expect((await new DashboardBrowser(t).signIn('beta@beta.example', 'beta password two')).status).toBe(303);
  });
});
