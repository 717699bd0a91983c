// The members page in chromium (issue #32): an owner invites a support member, the invitation link
// from the email sets the member's password and signs in, the member then signs in through the
// form and cannot open the members page (403). Pages render under their CSP (a violation is a
// console error). Screenshots under test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXT } from '../../src/flows/dashboard/dashboard-page.text.ts';
import { MEMBERS_TEXT } from '../../src/flows/dashboard/members-page.text.ts';
import { seedAccountWithOwner } from '../dashboard.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('dashboard members in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('an owner invites a support member, who accepts, signs in and gets 403 on the members page', async () => {
    const text = MEMBERS_TEXT['pt-BR'];
    const owner = await seedAccountWithOwner(session.t, 'Loja da Ana', 'ana@loja.example', 'uma senha comprida');
    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(page, owner.email, owner.password!);
    await page.goto(`${session.origin}/dashboard/members`);
    expect(await page.locator('h1').textContent()).toBe(text.membersTitle);
    await page.locator('#invite-email').fill('bia@loja.example');
    await page.locator('#invite-role').selectOption('support');
    await page.locator('#invite').click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe(`${text.invited} bia@loja.example`);
    // Listed with the pending invitations until she accepts.
    expect(await page.locator('[data-invitation="bia@loja.example"] .member-role').textContent()).toBe(DASHBOARD_TEXT['pt-BR'].roles.support);
    await screenshot(page, 'dashboard-members.png');

    const email = await session.t.database.db.selectFrom('emails').selectAll().where('to_address', '=', 'bia@loja.example').executeTakeFirstOrThrow();
    const path = /http:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(email.text_body)![1]!;
    const member = await openPage(session, path, 'pt-BR');
    expect(await member.page.locator('h1').textContent()).toBe(text.inviteTitle);
    await member.page.locator('#password').fill('a senha da bia');
    await screenshot(member.page, 'dashboard-invitation.png');
    await member.page.locator('#submit').click();
    await member.page.waitForURL(/\/dashboard$/);
    expect(await member.page.locator('#member-email').textContent()).toBe('bia@loja.example');
    expect(await member.page.locator('#member-role').textContent()).toBe(DASHBOARD_TEXT['pt-BR'].roles.support);
    await member.page.locator('#sign-out').click();
    await member.page.waitForURL(/\/dashboard\/login$/);

    await signIn(member.page, 'bia@loja.example', 'a senha da bia');
    const refused = await member.page.goto(`${session.origin}/dashboard/members`);
    expect(refused?.status()).toBe(403);
    expect(await member.page.locator('#error').textContent()).toBe(text.forbidden);
    await screenshot(member.page, 'dashboard-members-403.png');
    expect(errors).toEqual([]);
    // The 403 answer is the one console line chromium writes for the member; nothing else (no CSP refusal).
    expect(member.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
  });
});
