-- The hosted checkout's USDC wallet payments (issue 29, docs/rail.md "USDC at the hosted
-- checkout") share the Rail's nonce memory: an authorization pays once, at a Rail route or at the
-- checkout. Such a settlement pays a charge, not a route: it has no product or meter.
alter table rail_settlements alter column product_id drop not null;
alter table rail_settlements alter column meter_id drop not null;
