-- Usage ingestion as one database call per commit group (see docs/metering.md, "One call per group").
-- A group of requests used to take seven round trips (begin, key locks, stored responses, resolve,
-- insert, store responses, commit), each re-planned. As a function it is one round trip in its own
-- transaction, its statements' plans are cached per connection, and the answers are built beside
-- the data they describe. The rules are listed in usage-refusals.ts and docs/metering.md; only
-- refusals (a validation error, an invoiced period) come back without a stored answer, for the
-- service to render and store.

-- The ISO-8601 form the API uses for instants (JavaScript's toISOString: UTC, milliseconds).
-- Stable like to_char itself, so that the planner inlines it into the queries that call it.
create function api_instant(t timestamptz) returns text
language sql stable strict parallel safe
as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- This migration also created the first form of metering_ingest (each event carrying its tenant,
-- customer, product and meter). Migration 0009 dropped it for the second, so no database keeps it
-- past 0009, and its text is no longer here (the git history of this file has it). The forms still
-- called are files of src/db/functions/, one per version (src/db/migrations/README.md).
