import type { TenantColumns } from '../../db/schema.ts';
import type { ProcessorChargeRequest, ProcessorRefundRequest } from './processors/types.ts';

/** What a reserved live refund keeps until its processor's answer is recorded. */
export interface RefundInFlight {
  request: ProcessorRefundRequest;
  /** The Idempotency-Key of the request that reserved it (its stored answer waits for the record), if any. */
  requestKey: string | null;
}

/** Which subscription an off-session charge collects for, and at which step: a new invoice's charge or a dunning retry. */
export interface OffSessionCharge {
  subscriptionId: string;
  phase: 'new' | 'retry';
}

/** What a reserved live charge keeps until its processor's answer is recorded (JSON: dates as ISO strings). */
export interface ChargeInFlight {
  request: Omit<ProcessorChargeRequest, 'now' | 'invoice'> & { now: string; invoice: { id: string; dueDate: string | null } };
  /** The Idempotency-Key of the request that reserved it (its stored answer waits for the record), if any. */
  requestKey: string | null;
  /** The cycle runner's off-session charge of a saved method: settled at its record, then its subscription's dunning step. */
  offSession?: OffSessionCharge | null;
}

export type PaymentMethod = 'pix' | 'boleto' | 'card' | 'crypto';
export type PaymentStatus = 'pending' | 'confirmed' | 'failed' | 'refunded' | 'charged_back';
export type CardProcessor = 'processor_a' | 'processor_b';

export interface PaymentRow extends TenantColumns {
  id: string;
  invoice_id: string;
  provider: string;
  provider_id: string | null;
  method: PaymentMethod;
  amount: string;
  currency: string;
  status: PaymentStatus;
  refunded_amount: string;
  failure_code: string | null;
  failed_at: Date | null;
  confirmed_at: Date | null;
  charged_back_at: Date | null;
  payer_name: string | null;
  payer_email: string | null;
  payer_document: string | null;
  pix_payload: string | null;
  pix_qr_image: string | null;
  provider_pix_payload: string | null;
  boleto_line: string | null;
  boleto_barcode: string | null;
  boleto_due_date: Date | null;
  /** A live boleto's page at the processor (null: the service's printable boleto). */
  boleto_url: string | null;
  expires_at: Date | null;
  network: 'main' | 'test' | null;
  settlement_asset: string | null;
  settlement_network: 'base' | 'solana' | null;
  client_secret_hash: string | null;
  charge_token_hash: string | null;
  charge_token_used_at: Date | null;
  confirm_token: string | null;
  card_processor: CardProcessor | null;
  /** The processor connection a live charge ran through (null: sandbox, or the connection was removed). */
  connection_id: string | null;
  /** Live charges: the reference sent to the processor as the payment's (the same for every retry of one request). */
  processor_reference: string | null;
  /**
   * A live charge whose processor call is in flight (reserved, not yet recorded): the request sent,
   * to send again under the same idempotency key after a crash. Null once recorded, and for every
   * other charge. Reads never show a payment in flight (live-charge-steps.ts).
   */
  charge_in_flight: ChargeInFlight | null;
  created_at: Date;
  updated_at: Date;
}

export interface RefundRow extends TenantColumns {
  id: string;
  payment_id: string;
  amount: string;
  reason: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  /** A live refund's reference at the processor. */
  provider_refund_id: string | null;
  /** Pending live refunds: the credit note of this money is recorded already (credit note outcome refund). */
  credited: boolean;
  /** A live refund reserved and not recorded yet (its processor is being called): invisible to reads. */
  refund_in_flight: RefundInFlight | null;
  created_at: Date;
}

export interface PaymentTables {
  payments: PaymentRow;
  refunds: RefundRow;
  pix_mandates: PixMandateRow;
}

export type MandateStatus = 'pending' | 'active' | 'refused' | 'revoked' | 'canceled';
export type MandateFrequency = 'weekly' | 'monthly' | 'quarterly' | 'semiannual' | 'annual';

/** A Pix Automático mandate (migration 0040): the payer's authorization of recurring Pix debits. */
export interface PixMandateRow extends TenantColumns {
  id: string;
  customer_id: string;
  status: MandateStatus;
  failure_code: 'mandate_refused' | 'mandate_revoked' | null;
  provider: 'pix_api' | 'sandbox';
  connection_id: string | null;
  /** The recurrence's idRec at the PSP; the saved method is `pix:{provider_id}`. */
  provider_id: string;
  authorization_request_id: string | null;
  qr_payload: string | null;
  frequency: MandateFrequency;
  /** numeric: a fixed amount per charge, or null when amounts vary. */
  amount: string | null;
  currency: string;
  /** São Paulo calendar dates, YYYY-MM-DD. */
  start_date: string;
  end_date: string | null;
  description: string | null;
  retries: boolean;
  /** A mandate being created at the PSP (migration 0052): invisible to reads until recorded. */
  creation_in_flight: MandateCreationInFlight | null;
  /** The seller's cancellation being sent to the PSP (PATCH /rec CANCELADA). */
  cancel_in_flight: MandateCancelInFlight | null;
  created_at: Date;
  updated_at: Date;
}

/** What creating a mandate at the PSP sends, kept from its reservation so a re-send sends the same. */
export interface MandateCreationInFlight {
  /** Derives `vinculo.contrato`, by which a re-send finds a recurrence the lost answer made. */
  idempotencyKey: string;
  payer: { name: string | null; document: string | null };
  description: string | null;
  periodicity: 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
  /** Journey 1: the payer's account that the authorization request (POST /solicrec) goes to. */
  payerAccount: { ispb: string; branch: string | null; account: string; document: string } | null;
  /** ISO instant the authorization request expires. */
  authorizationExpiresAt: string;
  /** The Idempotency-Key of the request that reserved it (its stored answer waits for the record). */
  requestKey: string | null;
}

export interface MandateCancelInFlight {
  requestKey: string | null;
}
