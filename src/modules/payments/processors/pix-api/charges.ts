// Charges: `cob` (immediate, payable for pixExpiresInSeconds) or `cobv` (with a due date), both
// under a txid derived from the idempotency key, and what a charge read back from the PSP means.
import type { ProcessorCharge, ProcessorChargeRequest, ProcessorConnection, ProcessorEvent, ProcessorFailureCode } from '../types.ts';
import { ProcessorError } from '../types.ts';
import { createRecurringCharge, recurringChargeEventOf, recurringDueDate, receiverOf, type WireCobR } from './automatico.ts';
import { answerError, credential, pixCall } from './client.ts';
import { txidFor } from './ids.ts';
import { devedorOf, fromWireAmount, SAO_PAULO_OFFSET_MS, saoPauloDate, sumWire, toWireAmount, type WireCob, type WirePix } from './wire.ts';

export { saoPauloDate };

/** Days a `cobv` stays payable after its due date (the payer's bank extends weekends and holidays itself). */
export const COBV_DAYS_AFTER_DUE = 30;
/** The infoAdicionais entry carrying the service's payment id (reconciliation at the PSP). */
const PAYMENT_INFO = 'paymentId';
const DAY_MS = 86_400_000;
export type ChargeKind = 'cob' | 'cobv';

/**
 * The rule for `cobv`: the invoice has a due date and the payer has a CPF/CNPJ and a name (the
 * standard requires `devedor` on a cobv). Everything else is an immediate `cob`. It reads only the
 * request, never the clock, so a retry always picks the same kind for the same txid.
 */
export function chargeKindOf(request: ProcessorChargeRequest): ChargeKind {
  return request.invoice.dueDate && devedorOf(request.payer, 200) ? 'cobv' : 'cob';
}

function chargeBody(connection: ProcessorConnection, request: ProcessorChargeRequest, kind: ChargeKind): Record<string, unknown> {
  const original = toWireAmount(request.amount, request.currency);
  const common = {
    chave: credential(connection, 'pixKey'),
    ...(request.description ? { solicitacaoPagador: request.description.slice(0, 140) } : {}),
    infoAdicionais: [{ nome: PAYMENT_INFO, valor: request.paymentId.slice(0, 200) }],
  };
  const devedor = devedorOf(request.payer, 200);
  if (kind === 'cobv') {
    // A due date already past is sent as today: the PSP refuses a cobv due before its creation.
    const due = saoPauloDate(request.invoice.dueDate!);
    const today = saoPauloDate(request.now);
    return {
      calendario: { dataDeVencimento: due < today ? today : due, validadeAposVencimento: COBV_DAYS_AFTER_DUE },
      devedor,
      valor: { original },
      ...common,
    };
  }
  return {
    calendario: { expiracao: Math.max(1, Math.floor(request.pixExpiresInSeconds)) },
    ...(devedor ? { devedor } : {}),
    valor: { original },
    ...common,
  };
}

function expiryOf(cob: WireCob, kind: ChargeKind, fallbackStart: Date): Date {
  const calendario = cob.calendario ?? {};
  if (kind === 'cobv' && calendario.dataDeVencimento) {
    const days = (calendario.validadeAposVencimento ?? COBV_DAYS_AFTER_DUE) + 1;
    return new Date(Date.parse(`${calendario.dataDeVencimento}T00:00:00Z`) + days * DAY_MS + SAO_PAULO_OFFSET_MS);
  }
  const start = calendario.criacao ? new Date(calendario.criacao) : fallbackStart;
  return new Date(start.getTime() + (calendario.expiracao ?? 86_400) * 1000);
}

function chargeFrom(cob: WireCob, txid: string, kind: ChargeKind, now: Date): ProcessorCharge {
  if (!cob.pixCopiaECola) throw new ProcessorError('provider_rejected', 'The Pix PSP answered a charge without pixCopiaECola.', 'pixCopiaECola');
  const event = eventOfCharge(txid, cob);
  return {
    providerId: txid,
    status: event.kind === 'charge.confirmed' ? 'confirmed' : event.kind === 'charge.failed' ? 'failed' : 'pending',
    failureCode: event.kind === 'charge.failed' ? event.failureCode : null,
    pix: { payload: cob.pixCopiaECola, expiresAt: expiryOf(cob, kind, now) },
  };
}

export async function createCharge(connection: ProcessorConnection, request: ProcessorChargeRequest, timeoutMs: number): Promise<ProcessorCharge> {
  if (request.method !== 'pix') throw new ProcessorError('provider_rejected', `pix_api serves pix only, not ${request.method}.`, 'method');
  if (request.savedMethod) return createAutomaticCharge(connection, request, timeoutMs);
  const txid = txidFor(request.idempotencyKey);
  const kind = chargeKindOf(request);
  const body = chargeBody(connection, request, kind);
  const answer = await pixCall(connection, { method: 'PUT', path: `/${kind}/${txid}`, body }, timeoutMs);
  if (answer.status === 200 || answer.status === 201) return chargeFrom(answer.body as WireCob, txid, kind, request.now);
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
    // A retry after a lost answer: the PSP refuses the txid it already holds. The charge it holds
    // is ours when it is for the same amount.
    const existing = await readCharge(connection, txid, timeoutMs);
    if (existing && existing.kind !== 'cobr' && existing.cob.valor?.original === (body.valor as { original: string }).original) {
      return chargeFrom(existing.cob, txid, existing.kind, request.now);
    }
  }
  throw answerError(answer.status, answer.body);
}

