// GET /dashboard/audit: the audit log of the session's account and environment, read through the
// API's GET /account/audit-log as the member (api-call.ts). Owners and admins only: it names who
// did what, and support and read-only members get a 403 page.
import { Type } from '@sinclair/typebox';
import { formatShortDay } from '../../core/locale.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { findMemberView } from '../../modules/members/index.ts';
import { callApi } from './api-call.ts';
import { AUDIT_TEXT } from './audit-page.text.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { renderHeader } from './layout-page.ts';
import { pageConfig, tags } from './members-forms.ts';

const PAGE_SIZE = 50;
const auditTemplate = pageTemplate<object>(new URL('./templates/audit.hbs', import.meta.url), { strict: true });

interface AuditPage {
  entries: Array<{ id: string; actor: { type: string; id: string; label: string | null }; action: string; resourceType: string | null; resourceId: string | null; createdAt: string }>;
  nextCursor: string | null;
}

export function registerAuditPageRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  scope.get(
    '/dashboard/audit',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: audit log',
        description: 'Who did what in the session\'s account and environment (GET /account/audit-log), 50 a page, newest first. Owners and admins only.',
        querystring: Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: htmlResponse('The audit log page.'), 303: { description: 'Signed out: to /dashboard/login.', type: 'null' as const }, 403: htmlResponse('A role that may not read the audit log.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      const locale = kit.locale(request);
      const text = AUDIT_TEXT[locale];
      const [member, account] = await Promise.all([
        findMemberView(deps.db, session.memberId),
        getTenant(deps.db, { tenant: { accountId: session.accountId, environment: session.environment }, now: deps.clock.now() }),
      ]);
      const layout = { accountName: account.name, environment: session.environment, csrf: session.csrfToken };
      const view = { locale, text, styles: DASHBOARD_STYLES, header: renderHeader(locale, layout, 'audit'), accountName: account.name };
      if (!member || (member.role !== 'owner' && member.role !== 'admin')) return kit.page(reply, 403, locale, auditTemplate({ ...view, forbidden: true, entries: [] }));
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(request.query.cursor ? { cursor: request.query.cursor } : {}) });
      const answer = await callApi<AuditPage>(kit, session, { method: 'GET', url: `/account/audit-log?${query}` });
      // A cursor the API refuses (edited by hand) shows the first page.
      const page = answer.status === 200 ? answer.body : (await callApi<AuditPage>(kit, session, { method: 'GET', url: `/account/audit-log?limit=${PAGE_SIZE}` })).body;
      const entries = page.entries.map((entry) => ({
        id: entry.id,
        action: entry.action,
        when: `${formatShortDay(new Date(entry.createdAt), locale)} ${entry.createdAt.slice(11, 16)} UTC`,
        who: entry.actor.type === 'member' ? entry.actor.label ?? entry.actor.id : `${text.apiKey} ${entry.actor.id}`,
        resource: [entry.resourceType, entry.resourceId].filter(Boolean).join(' '),
      }));
      const nextHref = page.nextCursor === null ? undefined : `/dashboard/audit?${new URLSearchParams({ cursor: page.nextCursor })}`;
      return kit.page(reply, 200, locale, auditTemplate({ ...view, forbidden: false, entries, nextHref }));
    },
  );
}
