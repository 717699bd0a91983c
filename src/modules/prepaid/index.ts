// The door of modules/prepaid: the only file other areas import (docs/ARCHITECTURE.md).
export {
  PREPAID_CREDIT_LINE,
  balancesOf,
  changeTerms,
  creditPaidInvoice,
  getBalance,
  hasBalance,
  openBalance,
  takeBackCredit,
  type MoneyReturned,
  type PrepaidRate,
} from './balances.ts';
export { type PrepaidTables } from './tables.ts';
