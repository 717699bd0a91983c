// Outgoing email. Use cases queue an email inside their own transaction (an outbox row), so an
// email exists exactly when its change committed, with its job; the job (dispatcher.ts) delivers
// it after commit through the configured mailer and retries failures with back-off.
// Sandbox emails are stored and never delivered: a test account must not be able to mail real
// addresses. They are read through GET /test/emails instead.
import type { Executor, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import { EMAIL_QUEUE } from './dispatcher.ts';
import * as repo from './repository.ts';
import type { EmailRow } from './tables.ts';

export { compileEmailTemplate, type EmailTemplate } from './templates.ts';

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface EmailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** Writes an email to the outbox in the caller's transaction; production emails are due at once. */
export async function queueEmail(tx: Tx, ctx: UseCaseContext, email: QueuedEmail): Promise<string> {
  const id = newId();
  await repo.insertEmail(tx, {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    to_address: email.to,
    subject: email.subject,
    text_body: email.text,
    html_body: email.html ?? null,
    created_at: ctx.now,
    sent_at: null,
    attempts: 0,
    next_attempt_at: ctx.tenant.environment === 'production' ? ctx.now : null,
    error: null,
  });
  if (ctx.tenant.environment === 'production') await enqueueJobs(tx, ctx.now, [{ id, queue: EMAIL_QUEUE, accountId: ctx.tenant.accountId }]);
  return id;
}

/** Writes many emails to the outbox in one insert (the cycle runner's batch), as queueEmail writes each; answers their ids. */
export async function queueEmails(tx: Tx, ctx: UseCaseContext, emails: readonly QueuedEmail[]): Promise<string[]> {
  const production = ctx.tenant.environment === 'production';
  const rows: EmailRow[] = emails.map((email) => ({
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    to_address: email.to,
    subject: email.subject,
    text_body: email.text,
    html_body: email.html ?? null,
    created_at: ctx.now,
    sent_at: null,
    attempts: 0,
    next_attempt_at: production ? ctx.now : null,
    error: null,
  }));
  await repo.insertEmails(tx, rows);
  if (production) await enqueueJobs(tx, ctx.now, rows.map((row) => ({ id: row.id, queue: EMAIL_QUEUE })));
  return rows.map((row) => row.id);
}

function toView(row: EmailRow): EmailView {
  return { id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, createdAt: row.created_at, sentAt: row.sent_at };
}

/** The tenant's emails, newest first (the routes expose this for sandbox keys only). */
export async function listEmails(ex: Executor, ctx: UseCaseContext, filter: { to?: string }, page: PageRequest): Promise<Page<EmailView>> {
  const rows = await repo.listEmails(ex, ctx.tenant, filter, page.limit, page.afterId);
  const result = toPage(rows, page.limit);
  return { items: result.items.map(toView), nextCursor: result.nextCursor };
}

export { emailJobHandler, sendQueuedEmail, EMAIL_QUEUE } from './dispatcher.ts';
export { createMailer, createSmtpMailer, MailerError, type Mailer, type OutgoingEmail } from './mailer.ts';