/**
 * A Pix Automático charge (`/cobr`) under the payer's approved recurrence (the saved method's
 * reference): no code to scan, the payer's bank debits it on the due date, so it starts pending and
 * its callback (`{webhookUrl}/cobr`) or the poller's read-back settles it.
 */
async function createAutomaticCharge(connection: ProcessorConnection, request: ProcessorChargeRequest, timeoutMs: number): Promise<ProcessorCharge> {
  const { providerId, event } = await createRecurringCharge(
    connection,
    {
      idempotencyKey: request.idempotencyKey,
      recurrenceId: request.savedMethod!.methodRef,
      amount: request.amount,
      currency: request.currency,
      dueDate: recurringDueDate(request.invoice.dueDate, request.now),
      receiver: receiverOf(connection),
      description: request.description,
    },
    timeoutMs,
  );
  const status = event.kind === 'charge.confirmed' ? 'confirmed' : event.kind === 'charge.failed' ? 'failed' : 'pending';
  return { providerId, status, failureCode: event.kind === 'charge.failed' ? event.failureCode : null };
}

export type ReadCharge = { kind: ChargeKind; cob: WireCob } | { kind: 'cobr'; cob: WireCobR };

/** The charge under a txid: immediate, with a due date, or recurring (Pix Automático); null when the PSP knows none. */
export async function readCharge(connection: ProcessorConnection, txid: string, timeoutMs: number): Promise<ReadCharge | null> {
  for (const kind of ['cob', 'cobv', 'cobr'] as const) {
    const answer = await pixCall(connection, { method: 'GET', path: `/${kind}/${encodeURIComponent(txid)}` }, timeoutMs);
    if (answer.status === 200) return kind === 'cobr' ? { kind, cob: answer.body as WireCobR } : { kind, cob: answer.body as WireCob };
    if (answer.status !== 404) throw answerError(answer.status, answer.body);
  }
  return null;
}

/** What a charge read back means, by its kind (a recurring charge has states of its own). */
export function eventOfRead(txid: string, found: ReadCharge): ProcessorEvent {
  return found.kind === 'cobr' ? recurringChargeEventOf(found.cob) : eventOfCharge(txid, found.cob);
}

/** A removal ends the charge: by the PSP (its decision, `provider_error`) or by the seller. */
const REMOVAL_CODES: Record<string, ProcessorFailureCode> = {
  REMOVIDA_PELO_PSP: 'provider_error',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'card_declined',
};

function paymentIdOf(cob: WireCob): string | null {
  return cob.infoAdicionais?.find((info) => info.nome === PAYMENT_INFO)?.valor ?? null;
}

/** What a charge read from the PSP says; only `CONCLUIDA` with its Pix received confirms. */
export function eventOfCharge(txid: string, cob: WireCob): ProcessorEvent {
  const pix = cob.pix ?? [];
  if (cob.status === 'CONCLUIDA' && pix.length > 0) {
    return {
      kind: 'charge.confirmed',
      eventId: `pix_api:pix:${pix[0]!.endToEndId}`,
      providerId: txid,
      paymentId: paymentIdOf(cob),
      amount: sumWire(pix.map((p) => p.valor)),
    };
  }
  if (cob.status && cob.status in REMOVAL_CODES) {
    return { kind: 'charge.failed', eventId: `pix_api:cob:${txid}:${cob.status}`, providerId: txid, paymentId: paymentIdOf(cob), failureCode: REMOVAL_CODES[cob.status]! };
  }
  return { kind: 'ignored', eventId: `pix_api:cob:${txid}:${cob.status ?? 'unknown'}`, reason: cob.status === 'CONCLUIDA' ? 'concluded without a Pix listed' : `charge is ${cob.status ?? 'without status'}` };
}

/**
 * The refunds and returns on a charge's Pix, as events: refunds settled or refused, and returns the
 * seller did not ask for (`MED_*`, the Special Return Mechanism for fraud or failure) as disputes.
 */
export function refundEventsOf(txid: string, cob: { pix?: WirePix[] }): ProcessorEvent[] {
  const events: ProcessorEvent[] = [];
  for (const pix of cob.pix ?? []) {
    for (const devolucao of pix.devolucoes ?? []) {
      const eventId = `pix_api:devolucao:${pix.endToEndId}:${devolucao.id}:${devolucao.status}`;
      if (devolucao.natureza?.startsWith('MED_')) {
        events.push({ kind: 'charge.disputed', eventId: `pix_api:med:${pix.endToEndId}:${devolucao.id}`, providerId: txid });
      } else if (devolucao.status === 'DEVOLVIDO') {
        events.push({ kind: 'refund.succeeded', eventId, providerId: txid, providerRefundId: devolucao.id, amount: fromWireAmount(devolucao.valor) });
      } else if (devolucao.status === 'NAO_REALIZADO') {
        events.push({ kind: 'refund.failed', eventId, providerId: txid, providerRefundId: devolucao.id });
      }
    }
  }
  return events;
}

export async function retrieveCharge(connection: ProcessorConnection, providerId: string, timeoutMs: number): Promise<ProcessorEvent> {
  const found = await readCharge(connection, providerId, timeoutMs);
  if (!found) return { kind: 'ignored', eventId: `pix_api:cob:${providerId}:unknown`, reason: 'the PSP knows no such charge' };
  return eventOfRead(providerId, found);
}
