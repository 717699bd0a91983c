// A member's own security page (issue #32): two-step verification by TOTP. Setting up shows a new
// secret (QR and base32) that takes effect only once a current code confirms it, then the 8
// recovery codes, once; turning it off asks the password and a current code. Enable and disable
// are written to the audit log as the member's own change (members.totp_enable, members.totp_disable).
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/database.ts';
import { auditMemberChange } from '../../http/audit.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { confirmTotp, disableTotp, findMemberView, pendingTotpSetup, startTotpSetup, totpEnabled, type DashboardSession } from '../../modules/members/index.ts';
import { totpSealer } from './totp-sealer.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { formConfig, formSession, isSession, pageConfig, redirect, tags } from './members-forms.ts';
import { renderSecurity, type SecurityView } from './security-page.ts';
import { SECURITY_TEXT } from './security-page.text.ts';

const PAGE = '/dashboard/account/security';
const formResponses = { 200: htmlResponse('The page with the outcome.'), 303: redirect('Signed out: to /dashboard/login.'), 403: htmlResponse('CSRF token refused.') };

export function registerSecurityRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  const now = () => deps.clock.now();
  const keyring = () => totpSealer(deps.config);

  async function audit(tx: Tx, memberId: string, action: string): Promise<void> {
    const member = await findMemberView(tx, memberId);
    if (member) await auditMemberChange(tx, { accountId: member.accountId, actor: member, action, memberId }, now());
  }

  /** The page as it stands for the member, with a message and status. */
  async function statusPage(reply: FastifyReply, session: DashboardSession, locale: 'pt-BR' | 'en', status: number, extra: SecurityView = {}): Promise<FastifyReply> {
    const text = SECURITY_TEXT[locale];
    const view: SecurityView = (await totpEnabled(deps.db, session.memberId))
      ? { lead: text.enabledLead, action: `${PAGE}/totp/disable`, askPassword: true, askCode: true, button: text.disable }
      : keyring()
        ? { lead: text.disabledLead, action: `${PAGE}/totp/setup`, button: text.setUp }
        : { lead: text.disabledLead, error: text.noKeyring };
    return kit.page(reply, status, locale, renderSecurity(locale, { csrf: session.csrfToken, ...view, ...extra }));
  }

  scope.get(
    PAGE,
    { config: pageConfig, schema: { tags, summary: "The signed-in member's security page", description: 'Two-step verification (TOTP): its state and the form to turn it on or off. Signed out: 303 to /dashboard/login.', response: { 200: htmlResponse('The page.'), 303: redirect('Signed out.') } } },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      return statusPage(reply, session, kit.locale(request), 200);
    },
  );

  scope.post(
    `${PAGE}/totp/setup`,
    { config: formConfig, schema: { tags, summary: 'Start setting up two-step verification', description: 'Form field csrf. A new secret, shown as a QR code and base32, waiting for a current code (…/totp/confirm); 409 when already on.', response: { ...formResponses, 409: htmlResponse('Already on.'), 503: htmlResponse('No secrets key.') } } },
    async (request, reply) => {
      const session = await formSession(kit, request, reply);
      if (!isSession(session)) return session;
      const locale = kit.locale(request);
      const ring = keyring();
      if (!ring) return statusPage(reply, session, locale, 503);
      const member = await findMemberView(deps.db, session.memberId);
      const setup = member && (await startTotpSetup(deps.db, ring, member, now()));
      if (!setup) return statusPage(reply, session, locale, 409);
      const text = SECURITY_TEXT[locale];
      return kit.page(reply, 200, locale, renderSecurity(locale, { setup, action: `${PAGE}/totp/confirm`, csrf: session.csrfToken, askCode: true, button: text.confirm }));
    },
  );

  scope.post(
    `${PAGE}/totp/confirm`,
    { config: formConfig, schema: { tags, summary: 'Turn on two-step verification with a current code', description: 'Form fields code and csrf. Shows the 8 recovery codes once; a wrong code (422) shows the same secret again.', response: { ...formResponses, 422: htmlResponse('Wrong code.') } } },
    async (request, reply) => {
      const session = await formSession(kit, request, reply);
      if (!isSession(session)) return session;
      const locale = kit.locale(request);
      const text = SECURITY_TEXT[locale];
      const ring = keyring();
      const member = await findMemberView(deps.db, session.memberId);
      const setup = ring && member ? await pendingTotpSetup(deps.db, ring, member) : undefined;
      if (!ring || !setup) return statusPage(reply, session, locale, 409);
      const code = formField(request.body, 'code', 40) ?? '';
      const recoveryCodes = await deps.db.transaction().execute(async (tx) => {
        const codes = await confirmTotp(tx, ring, session.memberId, code, now());
        if (codes) await audit(tx, session.memberId, 'members.totp_enable');
        return codes;
      });
      if (!recoveryCodes) return kit.page(reply, 422, locale, renderSecurity(locale, { error: text.wrongCode, setup, action: `${PAGE}/totp/confirm`, csrf: session.csrfToken, askCode: true, button: text.confirm }));
      return kit.page(reply, 200, locale, renderSecurity(locale, { notice: text.enabled, recoveryCodes }));
    },
  );

  scope.post(
    `${PAGE}/totp/disable`,
    { config: formConfig, schema: { tags, summary: 'Turn off two-step verification', description: 'Form fields password, code (a current one) and csrf; 422 when either is wrong.', response: { ...formResponses, 422: htmlResponse('Wrong password or code.') } } },
    async (request, reply) => {
      const session = await formSession(kit, request, reply);
      if (!isSession(session)) return session;
      const locale = kit.locale(request);
      const text = SECURITY_TEXT[locale];
      const ring = keyring();
      const password = formField(request.body, 'password', 200) ?? '';
      const code = formField(request.body, 'code', 40) ?? '';
      const done =
        ring !== undefined &&
        (await deps.db.transaction().execute(async (tx) => {
          const disabled = await disableTotp(tx, ring, session.memberId, password, code, now());
          if (disabled) await audit(tx, session.memberId, 'members.totp_disable');
          return disabled;
        }));
      if (!done) return statusPage(reply, session, locale, 422, { error: text.wrongDisable });
      return statusPage(reply, session, locale, 200, { notice: text.disabled });
    },
  );
}
