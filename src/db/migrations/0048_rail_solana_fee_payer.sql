-- Solana on the Rail (issue 29, docs/rail.md "Solana"): the relayer of an account and environment
-- may be a Solana fee payer, whose address is base58 (32 to 44 characters), not 0x hex.
alter table rail_relayers drop constraint rail_relayers_address_check;
alter table rail_relayers add constraint rail_relayers_address_check
  check (address ~ '^0x[0-9a-fA-F]{40}$' or address ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$');
