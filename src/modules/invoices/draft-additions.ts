// Growing a draft invoice line by line: a running receipt (the Rail's day receipt per agent) adds
// each paid request's quantity to its line of that price, or a new line, and the amount to the
// draft's subtotal, total and amountDue, in one statement. Only additions that need no rounding
// (quantity x unitPrice exact in the currency's minor unit): then the line's stored amount stays
// exactly quantity x unitPrice and the totals the sum of the lines, as core/invoice-arithmetic.ts
// computes them, however many additions made them.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { currencyExponent, formatDecimal, Money } from '../../core/money.ts';
import * as repo from './repository.ts';

export interface DraftAddition {
  type: string;
  /** The line is found by its price: one line per price. */
  priceId: string;
  meterId: string | null;
  productId: string | null;
  /** The description of the line when this addition makes it. */
  description: string;
  quantity: string;
  unitPrice: string;
}

/**
 * Adds to a draft invoice of `currency`. False when the invoice is no longer a draft (finalized
 * meanwhile): nothing was written. Throws when quantity x unitPrice would need rounding.
 */
export async function addToDraftLine(tx: Tx, ctx: UseCaseContext, invoiceId: string, currency: string, addition: DraftAddition): Promise<boolean> {
  const exact = new Money(addition.quantity).mul(addition.unitPrice);
  if (exact.decimalPlaces() > currencyExponent(currency)) {
    throw new Error(`${addition.quantity} x ${addition.unitPrice} is not a whole number of ${currency} minor units: a running line must not round`);
  }
  const amount = exact.toFixed();
  const grown = await repo.growDraftLine(tx, ctx.tenant, ctx.now, { invoiceId, currency, priceId: addition.priceId, quantity: addition.quantity, amount });
  if (grown === 'not_draft') return false;
  if (grown === 'grown') return true;
  await repo.appendDraftLine(tx, ctx.tenant, ctx.now, {
    id: newId(),
    invoiceId,
    type: addition.type,
    meterId: addition.meterId,
    priceId: addition.priceId,
    productId: addition.productId,
    description: addition.description,
    quantity: formatDecimal(addition.quantity),
    unitPrice: formatDecimal(addition.unitPrice),
    amount,
  });
  return true;
}
