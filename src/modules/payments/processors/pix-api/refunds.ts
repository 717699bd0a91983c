// Refunds (the standard's devolução): on the charge's received Pix, under an id derived from the
// refund's idempotency key so a retry names the same devolução.
import type { ProcessorConnection, ProcessorRefund, ProcessorRefundRequest } from '../types.ts';
import { ProcessorError } from '../types.ts';
import { readCharge } from './charges.ts';
import { pixCallOk } from './client.ts';
import { refundIdFor } from './ids.ts';
import { toWireAmount, type WireDevolucao } from './wire.ts';

const REFUND_STATUS: Record<WireDevolucao['status'], ProcessorRefund['status']> = {
  EM_PROCESSAMENTO: 'pending',
  DEVOLVIDO: 'succeeded',
  NAO_REALIZADO: 'failed',
};

export async function refund(connection: ProcessorConnection, request: ProcessorRefundRequest, timeoutMs: number): Promise<ProcessorRefund> {
  const valor = toWireAmount(request.amount, request.payment.currency);
  // The devolução hangs from the Pix received (its endToEndId), which only the charge knows.
  const found = await readCharge(connection, request.payment.providerId, timeoutMs);
  const pix = found?.cob.pix?.[0];
  if (!pix) throw new ProcessorError('provider_rejected', 'The Pix PSP lists no Pix received for this charge: nothing to refund.', 'pix');
  const id = refundIdFor(request.idempotencyKey);
  const body = { valor, ...(request.reason ? { descricao: request.reason.slice(0, 140) } : {}) };
  const devolucao = (await pixCallOk(connection, { method: 'PUT', path: `/pix/${pix.endToEndId}/devolucao/${id}`, body }, timeoutMs)) as WireDevolucao;
  const status = REFUND_STATUS[devolucao.status];
  if (!status) throw new ProcessorError('provider_rejected', `The Pix PSP answered an unknown refund status ${String(devolucao.status)}.`, String(devolucao.status));
  return { providerRefundId: devolucao.id ?? id, status };
}
