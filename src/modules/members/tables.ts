import type { Environment } from '../../core/context.ts';

export type MemberRole = 'owner' | 'admin' | 'support' | 'read_only';

export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'admin', 'support', 'read_only'];

/** What a one-time link does: sign in, reset the password, or accept an invitation. */
export type LinkPurpose = 'sign_in' | 'reset' | 'invite';

export interface MemberRow {
  id: string;
  account_id: string;
  /** Lowercased; unique per account. */
  email: string;
  role: MemberRole;
  /** passwords.ts format; null until the member sets one. */
  password_hash: string | null;
  created_at: Date;
}

export interface DashboardSessionRow {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  member_id: string;
  account_id: string;
  environment: Environment;
  csrf_secret: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface SignInLinkRow {
  /** SHA-256 (hex) of the link's token. */
  id: string;
  member_id: string;
  account_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  purpose: LinkPurpose;
}

export interface MemberTotpRow {
  member_id: string;
  secret_ciphertext: string;
  secret_data_key: string;
  secret_key_id: string;
  /** Null while the set-up waits for its first code. */
  confirmed_at: Date | null;
  /** The time step of the last accepted code (bigint: read back as a string). */
  last_step: string | number | null;
  created_at: Date;
}

export interface RecoveryCodeRow {
  member_id: string;
  code_hash: string;
  used_at: Date | null;
}

export interface SignInChallengeRow {
  id: string;
  member_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberTables {
  account_members: MemberRow;
  dashboard_sessions: DashboardSessionRow;
  member_sign_in_links: SignInLinkRow;
  member_totp: MemberTotpRow;
  member_recovery_codes: RecoveryCodeRow;
  member_sign_in_challenges: SignInChallengeRow;
}
