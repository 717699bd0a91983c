-- An optional TOTP second factor for dashboard members (issue #32). The secret is sealed like a
-- provider's credentials (providers/secret-box.ts, the member's id as additional data); a row with
-- confirmed_at null is a set-up not yet confirmed by a code, and does not guard the sign-in.
create table member_totp (
  member_id uuid primary key references account_members (id),
  secret_ciphertext text not null,
  secret_data_key text not null,
  secret_key_id text not null,
  confirmed_at timestamptz,
  -- The 30-second time step of the last code accepted: a code is accepted once (no replay).
  last_step bigint,
  created_at timestamptz not null
);

-- Recovery codes: shown once when TOTP is enabled, stored as SHA-256 (hex), each used once.
create table member_recovery_codes (
  member_id uuid not null references account_members (id),
  code_hash text not null,
  used_at timestamptz,
  primary key (member_id, code_hash)
);

-- The state between a right password and the second step: five minutes, used once, never a session.
create table member_sign_in_challenges (
  -- SHA-256 (hex) of the token carried by the second step's form.
  id text primary key,
  member_id uuid not null references account_members (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index member_sign_in_challenges_member on member_sign_in_challenges (member_id);
