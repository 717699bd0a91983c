// What an invoice's moves write to the ledger (docs/ledger.md), in the move's transaction:
//   finalized     receivable (the total) = revenue (charge lines) + prepaid:invoiced (prepaid_credit
//                 lines) - discounts (discount lines) + taxes:payable (tax)
//   voided        the finalization reversed (an open invoice; a draft posted nothing)
//   written off   bad_debt <- receivable, the amountDue
//   paid after a write-off: the write-off reversed, so the payment settles the receivable again
// The payment side (clearing <- receivable) is the payment-confirmation flow's.
import type { UseCaseContext } from '../../core/context.ts';
import { DISCOUNT_LINE } from '../../core/invoice-arithmetic.ts';
import { Money, sumAmounts, type Amount } from '../../core/money.ts';
import type { Tx } from '../../db/database.ts';
import { findEnrollmentOrThrow } from '../customers/index.ts';
import { chart, postTransaction, reverseTransaction, type LedgerEntryInput, type PostingInput } from '../ledger/index.ts';
import { PREPAID_CREDIT_LINE } from '../prepaid/index.ts';
import type { InvoiceLineItemRow, InvoiceRow } from './tables.ts';

const neg = (value: string | Amount) => new Money(0).minus(value);

/** The customer whose receivable an invoice is: its payer, else its enrollment's customer. */
export async function receivableCustomerOf(tx: Tx, ctx: UseCaseContext, invoice: Pick<InvoiceRow, 'payer_id' | 'customer_id'>): Promise<string | null> {
  if (invoice.payer_id) return invoice.payer_id;
  if (invoice.customer_id) return (await findEnrollmentOrThrow(tx, ctx.tenant, invoice.customer_id)).customer_id;
  return null;
}

export function receivableAccount(customerId: string | null): string {
  return chart.receivable(customerId ?? 'none');
}

const resource = (invoice: InvoiceRow) => ({ type: 'invoice', id: invoice.id });

/** `customerId`: the invoice's receivable customer (receivableCustomerOf); `lines`: its line rows; both read by the caller. */
export async function postFinalized(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, customerId: string | null, lines: readonly InvoiceLineItemRow[]): Promise<void> {
  await postTransaction(tx, ctx, finalizedPosting(invoice, lines, customerId));
}

/** The finalization's posting of an invoice with these lines (the cycle runner's batch posts many at once). */
export function finalizedPosting(invoice: InvoiceRow, lines: readonly Pick<InvoiceLineItemRow, 'type' | 'amount'>[], customerId: string | null): PostingInput {
  const of = (test: (type: string) => boolean) => sumAmounts(lines.filter((l) => test(l.type)).map((l) => l.amount));
  const charges = of((type) => type !== DISCOUNT_LINE && type !== PREPAID_CREDIT_LINE);
  const prepaid = of((type) => type === PREPAID_CREDIT_LINE);
  const discountLines = of((type) => type === DISCOUNT_LINE); // negative
  const currency = invoice.currency;
  const entries: LedgerEntryInput[] = [
    { account: receivableAccount(customerId), currency, amount: charges.plus(prepaid).plus(discountLines).plus(invoice.tax), customerId },
    { account: chart.revenue, currency, amount: neg(charges) },
    { account: chart.prepaidInvoiced, currency, amount: neg(prepaid) },
    { account: chart.discounts, currency, amount: neg(discountLines) },
    { account: chart.taxes, currency, amount: neg(invoice.tax) },
  ];
  return { key: `invoice:${invoice.id}:finalized`, kind: 'invoice.finalized', resource: resource(invoice), invoiceId: invoice.id, customerId, entries };
}

export async function postVoided(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow): Promise<void> {
  await reverseTransaction(tx, ctx, `invoice:${invoice.id}:finalized`, {
    key: `invoice:${invoice.id}:voided`,
    kind: 'invoice.voided',
    resource: resource(invoice),
    invoiceId: invoice.id,
    customerId: await receivableCustomerOf(tx, ctx, invoice),
  });
}

export async function postWrittenOff(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow): Promise<void> {
  const customerId = await receivableCustomerOf(tx, ctx, invoice);
  await postTransaction(tx, ctx, {
    key: `invoice:${invoice.id}:written_off`,
    kind: 'invoice.written_off',
    resource: resource(invoice),
    invoiceId: invoice.id,
    customerId,
    entries: [
      { account: chart.badDebt, currency: invoice.currency, amount: invoice.amount_due },
      { account: receivableAccount(customerId), currency: invoice.currency, amount: neg(invoice.amount_due), customerId },
    ],
  });
}

/** A written-off invoice paid after all: the write-off is reversed before the payment settles the receivable. */
export async function postWriteOffRecovered(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow): Promise<void> {
  await reverseTransaction(tx, ctx, `invoice:${invoice.id}:written_off`, {
    key: `invoice:${invoice.id}:write_off_recovered`,
    kind: 'invoice.write_off_recovered',
    resource: resource(invoice),
    invoiceId: invoice.id,
    customerId: await receivableCustomerOf(tx, ctx, invoice),
  });
}
