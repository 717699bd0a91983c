// A charge through a live connection: the adapter's answer mapped onto what the payment row stores.
// The reference the processor knows the charge by (its metadata, merchant reference or txid seed)
// and the processor's idempotency key come from the request's Idempotency-Key (a name-based UUID,
// version 5, of account, environment and key), so a retry after a rolled-back attempt (a timeout,
// the processor down) sends the processor the same key and the same reference: the processor
// answers the charge it already made instead of making a second one. The payment's own id stays a
// time-ordered UUIDv7 (lists are newest first); the reference is kept beside it.
import { createHash } from 'node:crypto';
import type { Tenant } from '../../../core/context.ts';
import { qrPngBase64 } from '../codes/qr-png.ts';
import type { CardNextAction } from '../card-action.ts';
import { callProcessor } from './calls.ts';
import type { LiveConnection } from './connections.ts';
import type { ProcessorChargeRequest, ProcessorFailureCode } from './types.ts';

/** RFC 4122 name space of this service's charge ids (a fixed random UUID). */
const CHARGE_NAMESPACE = Buffer.from('6f1c2a4e9b7d4c1a8e3f5d2b7a9c0e14', 'hex');

/** UUID v5 of the tenant and the request's Idempotency-Key: the same request, the same processor reference. */
export function chargeIdFor(tenant: Tenant, requestKey: string): string {
  const hash = createHash('sha1').update(CHARGE_NAMESPACE).update(`charge:${tenant.accountId}:${tenant.environment}:${requestKey}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface LiveChargeResult {
  provider: string;
  /** Null for a charge never sent (ChargeOptions.refusedBeforeSending). */
  providerId: string | null;
  connectionId: string;
  status: 'pending' | 'confirmed' | 'failed';
  failureCode: ProcessorFailureCode | null;
  pix?: { payload: string; qrImage: string };
  boleto?: { line: string; barcode: string; url: string | null; dueDate: Date };
  card?: { nextAction: CardNextAction; clientSecret: string | null; publishableKey: string };
  expiresAt: Date | null;
}

export async function chargeLive(live: LiveConnection, timeoutMs: number, request: ProcessorChargeRequest): Promise<LiveChargeResult> {
  const charge = await callProcessor(timeoutMs, () => live.adapter.createCharge(live.connection, request));
  const result: LiveChargeResult = {
    provider: live.adapter.name,
    providerId: charge.providerId,
    connectionId: live.connection.id,
    status: charge.status,
    failureCode: charge.failureCode,
    expiresAt: null,
  };
  if (charge.pix) {
    result.pix = { payload: charge.pix.payload, qrImage: await qrPngBase64(charge.pix.payload) };
    result.expiresAt = charge.pix.expiresAt;
  }
  if (charge.boleto) result.boleto = charge.boleto;
  if (charge.card) result.card = charge.card;
  return result;
}

/** A charge the service refuses before sending it (a Pix Automático mandate that ended): recorded under the connection, failed by the caller. */
export function unsentCharge(live: LiveConnection): LiveChargeResult {
  return { provider: live.adapter.name, providerId: null, connectionId: live.connection.id, status: 'failed', failureCode: null, expiresAt: null };
}
