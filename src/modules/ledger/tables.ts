import type { TenantColumns } from '../../db/schema.ts';

export interface LedgerAccountRow extends TenantColumns {
  id: string;
  /** The chart of accounts' name (docs/ledger.md): `revenue`, `customers:<id>:receivable`, ... */
  code: string;
  currency: string;
  customer_id: string | null;
  created_at: Date;
}

export interface LedgerTransactionRow extends TenantColumns {
  id: string;
  key: string;
  kind: string;
  resource_type: string;
  resource_id: string;
  invoice_id: string | null;
  customer_id: string | null;
  created_at: Date;
}

export interface LedgerEntryRow extends TenantColumns {
  id: string;
  transaction_id: string;
  ledger_account_id: string;
  currency: string;
  /** numeric, signed: a debit is positive, a credit negative. */
  amount: string;
  created_at: Date;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountRow;
  ledger_transactions: LedgerTransactionRow;
  ledger_entries: LedgerEntryRow;
}
