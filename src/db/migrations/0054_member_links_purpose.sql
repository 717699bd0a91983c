-- Dashboard members, second slice (issue #32): a one-time link is for signing in (the owner made
-- without a password), resetting a password (an hour) or accepting an invitation (sets the password).
alter table member_sign_in_links add column purpose text not null default 'sign_in'
  check (purpose in ('sign_in', 'reset', 'invite'));
