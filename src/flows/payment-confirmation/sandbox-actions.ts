// What the payer's browser does in the sandbox, without an API key: the credential is the one the
// charge handed out (the sandbox confirmation token, the card client secret, the crypto charge
// token). A wrong or missing credential answers exactly like a payment that does not exist, and
// only sandbox payments answer at all.
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { contextAsOfClock } from '../../modules/accounts/index.ts';
import {
  failPayment,
  findPaymentById,
  updatePayment,
  sandboxCardOutcome,
  type CardInput,
  matchesDigest,
  sameToken,
  type PaymentRow,
} from '../../modules/payments/index.ts';
import { confirmPayment } from './payment-outcomes.ts';

export interface SandboxResult {
  paymentId: string;
  status: PaymentRow['status'];
  failureCode: string | null;
}

/** The payer acts on the seller's billing time: as of the account's sandbox test clock when one is set. */
function contextOfPayment(ex: Executor, row: PaymentRow, now: Date, baseUrl: string): Promise<UseCaseContext> {
  return contextAsOfClock(ex, { accountId: row.account_id, environment: row.environment }, now, baseUrl);
}

async function sandboxPayment(ex: Executor, paymentId: string, accepts: (row: PaymentRow) => boolean): Promise<PaymentRow> {
  const row = isUuid(paymentId) ? await findPaymentById(ex, paymentId.toLowerCase()) : undefined;
  if (!row || row.environment !== 'sandbox' || !accepts(row)) throw notFound('payment');
  return row;
}

/** The payment a sandbox confirmation link names, or null when the id or token is wrong. */
export async function findByConfirmToken(ex: Executor, paymentId: string, token: unknown): Promise<PaymentRow | null> {
  if (typeof token !== 'string' || token.length === 0) return null;
  try {
    return await sandboxPayment(ex, paymentId, (row) => sameToken(token, row.confirm_token));
  } catch {
    return null;
  }
}

/** The confirmation page's button: confirms a pending charge; a second press finds it confirmed. */
export async function confirmByLink(tx: Tx, row: PaymentRow, now: Date, baseUrl: string): Promise<void> {
  const current = await findPaymentById(tx, row.id);
  if (current?.status === 'confirmed' || current?.status === 'refunded') return;
  await confirmPayment(tx, await contextOfPayment(tx, row, now, baseUrl), row.id);
}

export async function payWithTestCard(tx: Tx, paymentId: string, input: CardInput & { clientSecret: string }, now: Date, baseUrl: string): Promise<SandboxResult> {
  const row = await sandboxPayment(tx, paymentId, (r) => r.method === 'card' && matchesDigest(input.clientSecret, r.client_secret_hash));
  const ctx = await contextOfPayment(tx, row, now, baseUrl);
  // A card's expiry date is the card's own validity: read against the real time.
  const failure = sandboxCardOutcome(input, realNowOf(ctx));
  const view = failure ? await failPayment(tx, ctx, row.id, failure) : await confirmPayment(tx, ctx, row.id);
  return { paymentId: view.id, status: view.status, failureCode: view.failureCode };
}

/** The crypto widget paid: the charge token is spent (single use) and the charge confirmed. */
export async function payWithTestWallet(tx: Tx, paymentId: string, chargeToken: string, now: Date, baseUrl: string): Promise<SandboxResult> {
  const row = await sandboxPayment(tx, paymentId, (r) => r.method === 'crypto' && matchesDigest(chargeToken, r.charge_token_hash));
  const ctx = await contextOfPayment(tx, row, now, baseUrl);
  if (row.charge_token_used_at) throw new AppError('conflict', 'This charge token was used already; a charge token pays once.');
  // confirmPayment locks the invoice, then the payment: a second use at the same time waits, then
  // finds the charge confirmed and answers 409.
  const view = await confirmPayment(tx, ctx, row.id);
  await updatePayment(tx, ctx.tenant, row.id, { charge_token_used_at: ctx.now, updated_at: ctx.now });
  return { paymentId: view.id, status: view.status, failureCode: view.failureCode };
}
