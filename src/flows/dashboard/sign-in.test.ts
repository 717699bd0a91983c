// Signing in to the dashboard (issue #32): the form, wrong passwords, CSRF, cookie flags, session
// fixation, the attempts limit and one-time sign-in links. Real database, the app over inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { ADMIN_TOKEN, startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestContext;
let acme: AccountWithOwner;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { DASHBOARD_SIGN_IN_ATTEMPTS: '4' } });
  acme = await seedAccountWithOwner(t, 'Acme Ltda', 'Owner@Acme.example', 'correct horse battery');
});
afterAll(() => t.close());

const flags = (line: string) => line.split(';').map((part) => part.trim());

describe('the sign-in page', () => {
  it('signed out, /dashboard redirects to /dashboard/login', async () => {
    const res = await new DashboardBrowser(t).get('/dashboard');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard/login');
  });

  it('is a form with email, password and a CSRF token bound to a sign-in cookie (HttpOnly, SameSite=Lax, Path=/dashboard), pt-BR by default, under a CSP with no script', async () => {
    const res = await new DashboardBrowser(t).get('/dashboard/login');
    expect(res.status).toBe(200);
    expect(res.headers['content-language']).toBe('pt-BR');
    expect(res.html).toContain(DASHBOARD_TEXT['pt-BR'].signInTitle);
    expect(res.html).toMatch(/<form method="post" action="\/dashboard\/login">/);
    expect(res.html).toContain('name="email"');
    expect(res.html).toContain('name="password"');
    expect(csrfOf(res.html)).toMatch(/^[\w-]{43}$/);
    expect(res.setCookies).toHaveLength(1);
    const cookie = flags(res.setCookies[0]!);
    expect(cookie[0]).toMatch(/^dashboard_sign_in=[\w-]{43}$/);
    expect(cookie).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/dashboard']));
    expect(cookie).not.toContain('Secure');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('script-src');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('in English when Accept-Language prefers it', async () => {
    const res = await new DashboardBrowser(t, 'en-US,en;q=0.9').get('/dashboard/login');
    expect(res.headers['content-language']).toBe('en');
    expect(res.html).toContain(DASHBOARD_TEXT.en.signInTitle);
  });
});

describe('signing in', () => {
  it('the right email (any case) and password start a session: 303 to /dashboard, a session cookie flagged HttpOnly, SameSite=Lax, Path=/dashboard, 12 h', async () => {
    const browser = new DashboardBrowser(t);
    const res = await browser.signIn('OWNER@acme.example', 'correct horse battery');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard');
    const session = res.setCookies.map(flags).find((c) => c[0]!.startsWith('dashboard_session='))!;
    expect(session[0]).toMatch(/^dashboard_session=[\w-]{43}$/);
    expect(session).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/dashboard', 'Max-Age=43200']));
    expect(browser.cookies.has('dashboard_sign_in')).toBe(false); // spent
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Acme Ltda');
    expect(home.html).toContain('owner@acme.example');
    expect(home.html).toContain(DASHBOARD_TEXT['pt-BR'].roles.owner);
    expect(home.html).toContain(DASHBOARD_TEXT['pt-BR'].testBanner);
  });

  it('a wrong password or an unknown email answers 401 and the form again, with no session', async () => {
    for (const [email, password] of [
      ['owner@acme.example', 'wrong password!'],
      ['nobody@acme.example', 'correct horse battery'],
    ] as const) {
      const browser = new DashboardBrowser(t);
      const res = await browser.signIn(email, password);
      expect(res.status, email).toBe(401);
      expect(res.html).toContain(DASHBOARD_TEXT['pt-BR'].wrongCredentials);
      expect(res.setCookies.some((c) => c.startsWith('dashboard_session='))).toBe(false);
      expect((await browser.get('/dashboard')).status).toBe(303);
    }
  });

  it('refuses with 403 a form without its CSRF token, with a token of another sign-in cookie, or without the cookie', async () => {
    const browser = new DashboardBrowser(t);
    await browser.get('/dashboard/login');
    const missing = await browser.post('/dashboard/login', { email: acme.email, password: acme.password! });
    expect(missing.status).toBe(403);
    expect(missing.html).toContain(DASHBOARD_TEXT['pt-BR'].refused);

    const other = new DashboardBrowser(t);
    const foreign = csrfOf((await other.get('/dashboard/login')).html);
    const mismatched = await browser.post('/dashboard/login', { email: acme.email, password: acme.password!, csrf: foreign });
    expect(mismatched.status).toBe(403);

    const cookieless = new DashboardBrowser(t);
    const noCookie = await cookieless.post('/dashboard/login', { email: acme.email, password: acme.password!, csrf: foreign });
    expect(noCookie.status).toBe(403);
    expect(browser.cookies.has('dashboard_session') || cookieless.cookies.has('dashboard_session')).toBe(false);
  });

  it('session fixation: a session cookie presented before signing in is never the session after, and a session signed in again is replaced', async () => {
    const browser = new DashboardBrowser(t);
    const planted = 'A'.repeat(43);
    browser.cookies.set('dashboard_session', planted);
    await browser.signIn(acme.email, acme.password!);
    const first = browser.cookies.get('dashboard_session')!;
    expect(first).not.toBe(planted);
    expect((await browser.get('/dashboard')).status).toBe(200);

    // Signing in while presenting a live session: a new token, and the presented one stops working.
    const again = new DashboardBrowser(t);
    const form = await again.get('/dashboard/login');
    again.cookies.set('dashboard_session', first);
    expect((await again.post('/dashboard/login', { email: acme.email, password: acme.password!, csrf: csrfOf(form.html) })).status).toBe(303);
    const second = again.cookies.get('dashboard_session')!;
    expect(second).not.toBe(first);
    expect((await again.get('/dashboard')).status).toBe(200);
    const stale = new DashboardBrowser(t);
    stale.cookies.set('dashboard_session', first);
    expect((await stale.get('/dashboard')).location).toBe('/dashboard/login');
  });

  it('limits attempts per client address and email (429 with Retry-After), even with the right password; another email is not held back', async () => {
    const target = await seedAccountWithOwner(t, 'Limited', 'limited@example.com', 'the right password');
    const browser = new DashboardBrowser(t);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await browser.signIn(target.email, 'a wrong guess')).status, `attempt ${attempt}`).toBe(401);
    const held = await browser.signIn(target.email, 'the right password');
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.html).toContain(DASHBOARD_TEXT['pt-BR'].tooMany);
    expect((await browser.signIn(acme.email, acme.password!)).status).toBe(303);
  });
});

