// The door of flows/credit-notes: the only file other areas import (docs/ARCHITECTURE.md).
export { issueCreditNote } from './issue-credit-note.ts';
export { registerCreditNoteRoutes } from './routes.ts';
