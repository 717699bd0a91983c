// Pending invitations on the members page (issue #32): listed apart from the members, resent (a new
// email and a fresh link; the old link answers its expired page) and revoked (the member goes; the
// link answers its expired page). Support and read_only are refused, CSRF is checked, another
// account's member and a member who accepted already answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';
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
  return (await t.database.db.selectFrom('account_members').select('id').where('email', '=', email).where('account_id', '=', accountId).executeTakeFirstOrThrow()).id;
}

async function invitationLinks(email: string): Promise<string[]> {
  const rows = await t.database.db.selectFrom('emails').selectAll().where('to_address', '=', email).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => /http:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(row.text_body)![1]!);
}

async function csrf(by = owner): Promise<string> {
  return csrfOf((await by.get('/dashboard')).html);
}

async function invite(email: string, role = 'support') {
  return owner.post('/dashboard/members', { email, role, csrf: await csrf() });
}

/** The part of the members page between two ids (a list), to tell members from invitations. */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</dl>', start));
}

describe('pending invitations', () => {
  it('are listed apart from the members, with resend and revoke', async () => {
    expect((await invite('ana@acme.example')).status).toBe(200);
    const page = await owner.get('/dashboard/members');
    const invitations = section(page.html, 'invitations');
    expect(invitations).toContain('ana@acme.example');
    expect(invitations).toContain(MEMBERS_TEXT['pt-BR'].pending);
    const id = await memberId(acme.id, 'ana@acme.example');
    expect(invitations).toContain(`/dashboard/members/${id}/resend`);
    expect(invitations).toContain(`/dashboard/members/${id}/revoke`);
    expect(section(page.html, 'members')).not.toContain('ana@acme.example');
  });

  it('resend mails a fresh link; the old one answers the expired page and the new one is accepted', async () => {
    const id = await memberId(acme.id, 'ana@acme.example');
    const [first] = await invitationLinks('ana@acme.example');
    const res = await owner.post(`/dashboard/members/${id}/resend`, { csrf: await csrf() });
    expect(res.status).toBe(200);
    expect(res.html).toContain(`${MEMBERS_TEXT['pt-BR'].invited} ana@acme.example`);
    const links = await invitationLinks('ana@acme.example');
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(first);
    const stale = await new DashboardBrowser(t).get(first!);
    expect(stale.status).toBe(404);
    expect(stale.html).toContain(MEMBERS_TEXT['pt-BR'].linkGone);
    const browser = new DashboardBrowser(t);
    const form = await browser.get(links[1]!);
    expect(form.status).toBe(200);
    expect((await browser.post(links[1]!, { password: 'ana password!', csrf: csrfOf(form.html) })).location).toBe('/dashboard');
    // Accepted: a member now, no longer an invitation, and resend or revoke find no invitation.
    const page = await owner.get('/dashboard/members');
    expect(page.html).toContain('id="no-invitations"');
    expect(section(page.html, 'members')).toContain('ana@acme.example');
    expect((await owner.post(`/dashboard/members/${id}/resend`, { csrf: await csrf() })).status).toBe(404);
    expect((await owner.post(`/dashboard/members/${id}/revoke`, { csrf: await csrf() })).status).toBe(404);
  });

  it('revoke removes the invited member; its link answers the expired page', async () => {
    expect((await invite('bia@acme.example', 'read_only')).status).toBe(200);
    const id = await memberId(acme.id, 'bia@acme.example');
    const [link] = await invitationLinks('bia@acme.example');
    expect((await owner.post(`/dashboard/members/${id}/revoke`, { csrf: await csrf() })).status).toBe(303);
    expect(await t.database.db.selectFrom('account_members').select('id').where('id', '=', id).execute()).toEqual([]);
    const gone = await new DashboardBrowser(t).get(link!);
    expect(gone.status).toBe(404);
    expect(gone.html).toContain(MEMBERS_TEXT['pt-BR'].linkGone);
    expect((await owner.get('/dashboard/members')).html).not.toContain('bia@acme.example');
  });

  it('support and read_only are refused (403), a missing CSRF token is refused (403), and nothing changes', async () => {
    expect((await invite('cris@acme.example')).status).toBe(200);
    const id = await memberId(acme.id, 'cris@acme.example');
    expect((await owner.post(`/dashboard/members/${id}/resend`, {})).status).toBe(403);
    expect((await owner.post(`/dashboard/members/${id}/revoke`, { csrf: 'x'.repeat(43) })).status).toBe(403);
    const anaId = await memberId(acme.id, 'ana@acme.example');
    const ana = new DashboardBrowser(t);
    expect((await ana.signIn('ana@acme.example', 'ana password!')).status).toBe(303);
    expect((await ana.post(`/dashboard/members/${id}/resend`, { csrf: await csrf(ana) })).status).toBe(403);
    expect((await ana.post(`/dashboard/members/${id}/revoke`, { csrf: await csrf(ana) })).status).toBe(403);
    await t.database.db.updateTable('account_members').set({ role: 'read_only' }).where('id', '=', anaId).execute();
    expect((await ana.post(`/dashboard/members/${id}/revoke`, { csrf: await csrf(ana) })).status).toBe(403);
    expect(await invitationLinks('cris@acme.example')).toHaveLength(1);
    expect(await t.database.db.selectFrom('account_members').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
  });

  it("another account's pending member answers 404 and is untouched; an invalid id answers 404", async () => {
    const otherOwner = new DashboardBrowser(t);
    expect((await otherOwner.signIn(other.email, 'other password')).status).toBe(303);
    expect((await otherOwner.post('/dashboard/members', { email: 'dora@other.example', role: 'support', csrf: await csrf(otherOwner) })).status).toBe(200);
    const foreign = await memberId(other.id, 'dora@other.example');
    expect((await owner.post(`/dashboard/members/${foreign}/resend`, { csrf: await csrf() })).status).toBe(404);
    expect((await owner.post(`/dashboard/members/${foreign}/revoke`, { csrf: await csrf() })).status).toBe(404);
    expect((await owner.post('/dashboard/members/not-a-uuid/revoke', { csrf: await csrf() })).status).toBe(404);
    expect(await invitationLinks('dora@other.example')).toHaveLength(1);
    expect(await t.database.db.selectFrom('account_members').select('id').where('id', '=', foreign).execute()).toEqual([{ id: foreign }]);
  });
});
