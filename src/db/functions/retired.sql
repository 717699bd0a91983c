-- Versions of the stored functions no process calls any more, dropped at the first start of the
-- release that lists them (applied after the other files of this folder, whenever this text
-- changes). A version goes here one release after the release that stopped calling it: during a
-- rolling deploy the processes of the previous release still call their own version.
--
-- metering_ingest_v5 once took the service's answers of resends it remembered (r_known, text[]
-- after r_batch). No release called that form: it was changed in place, and the form a database
-- may still hold from a build between releases is dropped here.
drop function if exists metering_ingest_v5(text[], text[], text[], text[], boolean[], text[], uuid[], uuid[], text[], text[],
                                           uuid[], uuid[], text[], int[], int[], int[], text[], numeric[], text[], jsonb[],
                                           timestamptz, timestamptz, smallint);

-- metering_ingest (unversioned; migration 0012 created it, its text is now metering_ingest.sql of
-- this folder) is what the previous release calls; the next release deletes that file and adds:
--   drop function if exists metering_ingest(text[], text[], text[], text[], boolean[], text[], uuid[], uuid[], text[], text[],
--                                           uuid[], uuid[], text[], int[], int[], int[], text[], numeric[], text[], jsonb[],
--                                           timestamptz, timestamptz, smallint);
