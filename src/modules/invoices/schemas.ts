import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, DecimalString, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';

export const InvoiceStatus = Type.Union([Type.Literal('draft'), Type.Literal('open'), Type.Literal('paid'), Type.Literal('void'), Type.Literal('uncollectible')], {
  description: 'draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off).',
});

export const LineItem = Type.Object(
  {
    id: Uuid(),
    type: Type.String({ description: '`usage` for metered usage, `one_off` for lines of POST /billing/invoices.' }),
    meterId: Nullable(Uuid()),
    priceId: Nullable(Uuid()),
    productId: Nullable(Uuid({ description: 'The product the line sells, when one was named.' })),
    description: Type.String(),
    quantity: DecimalString({ description: 'Full precision.' }),
    unitPrice: DecimalString({ description: 'Full precision, with at least the currency\'s decimals ("49.90", "0.0015").' }),
    amount: DecimalString({ description: 'Rounded half-up to the currency\'s minor unit.' }),
    proration: Type.Boolean(),
  },
  { title: 'InvoiceLineItem' },
);

export const Invoice = Type.Object(
  {
    id: Uuid(),
    customerId: Nullable(Uuid({ description: "The customer's product enrollment id (product, usage and subscription invoices); null on one-off invoices." })),
    payerId: Nullable(Uuid({ description: "The paying customer's id (one-off invoices)." })),
    subscriptionId: Nullable(Uuid({ description: 'The subscription that generated the invoice.' })),
    invoiceNumber: Nullable(Type.String({ description: 'Sequential per account and environment (INV-000001), assigned at finalization; null on drafts.' })),
    status: InvoiceStatus,
    currency: Type.String({ description: 'ISO 4217 code.' }),
    subtotal: DecimalString({ description: 'Sum of the line amounts.' }),
    tax: DecimalString({ description: 'Always zero: no tax is computed yet.' }),
    total: DecimalString(),
    amountDue: DecimalString({ description: 'How much is still owed: 0 once paid or void.' }),
    creditedAmount: DecimalString({
      description: "What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.",
    }),
    appliedBalance: DecimalString({
      description: "What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.",
    }),
    periodStart: Nullable(DateTime()),
    periodEnd: Nullable(DateTime()),
    dueDate: Nullable(DateTime({ description: 'Set at creation or at finalization (7 days later by default).' })),
    finalizedAt: Nullable(DateTime()),
    paidAt: Nullable(DateTime()),
    successUrl: Nullable(Type.String()),
    cancelUrl: Nullable(Type.String()),
    invoiceUrl: Type.String({ description: 'Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=...' }),
    createdAt: DateTime(),
    lineItems: Type.Array(LineItem),
  },
  { title: 'Invoice' },
);

const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

export const CreateInvoiceBody = Type.Object(
  {
    customerId: Uuid({ description: 'The paying customer (a customer id).' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. BRL.' }),
    lineItems: Type.Array(
      Type.Object(
        {
          description: Type.String({ minLength: 1, maxLength: 500 }),
          quantity: DecimalString({ description: 'Greater than 0.' }),
          unitPrice: DecimalString({ description: 'Zero or more.' }),
          productId: Type.Optional(Uuid()),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 250 },
    ),
    dueDate: Type.Optional(DateTimeInput({ description: 'In the future; by default 7 days after finalization.' })),
    successUrl: Type.Optional(HttpUrl),
    cancelUrl: Type.Optional(HttpUrl),
    couponCode: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: "A coupon's code (any case): a `discount` line takes its percentage off the other lines. The coupon counts one redemption." }),
    ),
  },
  { additionalProperties: false },
);

export const InvoiceListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(InvoiceStatus),
    customerId: Type.Optional(Uuid({ description: 'An enrollment id (matches customerId) or a customer id (matches payerId).' })),
    subscriptionId: Type.Optional(Uuid()),
  },
  { additionalProperties: false },
);

export const InvoiceList = Type.Object({ invoices: Type.Array(Invoice), nextCursor: Nullable(Type.String()) });

export const InvoiceParams = Type.Object({ invoiceID: Uuid() });
