-- Dashboard access (issue #32): the people of an account, their dashboard sessions, and one-time
-- sign-in links. Members belong to an account, not to an environment: one person sees both, and
-- the session says which one the dashboard shows.
create table account_members (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  -- Stored lowercased (the service lowercases it), unique per account.
  email text not null check (email = lower(email)),
  role text not null check (role in ('owner', 'admin', 'support', 'read_only')),
  -- scrypt$N$r$p$salt$hash (base64url); null until the member sets one (a sign-in link).
  password_hash text,
  created_at timestamptz not null,
  unique (account_id, email)
);
create index account_members_email on account_members (email);

create table dashboard_sessions (
  -- SHA-256 (hex) of the cookie's random 32-byte token: the token itself is never stored.
  id text primary key,
  member_id uuid not null references account_members (id),
  account_id uuid not null references accounts (id),
  environment text not null default 'sandbox' check (environment in ('sandbox', 'production')),
  -- The session's CSRF token, carried by every form of its pages.
  csrf_secret text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index dashboard_sessions_member on dashboard_sessions (member_id);

create table member_sign_in_links (
  -- SHA-256 (hex) of the link's random token.
  id text primary key,
  member_id uuid not null references account_members (id),
  account_id uuid not null references accounts (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index member_sign_in_links_member on member_sign_in_links (member_id);
