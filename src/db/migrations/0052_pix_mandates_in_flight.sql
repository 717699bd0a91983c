-- Pix Automático mandate calls to the PSP run with no transaction open (issue #30;
-- docs/reliability.md, "Calls outside the transaction"). Creating one is reserved first: a `pending`
-- mandate row holding what the PSP calls need (`creation_in_flight`: the recurrence to create, with
-- the contract id `vinculo.contrato` derived from the request's Idempotency-Key, and the payer's
-- account for the authorization request), its provider_id a placeholder until the PSP's idRec is
-- recorded; reads do not show it. Cancelling one at the PSP is reserved on the mandate
-- (`cancel_in_flight`). A crash between the call and the record is finished by the repair poller,
-- which first looks the recurrence up at the PSP (by its contract id, or GET /rec/{idRec}) so a
-- retry never makes a second one.
alter table pix_mandates add column creation_in_flight jsonb;
alter table pix_mandates add column cancel_in_flight jsonb;

create index pix_mandates_creation_in_flight on pix_mandates (updated_at) where creation_in_flight is not null;
create index pix_mandates_cancel_in_flight on pix_mandates (updated_at) where cancel_in_flight is not null;
