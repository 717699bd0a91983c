import { Type } from '@sinclair/typebox';
import { DateTime, DecimalString, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';

export const CreditNoteOutcome = Type.Union([Type.Literal('refund'), Type.Literal('credit')], {
  description:
    "refund: the invoice's confirmed payments are refunded for the amount through their provider (a paid invoice only). credit: on a paid invoice the amount is added to the customer's balance, applied to its next invoice in the currency; on an open invoice it lowers amountDue.",
});

export const CreditNoteLine = Type.Object(
  {
    id: Uuid(),
    lineItemId: Uuid({ description: 'The invoice line credited.' }),
    description: Type.String({ description: "The invoice line's description." }),
    quantity: Nullable(DecimalString({ description: 'The units credited when credited by quantity (at the line unit price).' })),
    amount: DecimalString(),
  },
  { title: 'CreditNoteLine' },
);

export const CreditNote = Type.Object(
  {
    id: Uuid(),
    number: Type.String({ description: 'Sequential per account and environment, gap-free (CN-000001).' }),
    invoiceId: Uuid(),
    customerId: Nullable(Uuid({ description: "The customer whose invoice it credits (the invoice's payer, else its enrollment's customer)." })),
    currency: Type.String({ description: "The invoice's currency." }),
    amount: DecimalString({ description: 'What the credit note takes off the invoice.' }),
    reason: Type.String(),
    outcome: CreditNoteOutcome,
    lines: Type.Array(CreditNoteLine, { description: 'The invoice lines credited; empty when the credit note was made by amount.' }),
    createdAt: DateTime(),
  },
  { title: 'CreditNote' },
);

export const CreateCreditNoteBody = Type.Object(
  {
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            lineItemId: Uuid({ description: 'A line of the invoice.' }),
            amount: Type.Optional(DecimalString({ description: "What to credit of the line: more than 0, at most the line's amount less what credit notes took of it." })),
            quantity: Type.Optional(DecimalString({ description: "Or units of the line, at most its quantity: credits quantity x unitPrice, rounded half-up." })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 250 },
      ),
    ),
    amount: Type.Optional(DecimalString({ description: 'Or an amount of the invoice as a whole. Give lines or amount.' })),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    outcome: CreditNoteOutcome,
  },
  { additionalProperties: false },
);

export const InvoiceCreditNoteParams = Type.Object({ invoiceID: Uuid() });
export const CreditNoteParams = Type.Object({ creditNoteID: Uuid() });
export const CreditNoteListQuery = ListQuery;
export const CreditNoteList = Type.Object({ creditNotes: Type.Array(CreditNote), nextCursor: Nullable(Type.String()) });
