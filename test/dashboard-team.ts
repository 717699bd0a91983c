// Accounts and members for the dashboard's tests: an account with its owner and its sandbox key,
// and a second member made as a person would (the owner invites it with a role on the members
// page and the invitation link sets its password), and a form's idempotencyKey.
import { csrfOf, DashboardBrowser } from './dashboard.ts';
import { ADMIN_TOKEN, type TestContext } from './harness.ts';

/** A new account with its owner (password 'a long password'); its sandbox secret key. */
export async function accountWithOwner(t: TestContext, name: string, email: string): Promise<string> {
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner: { email, password: 'a long password' } });
  if (res.status !== 201) throw new Error(`creating ${name} answered ${res.status}: ${res.raw}`);
  return (res.body.keys as Array<{ type: string; environment: string; key: string }>).find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
}

/** Invites `email` with `role` through `owner`'s members page; the new member's signed-in browser. */
export async function memberWithRole(t: TestContext, owner: DashboardBrowser, email: string, role: 'owner' | 'admin' | 'support' | 'read_only'): Promise<DashboardBrowser> {
  const page = await owner.get('/dashboard/members');
  const invited = await owner.post('/dashboard/members', { email, role, csrf: csrfOf(page.html) });
  if (invited.status !== 200) throw new Error(`inviting ${email} answered ${invited.status}`);
  const mail = await t.database.db.selectFrom('emails').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const path = /https?:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(mail.text_body)![1]!;
  const browser = new DashboardBrowser(t);
  const form = await browser.get(path);
  const accepted = await browser.post(path, { password: `${role} password!`, csrf: csrfOf(form.html) });
  if (accepted.location !== '/dashboard') throw new Error(`accepting ${email}'s invitation answered ${accepted.status}`);
  return browser;
}

/** The hidden idempotencyKey of the form posting to `action` on a page. */
export function formKeyOf(html: string, action: string): string {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const match = /name="idempotencyKey" value="([^"]+)"/.exec(html.slice(start));
  if (!match) throw new Error(`no idempotencyKey in the form posting to ${action}`);
  return match[1]!;
}
