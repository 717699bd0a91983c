import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';

const SignedAmount = (description: string) => Type.String({ format: 'decimal', examples: ['-10.50'], description });

export const LedgerEntry = Type.Object(
  {
    account: Type.String({ description: 'The ledger account: a name of the chart of accounts (revenue, customers:<id>:receivable, providers:<provider>:clearing, ...).' }),
    currency: Type.String(),
    amount: SignedAmount('A debit is positive, a credit negative; the entries of a transaction sum to zero per currency.'),
  },
  { title: 'LedgerEntry' },
);

export const LedgerTransaction = Type.Object(
  {
    id: Uuid(),
    kind: Type.String({ description: 'The event that made it: invoice.finalized, invoice.voided, invoice.written_off, invoice.paid, payment.confirmed, payment.refunded, payment.charged_back, prepaid.credited, ... (ledger.opening_* for the backfill).' }),
    resourceType: Type.String({ description: 'invoice, payment or refund.' }),
    resourceId: Uuid(),
    invoiceId: Nullable(Uuid()),
    customerId: Nullable(Uuid()),
    createdAt: DateTime(),
    entries: Type.Array(LedgerEntry),
  },
  { title: 'LedgerTransaction' },
);

export const LedgerTransactionList = Type.Object({ transactions: Type.Array(LedgerTransaction), nextCursor: Nullable(Type.String()) });

export const LedgerTransactionQuery = Type.Object(
  {
    ...ListQuery.properties,
    resourceType: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'With resourceId: the transactions a resource made.' })),
    resourceId: Type.Optional(Uuid()),
    account: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Transactions with an entry on this ledger account (its code).' })),
    customerId: Type.Optional(Uuid({ description: "Transactions of this customer's, or with an entry on one of its accounts." })),
    createdFrom: Type.Optional(DateTimeInput({ description: 'Created at or after.' })),
    createdTo: Type.Optional(DateTimeInput({ description: 'Created before.' })),
  },
  { additionalProperties: false },
);

export const LedgerBalance = Type.Object(
  {
    account: Type.String(),
    currency: Type.String(),
    customerId: Nullable(Uuid()),
    balance: SignedAmount('The sum of its entries: positive is a debit balance, negative a credit balance.'),
  },
  { title: 'LedgerBalance' },
);

export const LedgerBalanceQuery = Type.Object({ customerId: Type.Optional(Uuid({ description: "Only this customer's accounts." })) }, { additionalProperties: false });

export const LedgerBalanceList = Type.Object({ balances: Type.Array(LedgerBalance) });

export const Reconciliation = Type.Object(
  {
    reconciled: Type.Boolean({ description: 'True when no check found a mismatch.' }),
    checkedAt: DateTime(),
    checks: Type.Array(Type.String(), { description: 'The invariants checked (docs/ledger.md, Reconciliation).' }),
    transactions: Type.Integer({ description: 'Ledger transactions of the account and environment.' }),
    mismatches: Type.Array(
      Type.Object({
        check: Type.String(),
        resourceType: Type.String(),
        resourceId: Uuid(),
        currency: Type.String(),
        expected: SignedAmount('What the record says (amountDue, refundedAmount, ...).'),
        actual: SignedAmount('What the ledger says.'),
      }),
    ),
  },
  { title: 'Reconciliation' },
);
