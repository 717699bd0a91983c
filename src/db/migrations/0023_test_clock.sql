-- The sandbox test clock of an account (POST /test/clock/advance): when set, the account's
-- sandbox runs as of this instant (requests, the cycle runner); null is the real clock.
-- Production never reads it.
alter table accounts add column sandbox_clock timestamptz;
