-- Rate cards in time: a card prices the usage of [effective_from, effective_to) and nothing else,
-- so creating or deleting one never reprices usage that happened before it. Existing cards take
-- effect at their creation and end at their deletion. At most one card is in effect at any instant
-- of an enrollment (checked under the enrollment's row lock, see customers/rate-cards.ts); the
-- partial unique index rate_cards_one_active still allows one card without an end.
alter table rate_cards add column effective_from timestamptz, add column effective_to timestamptz;
update rate_cards set effective_from = created_at, effective_to = deleted_at;
alter table rate_cards alter column effective_from set not null;
-- A card deleted before it took effect ends where it starts: it never prices anything.
alter table rate_cards add constraint rate_cards_effective_range check (effective_to is null or effective_to >= effective_from);
create index rate_cards_effective on rate_cards (account_id, environment, enrollment_id, effective_from);
