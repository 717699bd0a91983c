-- The stored functions of src/db/functions/ applied here, each with the SHA-256 of the text applied
-- last: a start re-applies a file only when its text changed (src/db/functions.ts).
create table schema_functions (
  name text primary key,
  sha256 text not null,
  applied_at timestamptz not null default now()
);
