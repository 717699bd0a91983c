-- metering_ingest with its events' names sent once per group (see docs/metering.md, "One call per group").
-- Most events of a group name the same few (tenant, customer, product, meter): sent once per event,
-- those names were half of the call's input, and resolving them event by event a seventh of its
-- time. Now the service sends each distinct one once, as a "subject", and each event points at its
-- subject: resolution, locks and refusals work on the subjects, and only the event's own fields
-- (id, value, time, metadata) are read per event. The rules are unchanged (usage-refusals.ts).
-- Event ids, and Idempotency-Keys with their scopes, are compared byte by byte ("C"): they are
-- identifiers, never sorted for people, and the locale's comparison (strcoll on every step of every
-- index probe) slowed their lookups and inserts (docs/benchmarks.md). The latest event of a rollup row is
-- picked by (time, id), so its id column sorts the same way as the events'.
alter table usage_events alter column event_id type text collate "C";
alter table usage_hourly alter column latest_event_id type text collate "C";
alter table idempotency_keys alter column scope type text collate "C", alter column key type text collate "C";

drop function if exists metering_ingest(text[], text[], text[], text[], boolean[], int[], int[], uuid[], text[], text[], text[], uuid[], uuid[], text[],
                                        numeric[], timestamptz[], jsonb[], timestamptz, timestamptz, smallint);

-- The value and id of the latest event of a rollup row's events, picked by one ordered aggregate.
create type usage_latest as (value numeric, event_id text);

-- This migration then created the second form of metering_ingest (subjects sent once per group).
-- Migration 0011 dropped it for the third, so its text is no longer here (the git history of this
-- file has it). The drop above is "if exists": 0008 no longer creates the first form, so only a
-- database that ran 0008 while it did holds it.
