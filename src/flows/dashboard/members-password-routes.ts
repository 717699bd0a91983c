// Passwords from the dashboard's side: "forgot password" (a reset link by email, the same answer
// whether the email is a member's or not), the reset link's form (single use, an hour; every
// session of the member is signed out), an invitation's form (sets the password and signs in),
// and a signed-in member's own password (set after a sign-in link, or changed with the current one).
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Tx } from '../../db/database.ts';
import { auditMemberChange } from '../../http/audit.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { acceptInvitation, changePassword, findMemberView, hasPassword, linkUsable, normaliseEmail, requestPasswordReset, resetPassword, PASSWORD_MIN_LENGTH } from '../../modules/members/index.ts';
import { renderRefusal } from './dashboard-page.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { formConfig, formSession, isSession, pageConfig, redirect, refuseSignedOutForgery, signedOutCsrf, signInAs, tags } from './members-forms.ts';
import { queueResetEmail } from './members-mail.ts';
import { renderMemberForm } from './members-page.ts';
import { MEMBERS_TEXT } from './members-page.text.ts';

const LinkParams = Type.Object({ token: Type.String({ maxLength: 64 }) });

/** The new password of a form, or undefined when its length is out of bounds. */
function newPassword(body: unknown): string | undefined {
  const password = formField(body, 'password', 200);
  return password !== undefined && password.length >= PASSWORD_MIN_LENGTH ? password : undefined;
}

