// What the members pages' routes share: the CSRF of signed-out forms (bound to the sign-in cookie,
// as the sign-in form's), the CSRF of a session's forms, starting a session after an invitation,
// and the shape of these routes' OpenAPI entries.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endSession, csrfMatches, SESSION_HOURS, startSession, type DashboardSession } from '../../modules/members/index.ts';
import { expiredCookie, newSignInValue, sessionCookie, signInCookie, signInCsrf, signInCsrfMatches, tokenCookie } from './cookies.ts';
import { renderRefusal } from './dashboard-page.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';

export const tags = ['dashboard'];
export const redirect = (description: string) => ({ description, type: 'null' as const });
export const pageConfig = { auth: 'none' as const, page: true, keylessCost: { cost: 'page' as const } };
export const formConfig = { auth: 'none' as const, page: true, idempotency: 'exempt' as const, keylessCost: { cost: 'write' as const } };

/** The CSRF token of a signed-out form: from the request's sign-in cookie, or a new cookie set on the answer. */
export function signedOutCsrf(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): string {
  const present = tokenCookie(request.headers.cookie, kit.cookies.signIn);
  if (present) return signInCsrf(present);
  const value = newSignInValue();
  reply.header('set-cookie', signInCookie(kit.cookies, value));
  return signInCsrf(value);
}

/** A 403 page unless a signed-out form carries the token of its sign-in cookie. */
export function refuseSignedOutForgery(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (signInCsrfMatches(tokenCookie(request.headers.cookie, kit.cookies.signIn), formField(request.body, 'csrf', 100))) return undefined;
  const locale = kit.locale(request);
  return kit.page(reply, 403, locale, renderRefusal(locale, 'csrf'));
}

/** The session a signed-in form acts for, or the answer already sent (to sign-in, or 403). */
export async function formSession(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<DashboardSession | FastifyReply> {
  const session = await kit.session(request);
  if (!session) return reply.redirect('/dashboard/login', 303);
  if (csrfMatches(session, formField(request.body, 'csrf', 100))) return session;
  const locale = kit.locale(request);
  return kit.page(reply, 403, locale, renderRefusal(locale, 'csrf'));
}

export function isSession(value: DashboardSession | FastifyReply): value is DashboardSession {
  return 'csrfToken' in value;
}

/** Signs the member in with a new session (any earlier one ended) and sends the browser to /dashboard. */
export async function signInAs(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, member: { id: string; accountId: string }): Promise<FastifyReply> {
  const now = kit.deps.clock.now();
  const earlier = await kit.session(request);
  if (earlier) await endSession(kit.deps.db, earlier, now);
  const { token } = await startSession(kit.deps.db, member, now);
  reply.header('set-cookie', [sessionCookie(kit.cookies, token, SESSION_HOURS * 3600), expiredCookie(kit.cookies, kit.cookies.signIn)]);
  return reply.redirect('/dashboard', 303);
}
