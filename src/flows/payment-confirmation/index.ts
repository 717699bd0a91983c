// The door of flows/payment-confirmation: the only file other areas import (docs/ARCHITECTURE.md).
export { chargeBackPayment, confirmPayment, refundInvoicePayments, refundPayment, takeBackCreditOfCreditNote } from './payment-outcomes.ts';
export { registerPaymentRoutes } from './payment-routes.ts';
export { registerSandboxRoutes } from './sandbox-routes.ts';
export { chargeSavedMethod, parseSavedMethod } from './saved-methods.ts';
