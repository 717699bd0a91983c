// The door of modules/ledger: the only file other areas import (docs/ARCHITECTURE.md, docs/ledger.md).
export { chart } from './chart.ts';
export { assertBalanced, postTransaction, reverseTransaction, UnbalancedTransactionError, type LedgerEntryInput, type Posted, type PostingInput } from './post.ts';
export { invoiceReceivable, ledgerBalances, listLedgerTransactions, reconcile, type LedgerBalanceView, type LedgerTransactionView, type ReconciliationView } from './reads.ts';
export { LEDGER_MISMATCH_EVENT, ledgerReconciliationJob, reconcileEveryTenant, type ReconciliationRun } from './reconcile-job.ts';
export { registerLedgerRoutes } from './routes.ts';
export { type LedgerTables } from './tables.ts';
