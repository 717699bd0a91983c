// Two-step verification (issue #32): a member turns TOTP on from the security page (a current code
// confirms the secret shown as QR and base32; 8 recovery codes shown once), signing in then asks a
// second step whose challenge is never a session; a wrong or replayed code is refused, a recovery
// code works once; turning it off asks the password and a code; both changes are in the audit log.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, memberWithRole } from '../../../test/dashboard-team.ts';
import { SECURITY_TEXT } from './security-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:07Z');
const PAGE = '/dashboard/account/security';
const PASSWORD = 'a long password';
let t: TestContext;
let key: string;
let owner: DashboardBrowser;
let secret: string;
let recoveryCodes: string[];
let anaSecret: string;
const ANA_PASSWORD = 'support password!';

/** The code an authenticator app shows now for a base32 secret. */
function codeNow(base32: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(base32), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now().getTime() + offsetSeconds * 1000 });
}

function secretIn(html: string): string {
  return /id="totp-secret">([A-Z2-7]+)</.exec(html)![1]!;
}

async function signedIn(email: string, password = PASSWORD): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t);
  expect((await browser.signIn(email, password)).location).toBe('/dashboard');
  return browser;
}

/** Posts the password; the second step's page. */
async function firstStep(email: string, password = PASSWORD): Promise<{ browser: DashboardBrowser; html: string; challenge: string }> {
  const browser = new DashboardBrowser(t);
  const answer = await browser.signIn(email, password);
  expect(answer.status).toBe(200);
  expect(answer.html).toContain('action="/dashboard/login/verify"');
  return { browser, html: answer.html, challenge: /name="challenge" value="([^"]+)"/.exec(answer.html)![1]! };
}

async function secondStep(step: { browser: DashboardBrowser; html: string; challenge: string }, code: string) {
  return step.browser.post('/dashboard/login/verify', { csrf: csrfOf(step.html), challenge: step.challenge, code });
}

/** The owner's own two-step changes in the sandbox's audit log (the key's environment), oldest first. */
async function totpEntries(): Promise<string[]> {
  const log = await t.client.get('/account/audit-log?limit=100', key);
  const entries = log.body.entries as Array<{ action: string; actor: { type: string; label: string | null } }>;
  return entries.filter((e) => e.action.startsWith('members.totp') && e.actor.label === 'owner@acme.example').map((e) => e.action).reverse();
}

beforeAll(async () => {
  // A master key for sealed secrets, as production has (with DATABASE_URL and none, set-up answers 503).
  t = await startTestApp({ clock, env: { SECRETS_KEY: randomBytes(32).toString('base64') } });
  key = await accountWithOwner(t, 'Acme Ltda', 'owner@acme.example');
  await accountWithOwner(t, 'Other Ltda', 'owner@other.example');
  owner = await signedIn('owner@acme.example');
});
afterAll(() => t.close());

