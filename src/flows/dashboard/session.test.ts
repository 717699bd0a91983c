// A dashboard session once signed in (issue #32): sign-out (CSRF checked) invalidates it, it
// expires after 12 hours, the sandbox / production switch, and each member sees only its account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestContext;
let a: AccountWithOwner;
let b: AccountWithOwner;

beforeAll(async () => {
  t = await startTestApp({ clock });
  a = await seedAccountWithOwner(t, 'Conta A', 'ana@a.example', 'password of ana');
  b = await seedAccountWithOwner(t, 'Conta B', 'bruno@b.example', 'password of bruno');
});
afterAll(() => t.close());

async function signedIn(owner: AccountWithOwner): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t);
  expect((await browser.signIn(owner.email, owner.password!)).status).toBe(303);
  return browser;
}

describe('signing out', () => {
  it('refuses a sign-out without the session\'s CSRF token (403, the session still works)', async () => {
    const browser = await signedIn(a);
    expect((await browser.post('/dashboard/logout', {})).status).toBe(403);
    expect((await browser.post('/dashboard/logout', { csrf: 'x'.repeat(43) })).status).toBe(403);
    const other = await signedIn(a);
    const othersToken = csrfOf((await other.get('/dashboard')).html);
    expect((await browser.post('/dashboard/logout', { csrf: othersToken })).status).toBe(403);
    expect((await browser.get('/dashboard')).status).toBe(200);
  });

  it('revokes the session and deletes its cookie; the old cookie then redirects to the sign-in page', async () => {
    const browser = await signedIn(a);
    const token = browser.cookies.get('dashboard_session')!;
    const home = await browser.get('/dashboard');
    const res = await browser.post('/dashboard/logout', { csrf: csrfOf(home.html) });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard/login');
    expect(res.setCookies.find((c) => c.startsWith('dashboard_session='))).toMatch(/Max-Age=0/);
    const replay = new DashboardBrowser(t);
    replay.cookies.set('dashboard_session', token);
    const after = await replay.get('/dashboard');
    expect(after.status).toBe(303);
    expect(after.location).toBe('/dashboard/login');
    expect((await replay.post('/dashboard/logout', { csrf: csrfOf(home.html) })).location).toBe('/dashboard/login');
  });
});

describe('a session', () => {
  it('expires 12 hours after signing in', async () => {
    const browser = await signedIn(a);
    clock.advance(12 * 3_600_000 - 1_000);
    expect((await browser.get('/dashboard')).status).toBe(200);
    clock.advance(2_000);
    const res = await browser.get('/dashboard');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard/login');
  });

  it('an unknown or malformed session cookie is signed out', async () => {
    for (const value of ['B'.repeat(43), 'not-a-token', '']) {
      const browser = new DashboardBrowser(t);
      browser.cookies.set('dashboard_session', value);
      expect((await browser.get('/dashboard')).location, value).toBe('/dashboard/login');
    }
  });

  it('shows sandbox with a test-mode banner, and switches to production and back (CSRF checked)', async () => {
    const browser = await signedIn(a);
    const sandbox = await browser.get('/dashboard');
    expect(sandbox.html).toContain('id="test-banner"');
    expect(sandbox.html).toMatch(/class="env env-sandbox" id="environment">Testes</);
    expect((await browser.post('/dashboard/environment', { environment: 'production' })).status).toBe(403);
    const res = await browser.post('/dashboard/environment', { environment: 'production', csrf: csrfOf(sandbox.html) });
    expect(res.status).toBe(303);
    const production = await browser.get('/dashboard');
    expect(production.html).not.toContain('id="test-banner"');
    expect(production.html).toMatch(/class="env env-production" id="environment">Produção</);
    await browser.post('/dashboard/environment', { environment: 'sandbox', csrf: csrfOf(production.html) });
    expect((await browser.get('/dashboard')).html).toContain(DASHBOARD_TEXT['pt-BR'].testBanner);
  });
});

describe('accounts apart', () => {
  it("a member of account A sees A's dashboard only, and B's member B's, whatever the request carries", async () => {
    const ana = await signedIn(a);
    const bruno = await signedIn(b);
    const aHome = await ana.get(`/dashboard?account=${b.id}`);
    expect(aHome.html).toContain('Conta A');
    expect(aHome.html).toContain('ana@a.example');
    expect(aHome.html).not.toContain('Conta B');
    expect(aHome.html).not.toContain('bruno@b.example');
    const bHome = await bruno.get('/dashboard');
    expect(bHome.html).toContain('Conta B');
    expect(bHome.html).not.toContain('Conta A');
    // Ana's password does not open Bruno's account, nor the reverse.
    expect((await new DashboardBrowser(t).signIn(b.email, a.password!)).status).toBe(401);
  });
});
