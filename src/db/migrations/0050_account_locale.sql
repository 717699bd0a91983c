-- The language of what the service writes for an account's buyers: emails and the invoice line
-- text it composes (coupon, shipping, proration lines). Null: by the document's currency (pt-BR for
-- BRL, English otherwise), docs/decisions/locale.md. Lines written before keep their text.
alter table accounts add column locale text
  check (locale in ('pt-BR', 'en'));
