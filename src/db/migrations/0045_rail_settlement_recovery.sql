-- Nothing lost (issue 29, docs/rail.md "Recovery"): a reservation (`submitting`) keeps the payment it
-- reserves (x402 payload and requirements as the settle received them), so that a process that finds
-- it stuck (its settler died between the reservation and the send, or a remote facilitator's answer
-- was lost) can look the authorization up on chain, then record it, release it or submit it again.
-- Null on settled rows written before this column and on simulated settlements (never stuck).
alter table rail_settlements add column payment jsonb;

-- The recovery job reads the oldest reservations still `submitting`, across tenants.
create index rail_settlements_submitting on rail_settlements (created_at) where state = 'submitting';