describe('turning two-step verification on', () => {
  it('shows the secret as an inline SVG QR and base32; a wrong code leaves it off; a current code turns it on with 8 recovery codes', async () => {
    const page = await owner.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.html).toContain(SECURITY_TEXT['pt-BR'].disabledLead);
    const setup = await owner.post(`${PAGE}/totp/setup`, { csrf: csrfOf(page.html) });
    expect(setup.status).toBe(200);
    expect(setup.html).toMatch(/<svg [^>]*role="img"[^>]*aria-label=/);
    secret = secretIn(setup.html);
    expect(secret.length).toBe(32);
    // Stored sealed: the base32 text is nowhere in the row.
    const row = await t.database.db.selectFrom('member_totp').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.confirmed_at).toBeNull();

    const wrong = await owner.post(`${PAGE}/totp/confirm`, { csrf: csrfOf(setup.html), code: '000000' === codeNow(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(secretIn(wrong.html)).toBe(secret);
    // Still off: the password alone signs in.
    await signedIn('owner@acme.example');

    const confirmed = await owner.post(`${PAGE}/totp/confirm`, { csrf: csrfOf(setup.html), code: codeNow(secret) });
    expect(confirmed.status).toBe(200);
    recoveryCodes = [...confirmed.html.matchAll(/<li><code>([0-9a-f]{5}-[0-9a-f]{5})<\/code><\/li>/g)].map((m) => m[1]!);
    expect(recoveryCodes).toHaveLength(8);
    expect((await owner.get(PAGE)).html).toContain(SECURITY_TEXT['pt-BR'].enabledLead);
    expect((await owner.get(PAGE)).html).not.toContain(secret);
    expect(await totpEntries()).toEqual(['members.totp_enable']);
  });

  it('refuses the forms without their CSRF token (403)', async () => {
    expect((await owner.post(`${PAGE}/totp/setup`, { csrf: 'forged' })).status).toBe(403);
    expect((await owner.post(`${PAGE}/totp/disable`, { csrf: 'forged', password: PASSWORD, code: codeNow(secret) })).status).toBe(403);
    const step = await firstStep('owner@acme.example');
    expect((await step.browser.post('/dashboard/login/verify', { csrf: 'forged', challenge: step.challenge, code: codeNow(secret) })).status).toBe(403);
    expect((await owner.get(PAGE)).html).toContain(SECURITY_TEXT['pt-BR'].enabledLead);
  });

  it("another member never sees a member's secret, and cannot confirm it", async () => {
    const support = await memberWithRole(t, owner, 'ana@acme.example', 'support');
    const setupPage = await support.get(PAGE);
    const setup = await support.post(`${PAGE}/totp/setup`, { csrf: csrfOf(setupPage.html) });
    anaSecret = secretIn(setup.html);
    expect(anaSecret).not.toBe(secret);
    expect((await owner.get(PAGE)).html).not.toContain(anaSecret);
    const other = await signedIn('owner@other.example');
    const otherPage = await other.get(PAGE);
    expect(otherPage.html).not.toContain(anaSecret);
    expect(otherPage.html).not.toContain(secret);
    // Ana's code confirms nothing for the other account's owner: it has no set-up waiting (409).
    expect((await other.post(`${PAGE}/totp/confirm`, { csrf: csrfOf(otherPage.html), code: codeNow(anaSecret) })).status).toBe(409);
    expect(await t.database.db.selectFrom('member_totp').select('confirmed_at').where('confirmed_at', 'is not', null).execute()).toHaveLength(1);
    // Ana confirms her own.
    expect((await support.post(`${PAGE}/totp/confirm`, { csrf: csrfOf(setup.html), code: codeNow(anaSecret) })).status).toBe(200);
  });
});

describe('signing in with the second step', () => {
  it('the password alone starts no session; the challenge is not a session; a right code does', async () => {
    const step = await firstStep('owner@acme.example');
    expect(step.browser.cookies.size).toBe(1); // only the sign-in cookie
    expect((await step.browser.get('/dashboard')).location).toBe('/dashboard/login');
    // The challenge token presented as a session cookie signs nobody in.
    const forged = new DashboardBrowser(t);
    forged.cookies.set('__Host-dashboard_session', step.challenge);
    forged.cookies.set('dashboard_session', step.challenge);
    expect((await forged.get('/dashboard')).location).toBe('/dashboard/login');

    clock.advance(30_000);
    const done = await secondStep(step, codeNow(secret));
    expect(done.status).toBe(303);
    expect(done.location).toBe('/dashboard');
    expect((await step.browser.get('/dashboard')).status).toBe(200);
    // The challenge is used once (the sign-in cookie went with it: a new one for the CSRF token).
    const later = new DashboardBrowser(t);
    const login = await later.get('/dashboard/login');
    expect((await later.post('/dashboard/login/verify', { csrf: csrfOf(login.html), challenge: step.challenge, code: codeNow(secret, 30) })).status).toBe(404);
  });

  it('refuses a wrong code (401) and a replayed one (401), each counting as an attempt', async () => {
    const step = await firstStep('owner@acme.example');
    expect((await secondStep(step, '12345')).status).toBe(401);
    // The code of the step just used above was accepted once: the same code again is refused.
    const replay = await secondStep(step, codeNow(secret));
    expect(replay.status).toBe(401);
    expect(replay.html).toContain(SECURITY_TEXT['pt-BR'].wrongCode);
    clock.advance(30_000);
    expect((await secondStep(step, codeNow(secret))).location).toBe('/dashboard');
  });

  it('an expired challenge (5 minutes) is refused', async () => {
    const step = await firstStep('owner@acme.example');
    clock.advance(5 * 60_000 + 1000);
    expect((await secondStep(step, codeNow(secret))).status).toBe(404);
  });

  it('a recovery code works once', async () => {
    const step = await firstStep('owner@acme.example');
    expect((await secondStep(step, recoveryCodes[0]!.toUpperCase())).location).toBe('/dashboard');
    const again = await firstStep('owner@acme.example');
    expect((await secondStep(again, recoveryCodes[0]!)).status).toBe(401);
    expect((await secondStep(again, recoveryCodes[1]!)).location).toBe('/dashboard');
  });
});

describe('turning two-step verification off', () => {
  it('needs the password and a current code; then the password alone signs in', async () => {
    clock.advance(30_000);
    const page = await owner.get(PAGE);
    expect((await owner.post(`${PAGE}/totp/disable`, { csrf: csrfOf(page.html), password: 'not the password', code: codeNow(secret) })).status).toBe(422);
    expect((await owner.post(`${PAGE}/totp/disable`, { csrf: csrfOf(page.html), password: PASSWORD, code: '000000' })).status).toBe(422);
    clock.advance(30_000);
    const off = await owner.post(`${PAGE}/totp/disable`, { csrf: csrfOf(page.html), password: PASSWORD, code: codeNow(secret) });
    expect(off.status).toBe(200);
    expect(off.html).toContain(SECURITY_TEXT['pt-BR'].disabled);
    await signedIn('owner@acme.example');
    expect(await totpEntries()).toEqual(['members.totp_enable', 'members.totp_disable']);
  });
});

describe('the rate limit', () => {
  it('wrong codes count toward the sign-in rate limit (429 past it)', async () => {
    const step = await firstStep('ana@acme.example', ANA_PASSWORD);
    // 10 attempts per address and email: the password was 1, 9 wrong codes make 10, the 11th is refused.
    for (let i = 0; i < 9; i += 1) expect((await secondStep(step, 'nope-nope')).status).toBe(401);
    expect((await secondStep(step, codeNow(anaSecret, 30))).status).toBe(429);
  });
});
