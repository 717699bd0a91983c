// The members page (owners and admins): the account's members, invitations by email with a role,
// role changes and removals. Every action checks the session's CSRF token, then the role
// (requireMemberManager: support and read_only get 403), inside one transaction with its email.
// Member ids are looked up in the session's own account: another account's id answers 404.
// Every change writes its audit entry (members.*) in its own transaction (http/audit.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { auditMemberChange } from '../../http/audit.ts';
import type { Tx } from '../../db/database.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import {
  changeRole,
  findMemberView,
  inviteMember,
  listTeam,
  removeMember,
  requireMemberManager,
  resendInvitation,
  revokeInvitation,
  MEMBER_ROLES,
  type DashboardSession,
  type MemberRole,
  type MemberView,
} from '../../modules/members/index.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { formConfig, formSession, isSession, pageConfig, redirect, tags } from './members-forms.ts';
import { queueInvitationEmail } from './members-mail.ts';
import { registerMemberPasswordRoutes } from './members-password-routes.ts';
import { renderMemberForm, renderMembers } from './members-page.ts';
import { MEMBERS_TEXT } from './members-page.text.ts';

const MemberParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const ERROR_STATUS = { forbidden: 403, not_found: 404, conflict: 409 } as const;
const actionResponses = {
  303: redirect('Done: to /dashboard/members (or /dashboard/login when signed out).'),
  403: htmlResponse('CSRF token refused, or the role cannot manage members.'),
  404: htmlResponse('No such member in this account.'),
  409: htmlResponse('The last owner, or an email that is a member already.'),
  422: htmlResponse('An invalid email or role.'),
};

function roleOf(body: unknown): MemberRole | undefined {
  const role = formField(body, 'role');
  return MEMBER_ROLES.find((r) => r === role);
}

