// Saved payment methods for automatic charges (subscriptions with charge_automatically). In
// sandbox a method is a test card number (the card table of sandbox-cards.ts decides each charge)
// or a Pix Automático mandate: `pix_mandate_active` pays, `pix_mandate_revoked` and
// `pix_mandate_refused` fail with mandate_revoked / mandate_refused. Production needs a connected
// provider: there a saved card is the processor's reference, `{customerRef}/{methodRef}` or
// `{methodRef}`, charged off-session through the connection serving the method (409
// provider_not_configured without one). In both environments `pix:{idRec}` is a mandate made with
// POST /billing/pix-mandates, accepted once the payer approved it: a simulated one pays at once in
// sandbox, one at the PSP makes a recurring charge (/cobr) its events settle; an ended mandate's
// charge fails with its failure code, never sent.
import type { Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import type { Executor } from '../../db/database.ts';
import { createCharge, createChargeWithOutcome, failPayment, findMandateOfMethod, hasChargeInFlight, listPayments, prepareCharge, type ChargeOutcome, type OffSessionCharge, type PaymentView, providerFor, TEST_CARDS } from '../../modules/payments/index.ts';
import { confirmPayment } from './payment-outcomes.ts';

/** A processor's saved-method reference (pm_..., cus_.../pm_..., pix:rec...). */
const PROCESSOR_REFERENCE = /^[A-Za-z0-9_.:/-]{3,255}$/;

const MANDATES: Readonly<Record<string, string | null>> = {
  pix_mandate_active: null,
  pix_mandate_revoked: 'mandate_revoked',
  pix_mandate_refused: 'mandate_refused',
};

export interface SavedMethod {
  /** pix_mandate: the sandbox's literal mandates; pix_recurrence: `pix:{idRec}`, a mandate of POST /billing/pix-mandates. */
  kind: 'card' | 'pix_mandate' | 'pix_recurrence' | 'processor';
  /** What is kept: the card number without spaces, or the mandate. */
  value: string;
}

/** Checks a saved method for the tenant; 409 in production without a provider, 422 naming `field` when unknown. */
export function parseSavedMethod(tenant: Tenant, value: string, field = 'paymentMethod'): SavedMethod {
  if (value.startsWith('pix:') && PROCESSOR_REFERENCE.test(value)) return { kind: 'pix_recurrence', value };
  if (tenant.environment === 'production' && PROCESSOR_REFERENCE.test(value) && !/^[\d\s-]+$/.test(value) && !(value in MANDATES)) return { kind: 'processor', value };
  providerFor(tenant);
  const number = value.replace(/[\s-]/g, '');
  if (number in TEST_CARDS) return { kind: 'card', value: number };
  if (value in MANDATES) return { kind: 'pix_mandate', value };
  throw fieldError(field, value, 'payment_method', `is not a sandbox payment method: a test card number (4242 4242 4242 4242, or a decline card) or ${Object.keys(MANDATES).join(', ')}`);
}

/** A new subscription's (or a changed) saved method: a Pix mandate must be the customer's, and active. */
export async function checkSavedMethod(ex: Executor, tenant: Tenant, saved: SavedMethod, customerId: string, field = 'paymentMethod'): Promise<void> {
  if (saved.kind !== 'pix_recurrence') return;
  const mandate = await findMandateOfMethod(ex, tenant, saved.value);
  if (!mandate) throw fieldError(field, saved.value, 'unknown_mandate', 'names no Pix mandate of this account: create one with POST /billing/pix-mandates and give its paymentMethod');
  if (mandate.customer_id !== customerId) throw fieldError(field, saved.value, 'customer_mandate', "is another customer's Pix mandate");
  if (mandate.status !== 'active') throw fieldError(field, saved.value, 'mandate_not_active', `the Pix mandate is ${mandate.status}: the payer approves it first`);
}

/** A charge at a live processor reserved under ctx.offSessionAfterCommit: sent once the caller's transaction commits (off-session-charges.ts). */
export interface ChargeInFlight {
  status: 'in_flight';
}
const IN_FLIGHT: ChargeInFlight = { status: 'in_flight' };

/**
 * Charges an open invoice with a saved method, at once: the payment ends confirmed or failed (a
 * live one may stay pending), or, at a live processor under ctx.offSessionAfterCommit, is reserved
 * for `offSession` (in flight: its record settles it and takes the subscription's step).
 */
export async function chargeSavedMethod(tx: Tx, ctx: UseCaseContext, invoiceId: string, saved: SavedMethod): Promise<PaymentView>;
export async function chargeSavedMethod(tx: Tx, ctx: UseCaseContext, invoiceId: string, saved: SavedMethod, offSession: OffSessionCharge): Promise<PaymentView | ChargeInFlight>;
export async function chargeSavedMethod(tx: Tx, ctx: UseCaseContext, invoiceId: string, saved: SavedMethod, offSession?: OffSessionCharge): Promise<PaymentView | ChargeInFlight> {
  if (saved.kind === 'processor') return chargeAtProcessor(tx, ctx, invoiceId, saved.value, offSession);
  if (saved.kind === 'pix_recurrence') return chargeMandate(tx, ctx, invoiceId, saved.value, offSession);
  const pending = await createCharge(tx, ctx, invoiceId, { method: saved.kind === 'card' ? 'card' : 'pix' }, { simulated: true });
  const failure = saved.kind === 'card' ? (TEST_CARDS[saved.value] ?? null) : (MANDATES[saved.value] ?? null);
  return failure ? failPayment(tx, ctx, pending.id, failure) : confirmPayment(tx, ctx, pending.id);
}

/** A Pix Automático mandate: an ended one fails with its code unsent; an active one pays (sandbox) or makes a recurring charge. */
async function chargeMandate(tx: Tx, ctx: UseCaseContext, invoiceId: string, paymentMethod: string, offSession?: OffSessionCharge): Promise<PaymentView | ChargeInFlight> {
  const mandate = await findMandateOfMethod(tx, ctx.tenant, paymentMethod);
  // A reference saved before mandates were kept here (a recurrence made at the PSP): the PSP decides.
  if (!mandate && ctx.tenant.environment === 'production') return chargeAtProcessor(tx, ctx, invoiceId, paymentMethod, offSession);
  const failure = !mandate ? 'mandate_revoked' : mandate.status === 'active' ? null : (mandate.failure_code ?? 'mandate_refused');
  if (mandate?.provider === 'pix_api') {
    if (!failure) {
      // A recurring charge already at the PSP for this invoice is debited on its due date (and
      // retried under the mandate's policy): a second one (a dunning retry) could be debited too.
      const scheduled = (await listPayments(tx, ctx, { invoiceId, status: 'pending', method: 'pix' }, { limit: 1, afterId: null })).items[0];
      if (scheduled?.provider === 'pix_api') return scheduled;
      return chargeAtProcessor(tx, ctx, invoiceId, paymentMethod, offSession);
    }
    const unsent = await createChargeWithOutcome(tx, ctx, invoiceId, { method: 'pix' }, { refusedBeforeSending: true });
    return failPayment(tx, ctx, unsent.view.id, failure);
  }
  const pending = await createCharge(tx, ctx, invoiceId, { method: 'pix' }, { simulated: true });
  return failure ? failPayment(tx, ctx, pending.id, failure) : confirmPayment(tx, ctx, pending.id);
}

/** Off-session through the connection serving the method: the processor may confirm or decline at once, or leave it pending (its events finish it). */
async function chargeAtProcessor(tx: Tx, ctx: UseCaseContext, invoiceId: string, reference: string, offSession?: OffSessionCharge): Promise<PaymentView | ChargeInFlight> {
  const pix = reference.startsWith('pix:');
  const [first, second] = (pix ? reference.slice(4) : reference).split('/', 2) as [string, string | undefined];
  const savedMethod = second === undefined ? { customerRef: null, methodRef: first } : { customerRef: first, methodRef: second };
  const input = { method: pix ? ('pix' as const) : ('card' as const) };
  let outcome: ChargeOutcome;
  if (ctx.offSessionAfterCommit && offSession) {
    // One charge of an invoice at the processor at a time: the one in flight decides this attempt.
    if (await hasChargeInFlight(tx, ctx.tenant, invoiceId)) return IN_FLIGHT;
    const prepared = await prepareCharge(tx, ctx, invoiceId, input, { savedMethod, offSession });
    if (prepared.kind === 'reserved') return IN_FLIGHT;
    outcome = prepared.outcome;
  } else {
    outcome = await createChargeWithOutcome(tx, ctx, invoiceId, input, { savedMethod });
  }
  const { view, status, failureCode } = outcome;
  if (status === 'confirmed') return confirmPayment(tx, ctx, view.id);
  if (status === 'failed') return failPayment(tx, ctx, view.id, failureCode ?? 'card_declined');
  return view;
}
