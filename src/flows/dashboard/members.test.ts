// The members page (issue #32): an owner invites by email with a role, the invitation link sets
// the password and signs in, roles change, members are removed but never the last owner; support
// and read_only get 403 on the page and every action; every form refuses a missing CSRF token;
// another account's member id answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { MEMBERS_TEXT } from './members-page.text.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestContext;
let acme: AccountWithOwner;
let other: AccountWithOwner;
let owner: DashboardBrowser;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccountWithOwner(t, 'Acme Ltda', 'owner@acme.example', 'owner password');
  other = await seedAccountWithOwner(t, 'Other', 'owner@other.example', 'other password');
  owner = new DashboardBrowser(t);
  expect((await owner.signIn(acme.email, 'owner password')).status).toBe(303);
});
afterAll(() => t.close());

async function memberId(accountId: string, email: string): Promise<string> {
  const row = await t.database.db.selectFrom('account_members').select('id').where('email', '=', email).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return row.id;
}

async function invitationPath(email: string): Promise<string> {
  const row = await t.database.db.selectFrom('emails').selectAll().where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return /http:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(row.text_body)![1]!;
}

async function invite(by: DashboardBrowser, email: string, role: MemberRole) {
  const page = await by.get('/dashboard/members');
  return by.post('/dashboard/members', { email, role, csrf: csrfOf(page.html) });
}

/** Invites, accepts with a password and answers the new member's signed-in browser. */
async function memberWithRole(email: string, role: MemberRole): Promise<DashboardBrowser> {
  expect((await invite(owner, email, role)).status).toBe(200);
  const browser = new DashboardBrowser(t);
  const path = await invitationPath(email);
  const page = await browser.get(path);
  expect((await browser.post(path, { password: `${role} password!`, csrf: csrfOf(page.html) })).location).toBe('/dashboard');
  return browser;
}

describe('invitations', () => {
  it('mails a one-time link; accepting sets the password and signs in; the link then answers 404', async () => {
    const res = await invite(owner, 'New.Admin@acme.example', 'admin');
    expect(res.status).toBe(200);
    expect(res.html).toContain('new.admin@acme.example');
    expect(res.html).toContain(MEMBERS_TEXT['pt-BR'].pending);
    const path = await invitationPath('new.admin@acme.example');
    const browser = new DashboardBrowser(t);
    const page = await browser.get(path);
    expect(page.html).toContain(MEMBERS_TEXT['pt-BR'].inviteLead);
    expect((await browser.post(path, { password: 'admin password!' })).status).toBe(403);
    const accepted = await browser.post(path, { password: 'admin password!', csrf: csrfOf(page.html) });
    expect(accepted.status).toBe(303);
    expect((await browser.get('/dashboard')).html).toContain('new.admin@acme.example');
    expect((await browser.get('/dashboard/members')).status).toBe(200);
    expect((await new DashboardBrowser(t).get(path)).status).toBe(404);
    expect((await new DashboardBrowser(t).signIn('new.admin@acme.example', 'admin password!')).status).toBe(303);
  });

  it('an email that is a member already answers 409; an admin cannot invite an owner (403)', async () => {
    expect((await invite(owner, acme.email, 'support')).status).toBe(409);
    const admin = new DashboardBrowser(t);
    await admin.signIn('new.admin@acme.example', 'admin password!');
    expect((await invite(admin, 'boss@acme.example', 'owner')).status).toBe(403);
    expect((await invite(admin, 'helper@acme.example', 'support')).status).toBe(200);
  });
});

