// The signed-in dashboard: its home page, the sandbox / production switch and sign-out. Signed out
// (no cookie, an unknown, expired or revoked session), a page redirects to /dashboard/login. Forms
// carry the session's CSRF token (403 without it). Every read is of the session's own account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { csrfMatches, endSession, findMemberView, switchEnvironment, type DashboardSession } from '../../modules/members/index.ts';
import { expiredCookie } from './cookies.ts';
import { renderRefusal } from './dashboard-page.ts';
import { renderHome } from './home-page.ts';
import { loadOverview } from './overview.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';

const tags = ['dashboard'];
const redirect = (description: string) => ({ description, type: 'null' as const });

export function registerHomeRoutes(scope: App, kit: DashboardKit): void {
  const { deps, cookies } = kit;
  const formConfig = { auth: 'none' as const, page: true, idempotency: 'exempt' as const, keylessCost: { cost: 'write' as const } };

  /** The session a form may act for, or the answer already sent (to sign-in, or 403). */
  async function formSession(request: FastifyRequest, reply: FastifyReply): Promise<DashboardSession | FastifyReply> {
    const session = await kit.session(request);
    if (!session) return reply.redirect('/dashboard/login', 303);
    if (csrfMatches(session, formField(request.body, 'csrf', 100))) return session;
    const locale = kit.locale(request);
    return kit.page(reply, 403, locale, renderRefusal(locale, 'csrf'));
  }

  scope.get(
    '/dashboard',
    {
      config: { auth: 'none', page: true, keylessCost: { cost: 'page' } },
      schema: {
        tags,
        summary: 'The dashboard home page',
        description: "The signed-in member's account, email and role, the environment shown (a banner in sandbox), and the figures: revenue this month and last, MRR per currency, payments of the last 30 days by method, open invoices and failed payments. Signed out: 303 to /dashboard/login.",
        response: { 200: htmlResponse('The home page.'), 303: redirect('Signed out: to /dashboard/login.') },
      },
    },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      const tenant = { accountId: session.accountId, environment: session.environment };
      const now = deps.clock.now();
      const [account, member, overview] = await Promise.all([getTenant(deps.db, { tenant, now }), findMemberView(deps.db, session.memberId), loadOverview(deps.db, tenant, now)]);
      if (!member) return reply.redirect('/dashboard/login', 303);
      const locale = kit.locale(request);
      const view = { accountName: account.name, memberEmail: member.email, role: member.role, environment: session.environment, csrf: session.csrfToken };
      return kit.page(reply, 200, locale, renderHome(locale, view, overview));
    },
  );

  scope.post(
    '/dashboard/environment',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Switch the dashboard between sandbox and production',
        description: 'Form fields environment (sandbox or production) and csrf. 303 to /dashboard.',
        response: { 303: redirect('To /dashboard (or /dashboard/login when signed out).'), 403: htmlResponse('CSRF token refused.') },
      },
    },
    async (request, reply) => {
      const session = await formSession(request, reply);
      if (!('csrfToken' in session)) return session;
      const environment = formField(request.body, 'environment');
      if (environment === 'sandbox' || environment === 'production') await switchEnvironment(deps.db, session, environment);
      return reply.redirect('/dashboard', 303);
    },
  );

  scope.post(
    '/dashboard/logout',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Sign out of the dashboard',
        description: 'Form field csrf. Revokes the session (its cookie stops working at once) and deletes the cookie: 303 to /dashboard/login.',
        response: { 303: redirect('To /dashboard/login.'), 403: htmlResponse('CSRF token refused.') },
      },
    },
    async (request, reply) => {
      const session = await formSession(request, reply);
      if (!('csrfToken' in session)) return session;
      await endSession(deps.db, session, deps.clock.now());
      reply.header('set-cookie', expiredCookie(cookies, cookies.session));
      return reply.redirect('/dashboard/login', 303);
    },
  );
}