export function registerMemberPasswordRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  const now = () => deps.clock.now();

  /** The audit entry of a member's own change (the member is the actor), in its transaction. */
  async function auditOwn(tx: Tx, memberId: string, action: string): Promise<void> {
    const member = await findMemberView(tx, memberId);
    if (member) await auditMemberChange(tx, { accountId: member.accountId, actor: member, action, memberId }, now());
  }

  scope.get(
    '/dashboard/forgot-password',
    { config: pageConfig, schema: { tags, summary: 'The "forgot password" form', description: 'A form posting email and a CSRF token.', response: { 200: htmlResponse('The form.') } } },
    async (request, reply) => {
      const locale = kit.locale(request);
      const text = MEMBERS_TEXT[locale];
      const csrf = signedOutCsrf(kit, request, reply);
      return kit.page(reply, 200, locale, renderMemberForm(locale, { title: text.forgotTitle, lead: text.forgotLead, action: '/dashboard/forgot-password', csrf, askEmail: true, button: text.send }));
    },
  );

  scope.post(
    '/dashboard/forgot-password',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Ask for a password reset link by email',
        description:
          'Form fields email and csrf. Mails a one-time reset link (an hour) to each membership of the email; the answer is the same whether the email is a member\'s or not. ' +
          'Limited per client address and email like the sign-in form (429).',
        response: { 200: htmlResponse('The same notice for every email.'), 403: htmlResponse('CSRF token refused.'), 429: htmlResponse('Too many requests.') },
      },
    },
    async (request, reply) => {
      const refused = refuseSignedOutForgery(kit, request, reply);
      if (refused) return refused;
      const locale = kit.locale(request);
      const email = formField(request.body, 'email') ?? '';
      try {
        await kit.limiters.dashboardSignIn.consume(`reset|${request.ip}|${normaliseEmail(email)}`);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        reply.header('retry-after', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
        return kit.page(reply, 429, locale, renderRefusal(locale, 'rate_limited'));
      }
      if (email) {
        await deps.db.transaction().execute(async (tx) => {
          for (const { member, token } of await requestPasswordReset(tx, email, now())) {
            const link = `${deps.config.baseUrl}/dashboard/reset/${token}`;
            await queueResetEmail(tx, { accountId: member.accountId, to: member.email, link, locale, now: now() });
          }
        });
      }
      const text = MEMBERS_TEXT[locale];
      return kit.page(reply, 200, locale, renderMemberForm(locale, { title: text.forgotTitle, notice: text.forgotSent }));
    },
  );

  /** GET of a one-time link's page: its password form, or 404 when the link is gone. */
  async function linkPage(request: FastifyRequest, reply: FastifyReply, token: string | undefined, kind: 'reset' | 'invite'): Promise<FastifyReply> {
    const locale = kit.locale(request);
    const text = MEMBERS_TEXT[locale];
    const title = kind === 'reset' ? text.resetTitle : text.inviteTitle;
    const usable = token !== undefined && (await linkUsable(deps.db, token, kind, now()));
    if (!usable) return kit.page(reply, 404, locale, renderMemberForm(locale, { title, error: text.linkGone }));
    const csrf = signedOutCsrf(kit, request, reply);
    const action = `/dashboard/${kind === 'reset' ? 'reset' : 'invitation'}/${token}`;
    const lead = kind === 'invite' ? text.inviteLead : undefined;
    return kit.page(reply, 200, locale, renderMemberForm(locale, { title, lead, action, csrf, askPassword: true, button: kind === 'reset' ? text.save : text.accept }));
  }

  const linkSchema = (summary: string, done: Record<number, unknown>) => ({
    tags,
    summary,
    params: LinkParams,
    response: { ...done, 403: htmlResponse('CSRF token refused.'), 404: htmlResponse('The link was used or has expired.'), 422: htmlResponse('The password is too short or too long: the form again.') },
  });

  scope.get('/dashboard/reset/:token', { config: pageConfig, attachValidation: true, schema: { tags, summary: 'A password reset link: the new password form', params: LinkParams, response: { 200: htmlResponse('The form.'), 404: htmlResponse('The link was used or has expired.') } } }, async (request, reply) =>
    linkPage(request, reply, request.validationError ? undefined : request.params.token, 'reset'),
  );

  scope.post(
    '/dashboard/reset/:token',
    { config: formConfig, attachValidation: true, schema: { ...linkSchema('Set a new password with a reset link', { 200: htmlResponse('Done: every session of the member is signed out.') }), description: 'Form fields password (10 to 200 characters) and csrf. Uses the link once.' } },
    async (request, reply) => {
      const refused = refuseSignedOutForgery(kit, request, reply);
      if (refused) return refused;
      const locale = kit.locale(request);
      const text = MEMBERS_TEXT[locale];
      const password = newPassword(request.body);
      if (!password) return kit.page(reply, 422, locale, renderMemberForm(locale, { title: text.resetTitle, error: text.passwordTooShort, action: request.url, csrf: formField(request.body, 'csrf', 100), askPassword: true, button: text.save }));
      const member = request.validationError ? undefined : await deps.db.transaction().execute(async (tx) => {
            const reset = await resetPassword(tx, request.params.token, password, now());
            if (reset) await auditOwn(tx, reset.id, 'members.password_reset');
            return reset;
          });
      if (!member) return kit.page(reply, 404, locale, renderMemberForm(locale, { title: text.resetTitle, error: text.linkGone }));
      return kit.page(reply, 200, locale, renderMemberForm(locale, { title: text.resetTitle, notice: text.resetDone }));
    },
  );

  scope.get('/dashboard/invitation/:token', { config: pageConfig, attachValidation: true, schema: { tags, summary: 'An invitation link: the form that sets the password', params: LinkParams, response: { 200: htmlResponse('The form.'), 404: htmlResponse('The link was used or has expired.') } } }, async (request, reply) =>
    linkPage(request, reply, request.validationError ? undefined : request.params.token, 'invite'),
  );

  scope.post(
    '/dashboard/invitation/:token',
    { config: formConfig, attachValidation: true, schema: { ...linkSchema('Accept an invitation: set the password and sign in', { 303: redirect('Signed in: to /dashboard.') }), description: 'Form fields password (10 to 200 characters) and csrf. Uses the link once and starts a session.' } },
    async (request, reply) => {
      const refused = refuseSignedOutForgery(kit, request, reply);
      if (refused) return refused;
      const locale = kit.locale(request);
      const text = MEMBERS_TEXT[locale];
      const password = newPassword(request.body);
      if (!password) return kit.page(reply, 422, locale, renderMemberForm(locale, { title: text.inviteTitle, error: text.passwordTooShort, action: request.url, csrf: formField(request.body, 'csrf', 100), askPassword: true, button: text.accept }));
      const member = request.validationError ? undefined : await deps.db.transaction().execute(async (tx) => {
            const accepted = await acceptInvitation(tx, request.params.token, password, now());
            if (accepted) await auditOwn(tx, accepted.id, 'members.invite_accept');
            return accepted;
          });
      if (!member) return kit.page(reply, 404, locale, renderMemberForm(locale, { title: text.inviteTitle, error: text.linkGone }));
      return signInAs(kit, request, reply, member);
    },
  );

  scope.get(
    '/dashboard/password',
    { config: pageConfig, schema: { tags, summary: "The signed-in member's password form", description: 'Asks the current password when one is set. Signed out: 303 to /dashboard/login.', response: { 200: htmlResponse('The form.'), 303: redirect('Signed out.') } } },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      const locale = kit.locale(request);
      const text = MEMBERS_TEXT[locale];
      const askCurrent = await hasPassword(deps.db, session.memberId);
      const lead = askCurrent ? undefined : text.passwordLead;
      return kit.page(reply, 200, locale, renderMemberForm(locale, { signedIn: true, title: text.passwordTitle, lead, action: '/dashboard/password', csrf: session.csrfToken, askCurrent, askPassword: true, button: text.save }));
    },
  );

  scope.post(
    '/dashboard/password',
    {
      config: formConfig,
      schema: {
        tags,
        summary: "Set or change the signed-in member's password",
        description: 'Form fields password, currentPassword (when one is set) and csrf.',
        response: { 200: htmlResponse('Saved.'), 303: redirect('Signed out.'), 403: htmlResponse('CSRF token refused.'), 422: htmlResponse('Too short, or the current password is wrong: the form again.') },
      },
    },
    async (request, reply) => {
      const session = await formSession(kit, request, reply);
      if (!isSession(session)) return session;
      const locale = kit.locale(request);
      const text = MEMBERS_TEXT[locale];
      const password = newPassword(request.body);
      const current = formField(request.body, 'currentPassword', 200);
      const saved =
        password !== undefined &&
        (await deps.db.transaction().execute(async (tx) => {
          const changed = await changePassword(tx, session.memberId, current, password);
          if (changed) await auditOwn(tx, session.memberId, 'members.password_change');
          return changed;
        }));
      if (saved) return kit.page(reply, 200, locale, renderMemberForm(locale, { signedIn: true, title: text.passwordTitle, notice: text.passwordSaved }));
      const askCurrent = await hasPassword(deps.db, session.memberId);
      const error = password === undefined ? text.passwordTooShort : text.wrongCurrent;
      return kit.page(reply, 422, locale, renderMemberForm(locale, { signedIn: true, title: text.passwordTitle, error, action: '/dashboard/password', csrf: session.csrfToken, askCurrent, askPassword: true, button: text.save }));
    },
  );
}