export function registerMembersRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  registerMemberPasswordRoutes(scope, kit);

  /** The audit entry of a change the actor made to a member, in the change's transaction. */
  const audit = (tx: Tx, actor: MemberView, action: string, memberId: string) =>
    auditMemberChange(tx, { accountId: actor.accountId, actor, action, memberId }, deps.clock.now());

  /** Mails a (new) invitation link to a pending member, in the transaction that made the link. */
  const mailInvitation = (tx: Tx, member: MemberView, token: string, locale: ReturnType<DashboardKit['locale']>) =>
    queueInvitationEmail(tx, { accountId: member.accountId, to: member.email, link: `${deps.config.baseUrl}/dashboard/invitation/${token}`, locale, now: deps.clock.now() }, member.role);

  /** The members page, with an error or a notice, for a session whose member manages members. */
  async function membersPage(request: FastifyRequest, reply: FastifyReply, session: DashboardSession, status: number, message: { error?: string; notice?: string } = {}) {
    const locale = kit.locale(request);
    const members = await listTeam(deps.db, session.accountId);
    return kit.page(reply, status, locale, renderMembers(locale, { members, selfId: session.memberId, csrf: session.csrfToken, ...message }));
  }

  function forbidden(request: FastifyRequest, reply: FastifyReply) {
    const locale = kit.locale(request);
    const text = MEMBERS_TEXT[locale];
    return kit.page(reply, 403, locale, renderMemberForm(locale, { signedIn: true, title: text.forbiddenTitle, error: text.forbidden }));
  }

  /** Runs a members action as the session's member; its AppError becomes the page with the error. */
  async function act(request: FastifyRequest, reply: FastifyReply, action: (actor: MemberView) => Promise<string | undefined>) {
    const session = await formSession(kit, request, reply);
    if (!isSession(session)) return session;
    const actor = await findMemberView(deps.db, session.memberId);
    if (!actor) return reply.redirect('/dashboard/login', 303);
    try {
      requireMemberManager(actor.role);
      const notice = await action(actor);
      if (notice === undefined) return reply.redirect('/dashboard/members', 303);
      return await membersPage(request, reply, session, 200, { notice });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'forbidden' && !['owner', 'admin'].includes(actor.role)) return forbidden(request, reply);
      const errors = MEMBERS_TEXT[kit.locale(request)].errors;
      const code = error.code in ERROR_STATUS ? (error.code as keyof typeof ERROR_STATUS) : undefined;
      return membersPage(request, reply, session, code ? ERROR_STATUS[code] : 422, { error: code ? errors[code] : errors.invalid });
    }
  }

  scope.get(
    '/dashboard/members',
    { config: pageConfig, schema: { tags, summary: 'The members page (owners and admins)', description: "The account's members and the invitation form. 403 for support and read_only; signed out, 303 to /dashboard/login.", response: { 200: htmlResponse('The page.'), 303: redirect('Signed out.'), 403: htmlResponse('The role cannot manage members.') } } },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      const member = await findMemberView(deps.db, session.memberId);
      if (!member) return reply.redirect('/dashboard/login', 303);
      if (member.role !== 'owner' && member.role !== 'admin') return forbidden(request, reply);
      return membersPage(request, reply, session, 200);
    },
  );

  scope.post(
    '/dashboard/members',
    { config: formConfig, schema: { tags, summary: 'Invite a member by email with a role', description: 'Form fields email, role and csrf. Mails a one-time invitation link (72 hours) that sets the password and signs in. Only an owner invites an owner.', response: { ...actionResponses, 200: htmlResponse('Invited: the page with a notice.') } } },
    async (request, reply) =>
      act(request, reply, async (actor) => {
        const role = roleOf(request.body);
        const email = formField(request.body, 'email');
        if (!role || !email) throw new AppError('validation_failed', 'An email and a role.');
        const locale = kit.locale(request);
        await deps.db.transaction().execute(async (tx) => {
          const { member, token } = await inviteMember(tx, actor, { email, role }, deps.clock.now());
          await mailInvitation(tx, member, token, locale);
          await audit(tx, actor, 'members.invite', member.id);
        });
        return `${MEMBERS_TEXT[locale].invited} ${email.trim().toLowerCase()}`;
      }),
  );

  scope.post(
    '/dashboard/members/:id/role',
    { config: formConfig, attachValidation: true, schema: { tags, summary: "Change a member's role", description: 'Form fields role and csrf. Only an owner changes an owner or makes one; the last owner keeps the role (409).', params: MemberParams, response: actionResponses } },
    async (request, reply) =>
      act(request, reply, async (actor) => {
        const role = roleOf(request.body);
        if (!role) throw new AppError('validation_failed', 'A role.');
        if (request.validationError) throw new AppError('not_found', 'No such member.');
        await deps.db.transaction().execute(async (tx) => {
          await changeRole(tx, actor, request.params.id, role);
          await audit(tx, actor, 'members.role_change', request.params.id);
        });
        return undefined;
      }),
  );

  scope.post(
    '/dashboard/members/:id/remove',
    { config: formConfig, attachValidation: true, schema: { tags, summary: 'Remove a member', description: 'Form field csrf. Deletes the member with its sessions and links; never the last owner (409).', params: MemberParams, response: actionResponses } },
    async (request, reply) =>
      act(request, reply, async (actor) => {
        if (request.validationError) throw new AppError('not_found', 'No such member.');
        await deps.db.transaction().execute(async (tx) => {
          await removeMember(tx, actor, request.params.id);
          await audit(tx, actor, 'members.remove', request.params.id);
        });
        return undefined;
      }),
  );

  scope.post(
    '/dashboard/members/:id/resend',
    { config: formConfig, attachValidation: true, schema: { tags, summary: 'Resend an invitation', description: 'Form field csrf. Mails a new invitation link (72 hours); the earlier links stop working. 404 unless the member is pending (no password yet).', params: MemberParams, response: { ...actionResponses, 200: htmlResponse('Resent: the page with a notice.') } } },
    async (request, reply) =>
      act(request, reply, async (actor) => {
        if (request.validationError) throw new AppError('not_found', 'No such member.');
        const locale = kit.locale(request);
        const email = await deps.db.transaction().execute(async (tx) => {
          const { member, token } = await resendInvitation(tx, actor, request.params.id, deps.clock.now());
          await mailInvitation(tx, member, token, locale);
          await audit(tx, actor, 'members.invite_resend', member.id);
          return member.email;
        });
        return `${MEMBERS_TEXT[locale].invited} ${email}`;
      }),
  );

  scope.post(
    '/dashboard/members/:id/revoke',
    { config: formConfig, attachValidation: true, schema: { tags, summary: 'Revoke an invitation', description: 'Form field csrf. Removes the pending member; its link then answers the expired-link page. 404 unless the member is pending.', params: MemberParams, response: actionResponses } },
    async (request, reply) =>
      act(request, reply, async (actor) => {
        if (request.validationError) throw new AppError('not_found', 'No such member.');
        await deps.db.transaction().execute(async (tx) => {
          await revokeInvitation(tx, actor, request.params.id);
          await audit(tx, actor, 'members.invite_revoke', request.params.id);
        });
        return undefined;
      }),
  );
}
