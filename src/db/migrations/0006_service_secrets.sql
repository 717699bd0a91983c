-- Secrets of the service itself (not tenant data, so no account_id): the URL-signing secret when
-- SIGNING_SECRET is not set. The first process to start inserts a random value with
-- "on conflict do nothing" and every process then reads the stored one, so all share it.

create table service_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null
);
