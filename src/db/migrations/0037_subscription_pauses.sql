-- Pauses prorate (docs/decisions/subscriptions.md, "Pause and resume"): each pause is kept with
-- its end, so a period's fee counts only the time that was not paused. Advance mode: the paused
-- part of a period already paid is credited on the next period's invoice; `credit_line` (the
-- invoice line, priced at what was paid) is set at the resume and `credited_invoice_id` once an
-- invoice carries it. `ended_at` is the resume (or the cancel of a paused subscription).
create table subscription_pauses (
  subscription_id uuid not null references subscriptions (id),
  paused_at timestamptz not null,
  ended_at timestamptz,
  credit_line jsonb,
  credited_invoice_id uuid references invoices (id),
  primary key (subscription_id, paused_at),
  constraint subscription_pauses_range check (ended_at is null or ended_at >= paused_at)
);
-- Subscriptions paused before this migration: their pause runs from paused_at.
insert into subscription_pauses (subscription_id, paused_at)
  select id, paused_at from subscriptions where status = 'paused' and paused_at is not null;
