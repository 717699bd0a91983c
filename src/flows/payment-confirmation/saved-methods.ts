// Saved payment methods for automatic charges (subscriptions with charge_automatically). In
// sandbox a method is a test card number (the card table of sandbox-cards.ts decides each charge)
// or a Pix Automático mandate: `pix_mandate_active` pays, `pix_mandate_revoked` and
// `pix_mandate_refused` fail with mandate_revoked / mandate_refused. Production needs a connected
// provider (409 provider_not_configured until then), as every live charge does.
import type { Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { createCharge, failPayment, type PaymentView, providerFor, TEST_CARDS } from '../../modules/payments/index.ts';
import { confirmPayment } from './payment-outcomes.ts';

const MANDATES: Readonly<Record<string, string | null>> = {
  pix_mandate_active: null,
  pix_mandate_revoked: 'mandate_revoked',
  pix_mandate_refused: 'mandate_refused',
};

export interface SavedMethod {
  kind: 'card' | 'pix_mandate';
  /** What is kept: the card number without spaces, or the mandate. */
  value: string;
}

/** Checks a saved method for the tenant; 409 in production without a provider, 422 naming `field` when unknown. */
export function parseSavedMethod(tenant: Tenant, value: string, field = 'paymentMethod'): SavedMethod {
  providerFor(tenant);
  const number = value.replace(/[\s-]/g, '');
  if (number in TEST_CARDS) return { kind: 'card', value: number };
  if (value in MANDATES) return { kind: 'pix_mandate', value };
  throw fieldError(field, value, 'payment_method', `is not a sandbox payment method: a test card number (4242 4242 4242 4242, or a decline card) or ${Object.keys(MANDATES).join(', ')}`);
}

/** Charges an open invoice with a saved method, at once: the payment ends confirmed or failed. */
export async function chargeSavedMethod(tx: Tx, ctx: UseCaseContext, invoiceId: string, saved: SavedMethod): Promise<PaymentView> {
  const pending = await createCharge(tx, ctx, invoiceId, { method: saved.kind === 'card' ? 'card' : 'pix' });
  const failure = saved.kind === 'card' ? (TEST_CARDS[saved.value] ?? null) : (MANDATES[saved.value] ?? null);
  return failure ? failPayment(tx, ctx, pending.id, failure) : confirmPayment(tx, ctx, pending.id);
}
