-- The hosted checkout's wallet payments settle on chain too (`self`, `remote`; issue 29, docs/rail.md
-- "USDC at the hosted checkout"): the authorization is reserved before it is sent, outside the
-- transaction that confirms the charge. One settlement per charge, whatever its nonce, so two
-- authorizations signed for one charge never both move money; also the lookup of a charge's
-- settlement when a payment is resumed or replayed. Rail route settlements (with a meter) each have
-- a payment of their own and are not concerned.
create unique index rail_settlements_one_per_charge on rail_settlements (account_id, environment, payment_id)
  where meter_id is null and payment_id is not null;
