// What the invoices and payments pages' tests share: an account with its owner signed in, members
// of other roles (invited and accepted through the members page), and the fields of one form.
import { expect } from 'vitest';
import { csrfOf, DashboardBrowser } from './dashboard.ts';
import { ADMIN_TOKEN, type TestContext } from './harness.ts';
import type { MemberRole } from '../src/modules/members/index.ts';

export interface SeededShop {
  id: string;
  /** The account's sandbox secret key. */
  key: string;
  owner: DashboardBrowser;
  email: string;
}

/** A new account with its owner (password "a long password"), signed in; its sandbox secret key. */
export async function shopWithOwner(t: TestContext, name: string, email: string, language = 'pt-BR'): Promise<SeededShop> {
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner: { email, password: 'a long password' } });
  expect(res.status, res.raw).toBe(201);
  const keys = res.body.keys as Array<{ type: string; environment: string; key: string }>;
  const key = keys.find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
  return { id: res.body.account.id as string, key, owner: await signedIn(t, email, 'a long password', language), email };
}

export async function signedIn(t: TestContext, email: string, password: string, language = 'pt-BR'): Promise<DashboardBrowser> {
  const browser = new DashboardBrowser(t, language);
  expect((await browser.signIn(email, password)).status).toBe(303);
  return browser;
}

/** Invites a member with the role from the owner's members page, accepts, and answers its signed-in browser. */
export async function memberWithRole(t: TestContext, shop: SeededShop, email: string, role: MemberRole): Promise<DashboardBrowser> {
  const page = await shop.owner.get('/dashboard/members');
  expect((await shop.owner.post('/dashboard/members', { email, role, csrf: csrfOf(page.html) })).status).toBe(200);
  const mail = await t.database.db.selectFrom('emails').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const path = /http:\/\/[^\s]+(\/dashboard\/invitation\/[\w-]{43})/.exec(mail.text_body)![1]!;
  const browser = new DashboardBrowser(t);
  const invitation = await browser.get(path);
  expect((await browser.post(path, { password: `${role} password!`, csrf: csrfOf(invitation.html) })).location).toBe('/dashboard');
  return browser;
}

/** The csrf and idempotencyKey fields of the form posting to `action` on the page. */
export function formFields(html: string, action: string): { csrf: string; idempotencyKey: string } {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(form)?.[1];
  return { csrf: field('csrf')!, idempotencyKey: field('idempotencyKey')! };
}
