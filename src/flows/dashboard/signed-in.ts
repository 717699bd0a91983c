// The signed-in member of a dashboard request, one shape for every section: the session, the
// member and its role, the use-case context of the session's account and environment, and the
// header's view. A page asks `pageSignedIn` (signed out: the redirect to sign-in is sent); a form
// asks `formSignedIn`, which checks the form's CSRF token first (refused: the 403 page is sent).
// What a role may do is each section's rule, asked with `may(roles)`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { findMemberView, requireRole, type DashboardSession, type MemberRole, type MemberView } from '../../modules/members/index.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import type { LayoutView } from './layout-page.ts';
import { formSession, isSession } from './members-forms.ts';

export interface SignedIn {
  session: DashboardSession;
  member: MemberView;
  ctx: UseCaseContext;
  layout: LayoutView;
  /** Whether the member's role is one of these (the members module's guard). */
  may(roles: readonly MemberRole[]): boolean;
}

/** The use-case context of a signed-in session: its account, in the environment it shows. */
export function sessionContext(kit: DashboardKit, session: DashboardSession): UseCaseContext {
  return { tenant: { accountId: session.accountId, environment: session.environment }, now: kit.deps.clock.now(), baseUrl: kit.deps.config.baseUrl };
}

/** Whether the role is one of the allowed ones, by the members module's own guard. */
export function roleMay(role: MemberRole, allowed: readonly MemberRole[]): boolean {
  try {
    requireRole(role, allowed);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') return false;
    throw error;
  }
}

/** The signed-in member of a live session; undefined when the member was removed since. */
export async function signedInOf(kit: DashboardKit, session: DashboardSession): Promise<SignedIn | undefined> {
  const ctx = sessionContext(kit, session);
  const [account, member] = await Promise.all([getTenant(kit.deps.db, ctx), findMemberView(kit.deps.db, session.memberId)]);
  if (!member) return undefined;
  return {
    session,
    member,
    ctx,
    layout: { accountName: account.name, environment: session.environment, csrf: session.csrfToken },
    may: (roles) => roleMay(member.role, roles),
  };
}

/** The signed-in member of a page request, or the redirect to sign-in already sent. */
export async function pageSignedIn(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | FastifyReply> {
  const session = await kit.session(request);
  const who = session && (await signedInOf(kit, session));
  return who ?? reply.redirect('/dashboard/login', 303);
}

/** The signed-in member a form acts as, after its CSRF check; or the answer already sent (sign-in, or 403). */
export async function formSignedIn(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | FastifyReply> {
  const session = await formSession(kit, request, reply);
  if (!isSession(session)) return session;
  return (await signedInOf(kit, session)) ?? reply.redirect('/dashboard/login', 303);
}

export function isSignedIn(value: SignedIn | FastifyReply): value is SignedIn {
  return 'may' in value && 'session' in value;
}
