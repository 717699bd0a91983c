// The door of flows/payment-confirmation: the only file other areas import (docs/ARCHITECTURE.md).
export { chargeBackPayment, confirmPayment, recordSettledPayment, refundInvoicePayments, refundPayment, settleProcessorRefund, takeBackCreditOfCreditNote } from './payment-outcomes.ts';
export { registerProcessorEventRoutes } from './processor-event-routes.ts';
export { applyProcessorEvent } from './processor-events.ts';
export { repairPendingCharges, repairPollerJob } from './repair-poller.ts';
export type { ReservedRequestAnswers } from './in-flight-runner.ts';
export { registerPaymentRoutes } from './payment-routes.ts';
export { registerSandboxRoutes } from './sandbox-routes.ts';
export { chargeSavedMethod, checkSavedMethod, parseSavedMethod, type ChargeInFlight } from './saved-methods.ts';
export { sendOffSessionCharges, type OffSessionStep } from './off-session-charges.ts';
