// What the dashboard's business pages' routes share (invoices, payments, customers): the session's
// use-case context and header, the page cursor, the member a form acts as (after its CSRF check),
// the role check, and the words shown for an API's refusal. The actions themselves go through the
// service's own API (api-call.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { htmlResponse } from '../../http/pages.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { findMemberView, requireRole, type DashboardSession, type MemberRole, type MemberView } from '../../modules/members/index.ts';
import type { ApiAnswer } from './api-call.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { MONEY_TEXT, type MoneyErrorCode } from './invoices-payments.text.ts';
import type { LayoutView } from './layout-page.ts';
import { formSession, isSession } from './members-forms.ts';

export const PAGE_SIZE = 25;
export const signedOut = { description: 'Signed out: to /dashboard/login.', type: 'null' as const };

/** The answers of an action form: done (303), or the resource's page with the refusal at its status. */
export const actionResponses = (done: string) => ({
  303: { description: `Done: to ${done} (or /dashboard/login when signed out).`, type: 'null' as const },
  403: htmlResponse('CSRF token refused, or the role may not do this: nothing changed.'),
  404: htmlResponse('No such resource in this account and environment.'),
  409: htmlResponse("The API's conflict (the status does not allow it): the page with its message."),
  422: htmlResponse("The API's refusal of the data (or a form without its idempotencyKey): the page with its message."),
  502: htmlResponse("The processor refused or is down (the API's 502): the page with its message; nothing was recorded."),
  504: htmlResponse("The processor did not answer in time (the API's 504): the page with its message; nothing was recorded."),
});

export interface SignedInView {
  ctx: UseCaseContext;
  layout: LayoutView;
}

/** The use-case context of a signed-in session: its account, in the environment it shows. */
export function sessionContext(kit: DashboardKit, session: DashboardSession): UseCaseContext {
  return { tenant: { accountId: session.accountId, environment: session.environment }, now: kit.deps.clock.now(), baseUrl: kit.deps.config.baseUrl };
}

/** The use-case context and the header's view of a signed-in session. */
export async function signedInView(kit: DashboardKit, session: DashboardSession): Promise<SignedInView> {
  const ctx = sessionContext(kit, session);
  const account = await getTenant(kit.deps.db, ctx);
  return { ctx, layout: { accountName: account.name, environment: session.environment, csrf: session.csrfToken } };
}

export interface Actor {
  session: DashboardSession;
  member: MemberView;
}

/** The member a signed-in form acts as, or the answer already sent (to sign-in, or 403 for its CSRF token). */
export async function formActor(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<Actor | FastifyReply> {
  const session = await formSession(kit, request, reply);
  if (!isSession(session)) return session;
  const member = await findMemberView(kit.deps.db, session.memberId);
  if (!member) return reply.redirect('/dashboard/login', 303);
  return { session, member };
}

export function isActor(value: Actor | FastifyReply): value is Actor {
  return 'member' in value && 'session' in value;
}

/** Whether the role may act (the members module's guard). */
export function roleMay(role: MemberRole, allowed: readonly MemberRole[]): boolean {
  try {
    requireRole(role, allowed);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') return false;
    throw error;
  }
}

/** The id of the API's `cursor` (base64url of the last id); a broken cursor starts from the newest. */
export function afterIdOf(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : null;
}

/** What the page says of an API's refusal: our words for the codes we know, then the API's own message. */
export function refusalText(locale: PageLocale, answer: ApiAnswer): string {
  const errors = MONEY_TEXT[locale].errors;
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as { error_code?: unknown; message?: unknown };
  const code = typeof body.error_code === 'string' && body.error_code in errors ? (body.error_code as MoneyErrorCode) : 'other';
  const message = typeof body.message === 'string' ? body.message : '';
  return message ? `${errors[code]} (${message})` : errors[code];
}