describe('the owner made with POST /admin/accounts', () => {
  it('refuses a password under 10 characters (422); an owner with a password gets no link, its email lowercased', async () => {
    const short = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'Short', owner: { email: 'a@example.com', password: 'short' } });
    expect(short.status).toBe(422);
    const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'With owner', owner: { email: 'Two@Example.com', password: 'another good one' } });
    expect(res.status).toBe(201);
    expect(res.body.owner).toEqual({ id: expect.any(String), email: 'two@example.com', role: 'owner', signInUrl: null });
  });

  it('without a password, the answer carries a one-time sign-in link: its page shows a button (GET uses nothing), the button signs in once, and never again', async () => {
    const linked = await seedAccountWithOwner(t, 'Linked', 'linked@example.com');
    expect(linked.signInUrl).toMatch(new RegExp(`^${t.config.baseUrl}/dashboard/sign-in/[\\w-]{43}$`));
    const path = new URL(linked.signInUrl!).pathname;
    const browser = new DashboardBrowser(t);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect((await browser.get(path)).status).toBe(200); // opening it again still shows the button
    expect((await browser.post(path, {})).status).toBe(403); // no CSRF token
    const used = await browser.post(path, { csrf: csrfOf(page.html) });
    expect(used.status).toBe(303);
    const home = await browser.get('/dashboard');
    expect(home.html).toContain('linked@example.com');

    const again = new DashboardBrowser(t);
    const gone = await again.get(path);
    expect(gone.status).toBe(404);
    expect(gone.html).toContain(DASHBOARD_TEXT['pt-BR'].linkGone);
    const secondPage = await again.get('/dashboard/login');
    expect((await again.post(path, { csrf: csrfOf(secondPage.html) })).status).toBe(404);
  });

  it('a retry with the same Idempotency-Key replays the same account, owner and link, and makes no second owner', async () => {
    const body = { name: 'Replayed', owner: { email: 'replay@example.com' } };
    const first = await t.client.post('/admin/accounts', ADMIN_TOKEN, body, { idempotencyKey: 'dashboard-owner-replay' });
    const again = await t.client.post('/admin/accounts', ADMIN_TOKEN, body, { idempotencyKey: 'dashboard-owner-replay' });
    expect(first.status).toBe(201);
    expect(again.body.owner).toEqual(first.body.owner);
    expect(again.body.account.id).toBe(first.body.account.id);
  });

  it('a sign-in link expires after 24 hours', async () => {
    const linked = await seedAccountWithOwner(t, 'Late', 'late@example.com');
    const path = new URL(linked.signInUrl!).pathname;
    clock.advance(24 * 3_600_000 + 1_000);
    expect((await new DashboardBrowser(t).get(path)).status).toBe(404);
  });
});

describe('on https', () => {
  it('the cookies are Secure and carry the __Secure- prefix', async () => {
    const https = await startTestApp({ env: { BASE_URL: 'https://billing.example.com' } });
    try {
      const owner = await seedAccountWithOwner(https, 'Secure', 'secure@example.com', 'a secure password');
      const browser = new DashboardBrowser(https);
      const page = await browser.get('/dashboard/login');
      expect(flags(page.setCookies[0]!)).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/dashboard']));
      expect(page.setCookies[0]).toMatch(/^__Secure-dashboard_sign_in=/);
      const res = await browser.signIn(owner.email, owner.password!);
      const session = res.setCookies.find((c) => c.startsWith('__Secure-dashboard_session='))!;
      expect(flags(session)).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/dashboard']));
      expect((await browser.get('/dashboard')).status).toBe(200);
    } finally {
      await https.close();
    }
  });
});
