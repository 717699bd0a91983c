-- Uploaded objects (images, deliverable files) and product deliverables.

create table stored_objects (
  key text primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  purpose text not null,
  content_type text not null,
  file_name text,
  size_bytes bigint,
  uploaded_at timestamptz,
  created_at timestamptz not null
);
create index stored_objects_account on stored_objects (account_id, environment, created_at desc);

create table product_deliverables (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  product_id uuid not null references products (id),
  kind text not null,
  url text,
  object_key text references stored_objects (key),
  file_name text,
  content_type text,
  size_bytes bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, product_id)
);
