-- metering_ingest reads, in its own transaction, the API keys the service took from its memory
-- (see docs/ARCHITECTURE.md, "Keys confirmed by the write"): this migration dropped the third form
-- (0011's) and created the fourth, with step 0 and r_key_to_confirm. The fourth form is what the
-- previous release calls; its one text is src/db/functions/metering_ingest.sql, applied after the
-- migrations like every stored function (src/db/migrations/README.md). What stays here is the
-- drop, "if exists": only a database that ran 0011 while it created that form holds it.
drop function if exists metering_ingest(text[], text[], text[], text[], boolean[], text[], uuid[], text[], text[], uuid[], uuid[], text[],
                                        int[], int[], int[], text[], numeric[], text[], jsonb[], timestamptz, timestamptz, smallint);
