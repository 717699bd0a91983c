// The door of flows/usage-invoicing: the only file other areas import (docs/ARCHITECTURE.md).
export { registerUsageInvoicingRoutes } from './routes.ts';
