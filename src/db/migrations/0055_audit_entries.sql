-- The audit log (issue #32): who did what through the API, a key or a dashboard member, written in
-- the transaction of the change with its idempotency record (http/audit.ts). Jobs and buyers'
-- keyless actions are the service's own and are not in it; their events say what happened.
create table audit_entries (
  id uuid primary key,
  account_id uuid not null references accounts(id),
  environment text not null check (environment in ('sandbox', 'production')),
  actor_type text not null check (actor_type in ('api_key', 'member')),
  actor_id text not null,
  actor_label text,
  action text not null,
  resource_type text,
  resource_id text,
  status_code integer not null,
  created_at timestamptz not null
);
create index audit_entries_tenant on audit_entries (account_id, environment, id desc);
