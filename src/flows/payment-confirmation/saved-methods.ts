// Saved payment methods for automatic charges (subscriptions with charge_automatically). In
// sandbox a method is a test card number (the card table of sandbox-cards.ts decides each charge)
// or a Pix Automático mandate: `pix_mandate_active` pays, `pix_mandate_revoked` and
// `pix_mandate_refused` fail with mandate_revoked / mandate_refused. Production needs a connected
// provider: there a saved method is the processor's reference, `{customerRef}/{methodRef}` or
// `{methodRef}` (a card; `pix:` before it for a Pix Automático recurrence), charged off-session
// through the connection serving the method (409 provider_not_configured without one).
import type { Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { createCharge, createChargeWithOutcome, failPayment, type PaymentView, providerFor, TEST_CARDS } from '../../modules/payments/index.ts';
import { confirmPayment } from './payment-outcomes.ts';

/** A processor's saved-method reference (pm_..., cus_.../pm_..., pix:rec...). */
const PROCESSOR_REFERENCE = /^[A-Za-z0-9_.:/-]{3,255}$/;

const MANDATES: Readonly<Record<string, string | null>> = {
  pix_mandate_active: null,
  pix_mandate_revoked: 'mandate_revoked',
  pix_mandate_refused: 'mandate_refused',
};

export interface SavedMethod {
  kind: 'card' | 'pix_mandate' | 'processor';
  /** What is kept: the card number without spaces, or the mandate. */
  value: string;
}

/** Checks a saved method for the tenant; 409 in production without a provider, 422 naming `field` when unknown. */
export function parseSavedMethod(tenant: Tenant, value: string, field = 'paymentMethod'): SavedMethod {
  if (tenant.environment === 'production' && PROCESSOR_REFERENCE.test(value) && !/^[\d\s-]+$/.test(value) && !(value in MANDATES)) return { kind: 'processor', value };
  providerFor(tenant);
  const number = value.replace(/[\s-]/g, '');
  if (number in TEST_CARDS) return { kind: 'card', value: number };
  if (value in MANDATES) return { kind: 'pix_mandate', value };
  throw fieldError(field, value, 'payment_method', `is not a sandbox payment method: a test card number (4242 4242 4242 4242, or a decline card) or ${Object.keys(MANDATES).join(', ')}`);
}

/** Charges an open invoice with a saved method, at once: the payment ends confirmed or failed. */
export async function chargeSavedMethod(tx: Tx, ctx: UseCaseContext, invoiceId: string, saved: SavedMethod): Promise<PaymentView> {
  if (saved.kind === 'processor') return chargeAtProcessor(tx, ctx, invoiceId, saved.value);
  const pending = await createCharge(tx, ctx, invoiceId, { method: saved.kind === 'card' ? 'card' : 'pix' }, { simulated: true });
  const failure = saved.kind === 'card' ? (TEST_CARDS[saved.value] ?? null) : (MANDATES[saved.value] ?? null);
  return failure ? failPayment(tx, ctx, pending.id, failure) : confirmPayment(tx, ctx, pending.id);
}

/** Off-session through the connection serving the method: the processor may confirm or decline at once, or leave it pending (its events finish it). */
async function chargeAtProcessor(tx: Tx, ctx: UseCaseContext, invoiceId: string, reference: string): Promise<PaymentView> {
  const pix = reference.startsWith('pix:');
  const [first, second] = (pix ? reference.slice(4) : reference).split('/', 2) as [string, string | undefined];
  const savedMethod = second === undefined ? { customerRef: null, methodRef: first } : { customerRef: first, methodRef: second };
  const { view, status, failureCode } = await createChargeWithOutcome(tx, ctx, invoiceId, { method: pix ? 'pix' : 'card' }, { savedMethod });
  if (status === 'confirmed') return confirmPayment(tx, ctx, view.id);
  if (status === 'failed') return failPayment(tx, ctx, view.id, failureCode ?? 'card_declined');
  return view;
}
