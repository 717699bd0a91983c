-- Stored answers are compressed with lz4 where the server has it (PostgreSQL built with lz4, as
-- Debian's and most packages are; PGlite is not). A 1,000-event batch answer is about 100 kB of
-- JSON, stored with its Idempotency-Key by the ingestion call, and lz4 compresses it for less of
-- PostgreSQL's time than pglz (figures in docs/benchmarks.md). Answers stored before keep pglz:
-- each value records its own method.
do $$
begin
  alter table idempotency_keys alter column response_body set compression lz4;
exception when feature_not_supported then
  raise notice 'lz4 is not available here: stored answers stay compressed with pglz';
end;
$$;
