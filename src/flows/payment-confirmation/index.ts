// The door of flows/payment-confirmation: the only file other areas import (docs/ARCHITECTURE.md).
export { deliverPaidInvoice, withdrawDeliveries } from './fulfillment.ts';
export { registerSandboxRoutes } from './sandbox-routes.ts';
export { chargeSavedMethod, parseSavedMethod, type SavedMethod } from './saved-methods.ts';
