-- The seller's CNPJ, shown on its buyers' pages (checkout, shop, invoice, receipt) beside its name
-- and support contact: 14 characters, normalised (no punctuation; the first 12 may be letters,
-- Receita Federal NT 49/2024), check digits verified by the service. Null until the seller sets it.
alter table accounts add column cnpj text check (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$');