describe('roles', () => {
  it('support and read_only get 403 on the page and on every action, and change nothing', async () => {
    const target = await memberId(acme.id, 'new.admin@acme.example');
    for (const role of ['support', 'read_only'] as const) {
      const browser = await memberWithRole(`${role}@acme.example`, role);
      expect((await browser.get('/dashboard/members')).status).toBe(403);
      const csrf = csrfOf((await browser.get('/dashboard')).html);
      expect((await browser.post('/dashboard/members', { email: 'x@acme.example', role: 'admin', csrf })).status).toBe(403);
      expect((await browser.post(`/dashboard/members/${target}/role`, { role: 'read_only', csrf })).status).toBe(403);
      expect((await browser.post(`/dashboard/members/${target}/remove`, { csrf })).status).toBe(403);
    }
    const roles = await t.database.db.selectFrom('account_members').select(['email', 'role']).where('email', 'in', ['new.admin@acme.example', 'x@acme.example']).execute();
    expect(roles).toEqual([{ email: 'new.admin@acme.example', role: 'admin' }]);
  });

  it('an owner changes a role; the members page shows it', async () => {
    const id = await memberId(acme.id, 'support@acme.example');
    const page = await owner.get('/dashboard/members');
    const res = await owner.post(`/dashboard/members/${id}/role`, { role: 'admin', csrf: csrfOf(page.html) });
    expect(res.status).toBe(303);
    expect((await t.database.db.selectFrom('account_members').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role).toBe('admin');
  });

  it('the last owner can be neither demoted nor removed (409); with a second owner, the first can go', async () => {
    const ownerId = await memberId(acme.id, acme.email);
    const csrf = csrfOf((await owner.get('/dashboard/members')).html);
    expect((await owner.post(`/dashboard/members/${ownerId}/role`, { role: 'admin', csrf })).status).toBe(409);
    expect((await owner.post(`/dashboard/members/${ownerId}/remove`, { csrf })).status).toBe(409);
    const second = await memberWithRole('second.owner@acme.example', 'owner');
    const secondCsrf = csrfOf((await second.get('/dashboard/members')).html);
    expect((await second.post(`/dashboard/members/${ownerId}/role`, { role: 'admin', csrf: secondCsrf })).status).toBe(303);
    expect((await second.post(`/dashboard/members/${ownerId}/role`, { role: 'owner', csrf: secondCsrf })).status).toBe(303);
  });

  it('removing a member deletes it with its sessions: its browser is signed out', async () => {
    const removed = await memberWithRole('leaving@acme.example', 'support');
    const id = await memberId(acme.id, 'leaving@acme.example');
    const csrf = csrfOf((await owner.get('/dashboard/members')).html);
    expect((await owner.post(`/dashboard/members/${id}/remove`, { csrf })).status).toBe(303);
    expect((await removed.get('/dashboard')).location).toBe('/dashboard/login');
    expect((await new DashboardBrowser(t).signIn('leaving@acme.example', 'support password!')).status).toBe(401);
  });
});

describe('forms and accounts apart', () => {
  it('every members form refuses a missing or wrong CSRF token (403) and changes nothing', async () => {
    const id = await memberId(acme.id, 'new.admin@acme.example');
    for (const csrf of [undefined, 'x'.repeat(43)]) {
      const extra: Record<string, string> = csrf ? { csrf } : {};
      expect((await owner.post('/dashboard/members', { email: 'csrf@acme.example', role: 'support', ...extra })).status).toBe(403);
      expect((await owner.post(`/dashboard/members/${id}/role`, { role: 'read_only', ...extra })).status).toBe(403);
      expect((await owner.post(`/dashboard/members/${id}/remove`, { ...extra })).status).toBe(403);
    }
    const row = await t.database.db.selectFrom('account_members').select('role').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    expect(await t.database.db.selectFrom('account_members').select('id').where('email', '=', 'csrf@acme.example').execute()).toEqual([]);
  });

  it("another account's member id answers 404 and is untouched; the page lists only the account's members", async () => {
    const foreign = await memberId(other.id, other.email);
    const page = await owner.get('/dashboard/members');
    expect(page.html).not.toContain(other.email);
    const csrf = csrfOf(page.html);
    expect((await owner.post(`/dashboard/members/${foreign}/role`, { role: 'read_only', csrf })).status).toBe(404);
    expect((await owner.post(`/dashboard/members/${foreign}/remove`, { csrf })).status).toBe(404);
    expect((await owner.post('/dashboard/members/not-a-uuid/remove', { csrf })).status).toBe(404);
    expect((await t.database.db.selectFrom('account_members').select('role').where('id', '=', foreign).executeTakeFirstOrThrow()).role).toBe('owner');
  });
});
