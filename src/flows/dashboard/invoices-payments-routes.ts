// The dashboard's invoices and payments pages and their actions (issue #32), registered together.
import type { App } from '../../http/types.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { registerInvoiceCreditNoteRoutes } from './invoices-credit-notes-routes.ts';
import { registerInvoicesRoutes } from './invoices-routes.ts';
import { registerPaymentsRoutes } from './payments-routes.ts';

export function registerMoneyRoutes(scope: App, kit: DashboardKit): void {
  registerInvoicesRoutes(scope, kit);
  registerInvoiceCreditNoteRoutes(scope, kit);
  registerPaymentsRoutes(scope, kit);
}
