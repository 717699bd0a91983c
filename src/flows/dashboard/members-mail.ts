// The emails of the members pages: a password reset link and an invitation, queued in the
// transaction that made their link (the email outbox of modules/email), so a link is mailed
// exactly when it exists. They are the account's production emails: a member is account-wide,
// and sandbox emails are never delivered.
import type { Tx } from '../../db/database.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { queueEmail } from '../../modules/email/index.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';
import { MEMBERS_TEXT } from './members-page.text.ts';

interface LinkEmail {
  accountId: string;
  to: string;
  link: string;
  locale: keyof typeof MEMBERS_TEXT;
  now: Date;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

async function queue(tx: Tx, email: LinkEmail, subject: string, body: string, values: Record<string, string> = {}): Promise<void> {
  const ctx = { tenant: { accountId: email.accountId, environment: 'production' as const }, now: email.now };
  const account = await getTenant(tx, ctx);
  const all = { account: account.name, link: email.link, ...values };
  await queueEmail(tx, ctx, { to: email.to, subject: fill(subject, all), text: fill(body, all) });
}

export async function queueResetEmail(tx: Tx, email: LinkEmail): Promise<void> {
  const text = MEMBERS_TEXT[email.locale];
  await queue(tx, email, text.resetSubject, text.resetBody);
}

export async function queueInvitationEmail(tx: Tx, email: LinkEmail, role: MemberRole): Promise<void> {
  const text = MEMBERS_TEXT[email.locale];
  await queue(tx, email, text.inviteSubject, text.inviteBody, { role: DASHBOARD_TEXT[email.locale].roles[role] });
}
