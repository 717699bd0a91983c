// The door of modules/payments: the only file other areas import (docs/ARCHITECTURE.md).
export { paymentExpiryJob } from './expiry.ts';
export { itfBarcodePngBase64 } from './codes/itf-barcode.ts';
export { sandboxConfirmUrl, toPaymentView, type PaymentView } from './payment-view.ts';
export { providerFor } from './provider.ts';
export { cryptoSettlerOf, settledProviderProblem, useCryptoSettlement, ON_CHAIN_PROVIDERS, type CryptoSettler, type CryptoSettlementSource, type OnChainProvider } from './crypto-settlement.ts';
export type { CardNextAction } from './card-action.ts';
export { PAY_METHODS, payOptionsFor, type CardForm, type PayOptions } from './pay-options.ts';
export {
  findConfirmedPayment,
  findLatestPayment,
  findInvoiceNumber,
  findInvoicePayers,
  findPaymentByConfirmToken,
  findPaymentById,
  findPaymentByProvider,
  findConnectionPayment,
  adoptProviderId,
  listStalePendingLive,
  listStaleChargesInFlight,
  listOffSessionChargesInFlight,
  hasChargeInFlight,
  updatePayment,
} from './repository.ts';
export { TEST_CARDS, sandboxCardOutcome, type CardInput } from './sandbox-cards.ts';
export { PaymentMethodSchema, PaymentStatusSchema } from './schemas.ts';
export * as paymentSchemas from './schemas.ts';
export { matchesDigest, sameToken } from './secrets.ts';
export { presentPayment } from './present-payments.ts';
export { recordSettledCryptoPayment, type SettledCryptoPayment } from './settled-payment.ts';
export {
  applyRefund,
  chargeBackPayment,
  confirmCharge,
  createCharge,
  createChargeWithOutcome,
  prepareCharge,
  sendLiveCharge,
  recordLiveCharge,
  releaseLiveCharge,
  resumeLiveCharge,
  reservedFromRow,
  inFlightTakeoverMs,
  type ReservedCharge,
  type ChargeOutcome,
  type LiveChargeResult,
  failPayment,
  failRefund,
  settleRefund,
  type ChargeOptions,
  type RefundOptions,
  failPendingAsSuperseded,
  getPayment,
  listPayments,
  listRefunds,
  refundPayment,
  prepareRefund,
  sendLiveRefund,
  recordLiveRefund,
  releaseLiveRefund,
  resumeLiveRefund,
  reservedRefundFromRow,
  listStaleRefundsInFlight,
  refundAwaitsRecord,
  paymentHasRefundInFlight,
  type ReservedRefund,
  type RefundInput,
  type RefundView,
} from './service.ts';
export { type OffSessionCharge, type PaymentMethod, type PaymentRow, type PaymentStatus, type PaymentTables, type PixMandateRow, type RefundRow } from './tables.ts';
export { callProcessor, asAppError } from './processors/calls.ts';
export { connectionSource, useConnectionSource, type ConnectionSource, type LiveConnection } from './processors/connections.ts';
export { PROCESSOR_NAMES, processorNamed, registerProcessor, unregisterProcessor } from './processors/registry.ts';
export { registerServiceProcessors } from './processors/service-processors.ts';
export {
  ProcessorError,
  type ProcessorAdapter,
  type ProcessorCharge,
  type ProcessorChargeRequest,
  type ProcessorConnection,
  type ProcessorEvent,
  type ProcessorName,
  type ProcessorRefund,
  type ProcessorRefundRequest,
  type ProcessorSettings,
  type ProcessorWebhookRequest,
} from './processors/types.ts';
// Pix Automático mandates (saved methods of charge_automatically subscriptions paid by Pix).
export { registerMandateRoutes } from './mandates/routes.ts';
export { applyRecurrenceState, findMandateOfMethod, type MandateView, type ReservedMandate } from './mandates/service.ts';
export { mandateFromRow, recordMandate, releaseMandate, sendMandate, type MandateAnswer } from './mandates/in-flight.ts';
export { listStaleMandatesInFlight } from './mandates/repository.ts';
export { confirmedPaymentsByMethod, listFailedPaymentSummaries, listPaymentsOfInvoices, type FailedPaymentSummary, type MethodTotal } from './figures-repository.ts';
