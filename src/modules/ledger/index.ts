// The door of modules/ledger: the only file other areas import (docs/ARCHITECTURE.md, docs/ledger.md).
export { chart } from './chart.ts';
export {
  postTransaction,
  postTransactions,
  type PostingInput,
  reverseTransaction,
  type LedgerEntryInput,
} from './post.ts';
export { ledgerReconciliationJob } from './reconcile-job.ts';
export { ledgerBalances, listLedgerTransactions, type LedgerBalanceView, type LedgerEntryView, type LedgerTransactionView } from './reads.ts';
export { registerLedgerRoutes } from './routes.ts';
export { type LedgerTables } from './tables.ts';
