-- metering_ingest took the answers of the resends the service recognised (docs/metering.md; the
-- in-process memory of recorded requests was removed since): this migration dropped the second
-- form (0009's) and created the third, with r_known. Migration 0012 dropped that one for the
-- fourth, so the third's text is no longer here (the git history of this file has it). What stays
-- is the drop, "if exists": only a database that ran 0009 while it created that form holds it.
drop function if exists metering_ingest(text[], text[], text[], text[], boolean[], uuid[], text[], text[], uuid[], uuid[], text[],
                                        int[], int[], int[], text[], numeric[], text[], jsonb[], timestamptz, timestamptz, smallint);
