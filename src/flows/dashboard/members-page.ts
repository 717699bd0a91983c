// The members pages: the members list with its forms (members.hbs) and the one-field password
// forms (member-form.hbs: forgot, reset, invitation, change). The stylesheet is the dashboard's.
import type { PageLocale } from '../../http/page-locale.ts';
import { pageAsset, pageTemplate } from '../../http/page-templates.ts';
import { MEMBER_ROLES, type MemberRole, type TeamMember } from '../../modules/members/index.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';
import { MEMBERS_TEXT, type MembersText } from './members-page.text.ts';

const STYLES = pageAsset(new URL('./assets/dashboard.css', import.meta.url));

interface FormView {
  locale: PageLocale;
  text: MembersText;
  styles: string;
  title: string;
  lead?: string;
  error?: string;
  notice?: string;
  /** Without an action, no form: only the message and the link back. */
  action?: string;
  csrf?: string;
  askEmail?: boolean;
  askCurrent?: boolean;
  askPassword?: boolean;
  button?: string;
  backHref: string;
  backLabel: string;
}

const formTemplate = pageTemplate<FormView>(new URL('./templates/member-form.hbs', import.meta.url));
const membersTemplate = pageTemplate<object>(new URL('./templates/members.hbs', import.meta.url));

export type MemberForm = Omit<FormView, 'locale' | 'text' | 'styles' | 'backHref' | 'backLabel'> & { signedIn?: boolean };

export function renderMemberForm(locale: PageLocale, view: MemberForm): string {
  const text = MEMBERS_TEXT[locale];
  const back = view.signedIn ? { backHref: '/dashboard', backLabel: text.back } : { backHref: '/dashboard/login', backLabel: DASHBOARD_TEXT[locale].backToSignIn };
  return formTemplate({ locale, text, styles: STYLES, ...view, ...back });
}

export interface MembersView {
  members: TeamMember[];
  selfId: string;
  csrf: string;
  error?: string;
  notice?: string;
}

export function renderMembers(locale: PageLocale, view: MembersView): string {
  const text = MEMBERS_TEXT[locale];
  const roleNames = DASHBOARD_TEXT[locale].roles;
  const options = (current: MemberRole) => MEMBER_ROLES.map((value) => ({ value, name: roleNames[value], selected: value === current }));
  return membersTemplate({
    locale,
    text,
    styles: STYLES,
    csrf: view.csrf,
    error: view.error,
    notice: view.notice,
    // Members who set a password; invited ones (none yet) are the invitations, resent or revoked.
    members: view.members.filter((m) => !m.pending).map((m) => ({ id: m.id, email: m.email, roleName: roleNames[m.role], self: m.id === view.selfId, roles: options(m.role) })),
    invitations: view.members.filter((m) => m.pending).map((m) => ({ id: m.id, email: m.email, roleName: roleNames[m.role] })),
    inviteRoles: options('support'),
  });
}
