// The refusals of recording usage, as API errors. The rules live in one database call per commit
// group (metering_ingest_v7 in src/db/functions/; repository.ingestGroup): a request is all-or-nothing
// (an invalid event fails its whole request and nothing of it is written); an event id is recorded
// once per tenant (a resend is `duplicate` with the original timestamp); no event lands in a period
// an invoice already billed; each recorded request's answer is stored with its Idempotency-Key in
// the same transaction as its events. The database reports refusals; this file words them.
import { AppError, validationError, type FieldError } from '../../core/errors.ts';
import type { BalanceShortfall, EventProblem } from './repository.ts';

export function usageAlreadyInvoiced(): AppError {
  return new AppError(
    'usage_already_invoiced',
    "An event falls inside a period already invoiced for this enrollment, so it can no longer be billed on that invoice. An event's timestamp is when the usage happened: keep it. To bill this usage, void that invoice and invoice the period again.",
  );
}

/** The validation error of a request whose events name no meter or enrollment, or lack the meter's property. */
export function unresolvedEventsError(
  problems: EventProblem[],
  events: Array<{ meterKey: string; customerRef: string }>,
  fieldPrefix: (index: number) => string,
): AppError {
  const errors: FieldError[] = [];
  for (const problem of problems) {
    const at = fieldPrefix(problem.index);
    const event = events[problem.index]!;
    if (!problem.meter) errors.push({ field: `${at}meter`, value: event.meterKey, constraint: 'exists', description: 'no meter has this key' });
    if (!problem.enrolled) {
      errors.push({ field: `${at}customerId`, value: event.customerRef, constraint: 'enrolled', description: 'no customer with this id or externalId is enrolled in the product' });
    }
    if (problem.property) {
      errors.push({ field: `${at}metadata.${problem.property}`, value: '', constraint: 'required', description: `the meter counts distinct values of metadata.${problem.property}` });
    }
  }
  return validationError(errors);
}

/** 422 insufficient_balance naming the event that would take the prepaid balance below its floor. */
export function insufficientBalance(shortfall: BalanceShortfall, events: Array<{ value: string }>, fieldPrefix: (index: number) => string): AppError {
  const field = `${fieldPrefix(shortfall.index)}value`;
  return new AppError(
    'insufficient_balance',
    `The prepaid balance (${shortfall.balance}) does not cover this usage: the event at ${field} would take it below its floor (${shortfall.floor}). Nothing was recorded; top the balance up (pay the subscription's prepaid invoice) and send it again.`,
    { errors: [{ field, value: events[shortfall.index]?.value ?? '', constraint: 'balance', description: `the balance less the usage before it and this event's value x its rate would be below the floor ${shortfall.floor}` }] },
  );
}
