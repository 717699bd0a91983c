// The members changes in the audit log (issue #32): inviting, resending and revoking an invitation,
// accepting one, changing a role, removing a member, changing and resetting a password each write
// an entry naming the member who acted and the member changed, in both environments (members are
// account-wide), readable in GET /account/audit-log and on /dashboard/audit. A refused change
// (403, 409) writes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestContext;
let acme: AccountWithOwner;
let owner: DashboardBrowser;
let ownerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccountWithOwner(t, 'Acme Ltda', 'owner@acme.example', 'owner password');
  owner = new DashboardBrowser(t);
  expect((await owner.signIn(acme.email, 'owner password')).status).toBe(303);
  ownerId = await memberId(acme.email);
});
afterAll(() => t.close());

async function memberId(email: string): Promise<string> {
  return (await t.database.db.selectFrom('account_members').select('id').where('email', '=', email).where('account_id', '=', acme.id).executeTakeFirstOrThrow()).id;
}

async function lastLink(email: string, kind: 'invitation' | 'reset'): Promise<string> {
  const row = await t.database.db.selectFrom('emails').selectAll().where('to_address', '=', email).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return new RegExp(`http://[^\\s]+(/dashboard/${kind}/[\\w-]{43})`).exec(row.text_body)![1]!;
}

async function csrf(): Promise<string> {
  return csrfOf((await owner.get('/dashboard/members')).html);
}

/** The log's entries of the members' changes, oldest first, as [actor email, action, resource]. */
async function memberEntries(key: string): Promise<Array<[string | null, string, string | null]>> {
  const log = await t.client.get('/account/audit-log?limit=100', key);
  expect(log.status).toBe(200);
  const entries = log.body.entries as Array<{ actor: { type: string; label: string | null }; action: string; resourceType: string | null; resourceId: string | null }>;
  return entries
    .filter((e) => e.action.startsWith('members.'))
    .map((e) => {
      expect(e.actor.type).toBe('member');
      expect(e.resourceType).toBe('member');
      return [e.actor.label, e.action, e.resourceId] as [string | null, string, string | null];
    })
    .reverse();
}

describe('members changes in the audit log', () => {
  it('each change writes one entry per environment naming the actor and the member changed', async () => {
    expect((await owner.post('/dashboard/members', { email: 'ana@acme.example', role: 'support', csrf: await csrf() })).status).toBe(200);
    const ana = await memberId('ana@acme.example');
    expect((await owner.post(`/dashboard/members/${ana}/resend`, { csrf: await csrf() })).status).toBe(200);
    const invitation = await lastLink('ana@acme.example', 'invitation');
    const browser = new DashboardBrowser(t);
    const form = await browser.get(invitation);
    expect((await browser.post(invitation, { password: 'ana password!', csrf: csrfOf(form.html) })).status).toBe(303);
    expect((await owner.post(`/dashboard/members/${ana}/role`, { role: 'admin', csrf: await csrf() })).status).toBe(303);
    const passwordForm = await browser.get('/dashboard/password');
    expect((await browser.post('/dashboard/password', { currentPassword: 'ana password!', password: 'ana new password', csrf: csrfOf(passwordForm.html) })).status).toBe(200);
    const forgot = new DashboardBrowser(t);
    const forgotForm = await forgot.get('/dashboard/forgot-password');
    expect((await forgot.post('/dashboard/forgot-password', { email: 'ana@acme.example', csrf: csrfOf(forgotForm.html) })).status).toBe(200);
    const reset = await lastLink('ana@acme.example', 'reset');
    const resetForm = await forgot.get(reset);
    expect((await forgot.post(reset, { password: 'ana third password', csrf: csrfOf(resetForm.html) })).status).toBe(200);
    expect((await owner.post('/dashboard/members', { email: 'bia@acme.example', role: 'read_only', csrf: await csrf() })).status).toBe(200);
    const bia = await memberId('bia@acme.example');
    expect((await owner.post(`/dashboard/members/${bia}/revoke`, { csrf: await csrf() })).status).toBe(303);
    expect((await owner.post(`/dashboard/members/${ana}/remove`, { csrf: await csrf() })).status).toBe(303);

    const expected = [
      ['owner@acme.example', 'members.invite', ana],
      ['owner@acme.example', 'members.invite_resend', ana],
      ['ana@acme.example', 'members.invite_accept', ana],
      ['owner@acme.example', 'members.role_change', ana],
      ['ana@acme.example', 'members.password_change', ana],
      ['ana@acme.example', 'members.password_reset', ana],
      ['owner@acme.example', 'members.invite', bia],
      ['owner@acme.example', 'members.invite_revoke', bia],
      ['owner@acme.example', 'members.remove', ana],
    ];
    expect(await memberEntries(acme.sandboxKey)).toEqual(expected);
    expect(await memberEntries(acme.productionKey)).toEqual(expected);
  });

  it('a refused change writes no entry', async () => {
    const before = (await memberEntries(acme.sandboxKey)).length;
    expect((await owner.post(`/dashboard/members/${ownerId}/remove`, { csrf: await csrf() })).status).toBe(409);
    expect((await owner.post(`/dashboard/members/${ownerId}/role`, { role: 'admin', csrf: await csrf() })).status).toBe(409);
    expect((await owner.post('/dashboard/members', { email: 'owner@acme.example', role: 'admin', csrf: await csrf() })).status).toBe(409);
    expect((await owner.post(`/dashboard/members/${ownerId}/remove`, {})).status).toBe(403);
    expect((await memberEntries(acme.sandboxKey)).length).toBe(before);
  });

  it('the entries show on /dashboard/audit', async () => {
    const page = await owner.get('/dashboard/audit');
    expect(page.status).toBe(200);
    expect(page.html).toContain('members.role_change');
    expect(page.html).toContain('members.invite_accept');
  });
});
