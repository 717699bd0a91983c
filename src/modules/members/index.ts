// The door of modules/members: the people of an account and their dashboard sessions (issue #32).
export { createOwner, findMemberView, normaliseEmail, verifyCredentials, PASSWORD_MIN_LENGTH, type CreatedOwner, type MemberView } from './members.ts';
export {
  csrfMatches,
  endSession,
  findSession,
  signInLinkUsable,
  startSession,
  switchEnvironment,
  useSignInLink,
  SESSION_HOURS,
  type DashboardSession,
} from './sessions.ts';
export { type MemberRole, type MemberTables } from './tables.ts';
