// The door of modules/members: the people of an account and their dashboard sessions (issue #32).
export { createOwner, findMemberView, normaliseEmail, verifyCredentials, PASSWORD_MIN_LENGTH, type CreatedOwner, type MemberView } from './members.ts';
export { linkUsable, LINK_HOURS } from './links.ts';
export { changePassword, checkNewPassword, hasPassword, requestPasswordReset, resetPassword, type ResetRequest } from './passwords-reset.ts';
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
export {
  acceptInvitation,
  changeRole,
  inviteMember,
  listTeam,
  removeMember,
  requireMemberManager,
  requireRole,
  resendInvitation,
  revokeInvitation,
  type TeamMember,
} from './team.ts';
export { MEMBER_ROLES, type MemberRole, type MemberTables } from './tables.ts';
export {
  challengeMember,
  confirmTotp,
  disableTotp,
  pendingTotpSetup,
  startSignInChallenge,
  startTotpSetup,
  totpEnabled,
  useSignInChallenge,
  verifySecondFactor,
  CHALLENGE_MINUTES,
  RECOVERY_CODE_COUNT,
  type TotpSealer,
  type TotpSetup,
} from './totp.ts';
