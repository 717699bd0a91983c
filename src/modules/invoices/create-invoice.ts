// Creating draft invoices: the one-off invoice of the API, and the general draft the usage and
// subscription areas build on. Invariants: the amounts (lines, subtotal, tax, total, amountDue)
// are computed by core/invoice-arithmetic.ts and only stored here: every line amount is rounded
// half-up to the currency's minor unit; subtotal is the sum of the rounded lines; tax is zero (no
// tax engine); quantities and unit prices are kept at full precision. Idempotent through the
// caller's Idempotency-Key transaction: this only inserts, so a replay never reaches it.
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { fieldError, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { invoiceAmounts } from '../../core/invoice-arithmetic.ts';
import { formatDecimal, isKnownCurrency, isSettlementAsset, toAmount } from '../../core/money.ts';
import { localeFor } from '../accounts/index.ts';
import { findProductOrThrow } from '../catalog/index.ts';
import { findCustomerOrThrow, findEnrollmentOrThrow } from '../customers/index.ts';
import { couponDiscountLine, recordRedemption, redeemCoupon } from '../coupons/index.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './repository.ts';
import { presentInvoice, type InvoiceView } from './invoice-view.ts';
import type { InvoiceLineItemRow, InvoiceRow } from './tables.ts';

export interface DraftLineInput {
  /** `usage`, `one_off`, ... (free text; the interface lists `usage`). */
  type: string;
  meterId?: string | null;
  priceId?: string | null;
  productId?: string | null;
  description: string;
  /** Decimal string, kept at full precision. */
  quantity: string;
  /** Decimal string, kept at full precision. */
  unitPrice: string;
  /** The line's amount when it is not quantity x unitPrice (tiered, volume, package prices); rounded to the currency like any line. */
  amount?: string | null;
  proration?: boolean;
}

export interface DraftInvoiceInput {
  /** The customer's enrollment id (usage and subscription invoices). */
  customerId?: string | null;
  /** The paying customer's id (one-off invoices). */
  payerId?: string | null;
  subscriptionId?: string | null;
  currency: string;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** Kept when set; otherwise finalization sets it. */
  dueDate?: Date | null;
  lines: DraftLineInput[];
  successUrl?: string | null;
  cancelUrl?: string | null;
}

/** Creates a draft invoice and records `invoice.created`. Unknown enrollment or payer: 404. */
/** An invoice's line rows, in order, with the amounts invoiceAmounts gave them. */
export function lineRowsOf(tenant: UseCaseContext['tenant'], invoiceId: string, lines: DraftLineInput[], amounts: string[], now: Date): InvoiceLineItemRow[] {
  return lines.map((line, position) => ({
    id: newId(),
    account_id: tenant.accountId,
    environment: tenant.environment,
    invoice_id: invoiceId,
    position,
    type: line.type,
    meter_id: line.meterId ?? null,
    price_id: line.priceId ?? null,
    product_id: line.productId ?? null,
    description: line.description,
    quantity: formatDecimal(line.quantity),
    unit_price: formatDecimal(line.unitPrice),
    amount: amounts[position]!,
    proration: line.proration ?? false,
    created_at: now,
  }));
}

/** What a caller has already checked in this transaction, so it is not read again. */
export interface DraftChecks {
  /** The payer (`payerId`) was read as this tenant's customer. */
  payerChecked?: boolean;
}

export async function createDraftInvoice(tx: Tx, ctx: UseCaseContext, input: DraftInvoiceInput, checks: DraftChecks = {}): Promise<InvoiceView> {
  const { tenant, now } = ctx;
  // Settlement assets come from the Rail's receipts only: the routes' schemas take ISO codes.
  if (!isKnownCurrency(input.currency) && !isSettlementAsset(input.currency)) throw fieldError('currency', input.currency, 'currency', 'must be an ISO 4217 code in capitals, such as BRL');
  if (input.periodStart && input.periodEnd && input.periodEnd < input.periodStart) {
    throw fieldError('periodEnd', input.periodEnd.toISOString(), 'after_period_start', 'must not be before periodStart');
  }
  if (input.customerId) await findEnrollmentOrThrow(tx, tenant, input.customerId);
  if (input.payerId && !checks.payerChecked) await findCustomerOrThrow(tx, tenant, input.payerId);

  const id = newId();
  // 422 amount_too_large when a line, the subtotal or the total is past what invoices hold.
  const amounts = invoiceAmounts(input.lines, input.currency);
  const lines = lineRowsOf(tenant, id, input.lines, amounts.lines, now);
  const row: InvoiceRow = {
    id,
    account_id: tenant.accountId,
    environment: tenant.environment,
    customer_id: input.customerId ?? null,
    payer_id: input.payerId ?? null,
    subscription_id: input.subscriptionId ?? null,
    invoice_number: null,
    status: 'draft',
    currency: input.currency,
    subtotal: amounts.subtotal,
    tax: amounts.tax,
    total: amounts.total,
    amount_due: amounts.amountDue,
    credited_amount: '0',
    applied_balance: '0',
    period_start: input.periodStart ?? null,
    period_end: input.periodEnd ?? null,
    due_date: input.dueDate ?? null,
    finalized_at: null,
    paid_at: null,
    success_url: input.successUrl ?? null,
    cancel_url: input.cancelUrl ?? null,
    // 192 random bits: the hosted page link is the only credential a payer holds.
    access_token: randomBytes(24).toString('base64url'),
    created_at: now,
    updated_at: now,
  };
  await repo.insertInvoice(tx, row);
  await repo.insertLineItems(tx, lines);
  // Presented from the rows just written: nothing in the database changes them in between.
  const view = await presentInvoice(tx, ctx, row, lines);
  await recordEvent(tx, ctx, 'invoice.created', view);
  return view;
}

export interface OneOffInvoiceInput {
  /** The payer: a customer id. */
  customerId: string;
  currency: string;
  lineItems: Array<{ description: string; quantity: string; unitPrice: string; productId?: string }>;
  dueDate?: string;
  successUrl?: string;
  cancelUrl?: string;
  couponCode?: string;
}

/** Rows a caller has already read as this tenant's in this transaction (a storefront's order), not read again. */
export interface OneOffKnownRows {
  /** The payer, `input.customerId`. */
  payerId?: string;
  /** Products of the lines. */
  productIds?: readonly string[];
}

/** `POST /billing/invoices`: a draft invoice for a customer, with `one_off` lines and, with a coupon, a `discount` line. */
export async function createOneOffInvoice(tx: Tx, ctx: UseCaseContext, input: OneOffInvoiceInput, known: OneOffKnownRows = {}): Promise<InvoiceView> {
  const errors: FieldError[] = [];
  input.lineItems.forEach((line, i) => {
    if (!toAmount(line.quantity).gt(0)) {
      errors.push({ field: `lineItems[${i}].quantity`, value: line.quantity, constraint: 'positive', description: 'must be greater than 0' });
    }
    if (toAmount(line.unitPrice).lt(0)) {
      errors.push({ field: `lineItems[${i}].unitPrice`, value: line.unitPrice, constraint: 'non_negative', description: 'must not be negative' });
    }
  });
  const dueDate = input.dueDate === undefined ? null : new Date(input.dueDate);
  if (dueDate && dueDate <= ctx.now) {
    errors.push({ field: 'dueDate', value: input.dueDate ?? '', constraint: 'future', description: 'must be in the future' });
  }
  if (errors.length > 0) throw validationError(errors);

  if (known.payerId !== input.customerId) await findCustomerOrThrow(tx, ctx.tenant, input.customerId);
  const knownProducts = new Set(known.productIds);
  const productIds = new Set(input.lineItems.flatMap((line) => (line.productId && !knownProducts.has(line.productId) ? [line.productId] : [])));
  for (const productId of productIds) await findProductOrThrow(tx, ctx.tenant, productId);

  const lines: DraftLineInput[] = input.lineItems.map((line) => ({
    type: 'one_off',
    productId: line.productId ?? null,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    proration: false,
  }));
  const coupon = input.couponCode === undefined ? null : await redeemCoupon(tx, ctx, input.couponCode);
  if (coupon) lines.push(couponDiscountLine(coupon, lines, input.currency, await localeFor(tx, ctx.tenant.accountId, input.currency)));
  const view = await createDraftInvoice(tx, ctx, {
    payerId: input.customerId,
    currency: input.currency,
    dueDate,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    lines,
  }, { payerChecked: true });
  if (coupon) await recordRedemption(tx, ctx, coupon.id, view.id);
  return view;
}
