// The door of modules/invoices: the only file other areas import (docs/ARCHITECTURE.md).
export { loadInvoiceView, toInvoiceView } from './invoice-view.ts';
export {
  receivableAccount,
  receivableCustomerOf,
} from './invoice-postings.ts';
export {
  findAccountInvoice,
  findNewestSubscriptionInvoiceId,
  listInvoiceLines,
  openInvoiceDueDatesOfSubscription,
  openInvoiceIdsOfSubscription,
  setInvoiceReturnUrls,
} from './repository.ts';
export { addToDraftLine, type DraftAddition } from './draft-additions.ts';
export { registerInvoiceRoutes } from './routes.ts';
export { Invoice, InvoiceStatus as InvoiceStatusSchema } from './schemas.ts';
export {
  createDraftInvoice,
  createOneOffInvoice,
  finalizeInvoice,
  findInvoiceRow,
  getCreditNote,
  listCreditNotes,
  recordCreditNote,
  type CreditNoteInput,
  type CreditNoteView,
  hostedInvoiceUrl,
  issueInvoices,
  numberInvoices,
  type PendingNumbers,
  type IssueInvoiceInput,
  type IssuedInvoice,
  listInvoices,
  lockInvoice,
  markInvoicePaid,
  markInvoiceUncollectible,
  sendInvoice,
  type DraftLineInput,
  type InvoiceView,
} from './service.ts';
export { type InvoiceRow, type InvoiceStatus, type InvoiceTables } from './tables.ts';
export { listOpenInvoiceSummaries, paidRevenueByCurrency, type CurrencyTotal, type OpenInvoiceSummary } from './figures-repository.ts';
