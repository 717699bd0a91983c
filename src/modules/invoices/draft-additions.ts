// Growing a draft invoice line by line: a running receipt (the Rail's day receipt per agent) adds
// each paid request's quantity to its line of that price, or a new line, and the amount to the
// draft's subtotal, total and amountDue, in one statement. Only additions that need no rounding
// (quantity x unitPrice exact in the currency's minor unit): then the line's stored amount stays
// exactly quantity x unitPrice and the totals the sum of the lines, as core/invoice-arithmetic.ts
// computes them, however many additions made them.
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { tenantSql } from '../../db/tenancy.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { currencyExponent, formatDecimal, Money } from '../../core/money.ts';

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
  const { rows } = await sql<{ invoices: number; lines: number }>`
    with invoice as (
      update invoices set subtotal = subtotal + ${amount}::numeric, total = total + ${amount}::numeric,
             amount_due = amount_due + ${amount}::numeric, updated_at = ${ctx.now}
       where ${tenantSql(ctx.tenant)} and id = ${invoiceId} and status = 'draft' and currency = ${currency}
      returning id
    ), line as (
      update invoice_line_items set quantity = quantity + ${addition.quantity}::numeric, amount = amount + ${amount}::numeric
       where ${tenantSql(ctx.tenant)} and invoice_id in (select id from invoice) and price_id = ${addition.priceId}
      returning id
    )
    select (select count(*) from invoice)::int as invoices, (select count(*) from line)::int as lines`.execute(tx);
  const [counted] = rows;
  if (!counted || counted.invoices === 0) return false;
  if (counted.lines > 0) return true;
  await sql`
    insert into invoice_line_items (id, account_id, environment, invoice_id, position, type, meter_id, price_id, product_id, description, quantity, unit_price, amount, proration, created_at)
    select ${newId()}, ${ctx.tenant.accountId}, ${ctx.tenant.environment}, ${invoiceId}, coalesce(max(position) + 1, 0), ${addition.type}, ${addition.meterId}, ${addition.priceId},
           ${addition.productId}, ${addition.description}, ${formatDecimal(addition.quantity)}::numeric, ${formatDecimal(addition.unitPrice)}::numeric, ${amount}::numeric, false, ${ctx.now}
      from invoice_line_items where ${tenantSql(ctx.tenant)} and invoice_id = ${invoiceId}`.execute(tx);
  return true;
}
