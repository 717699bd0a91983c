// Pix Automático (the standard's /rec, /solicrec, /cobr): a recurrence (the payer's mandate), the
// request that asks the payer's bank to authorize it, and the recurring charges it covers. Outside
// ProcessorAdapter: the subscriptions flow calls these for charge_automatically plans paid by Pix.
import type { ProcessorConnection, ProcessorEvent, ProcessorFailureCode } from '../types.ts';
import { ProcessorError } from '../types.ts';
import { answerError, pixCall, pixCallOk } from './client.ts';
import { contractFor, txidFor } from './ids.ts';
import { devedorOf, payerDocument, saoPauloDate, sumWire, toWireAmount, type WirePix } from './wire.ts';

const HOUR_MS = 3_600_000;
/** Pages of GET /rec read at most when looking a recurrence up by its contract. */
const LOOKUP_PAGES = 10;

export type RecurrenceState = 'pending' | 'active' | 'refused' | 'revoked';

export interface RecurrenceStatus {
  recurrenceId: string;
  /** CRIADA → pending, APROVADA → active, REJEITADA/EXPIRADA → refused, CANCELADA → revoked (after approval) or refused. */
  state: RecurrenceState;
  failureCode: Extract<ProcessorFailureCode, 'mandate_refused' | 'mandate_revoked'> | null;
  /** The PSP's status, for logs. */
  status: string;
  /** Journeys 2-4: the Pix copia-e-cola the payer scans to authorize (and, journey 3, pay the first charge). */
  qrPayload: string | null;
}

interface WireRec {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  atualizacao?: { status: string; data: string }[];
  dadosQR?: { pixCopiaECola?: string };
  encerramento?: { rejeicao?: { codigo: string }; cancelamento?: { solicitante: string; codigo: string } };
}

/** A recurrence's state; a cancellation after approval is a revoked mandate, before it a refusal. */
export function recurrenceStatusOf(rec: WireRec): RecurrenceStatus {
  const approved = rec.atualizacao?.some((entry) => entry.status === 'APROVADA') ?? false;
  const base = { recurrenceId: rec.idRec, status: rec.status, qrPayload: rec.dadosQR?.pixCopiaECola ?? null };
  switch (rec.status) {
    case 'APROVADA':
      return { ...base, state: 'active', failureCode: null };
    case 'REJEITADA':
    case 'EXPIRADA':
      return { ...base, state: 'refused', failureCode: 'mandate_refused' };
    case 'CANCELADA':
      return approved ? { ...base, state: 'revoked', failureCode: 'mandate_revoked' } : { ...base, state: 'refused', failureCode: 'mandate_refused' };
    default:
      return { ...base, state: 'pending', failureCode: null };
  }
}

export interface RecurrenceRequest {
  /** Derives `vinculo.contrato`, which tells a retried creation apart (the PSP assigns the idRec). */
  idempotencyKey: string;
  payer: { name: string | null; document: string | null };
  /** What the payer authorizes, shown by their bank (`vinculo.objeto`, at most 35 characters). */
  description: string | null;
  startDate: string;
  endDate: string | null;
  periodicity: 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
  /** Fixed amount per charge, or null for a variable amount (metered plans). */
  amount: string | null;
  currency: string;
  /** Retries after the due date (the standard's PERMITE_3R_7D: 3 retries within 7 days). */
  allowRetries: boolean;
  /** Journey 3: the txid of an immediate charge whose payment also authorizes the recurrence. */
  activationTxid: string | null;
}

/** POST /rec: the recurrence the payer will be asked to authorize. */
export async function createRecurrence(connection: ProcessorConnection, request: RecurrenceRequest, timeoutMs: number): Promise<RecurrenceStatus> {
  const devedor = devedorOf(request.payer, 140);
  if (!devedor) throw new ProcessorError('provider_rejected', 'Pix Automático needs the payer\'s CPF or CNPJ and name.', 'devedor');
  const body = {
    vinculo: {
      contrato: contractFor(request.idempotencyKey),
      devedor,
      ...(request.description ? { objeto: request.description.slice(0, 35) } : {}),
    },
    calendario: { dataInicial: request.startDate, ...(request.endDate ? { dataFinal: request.endDate } : {}), periodicidade: request.periodicity },
    ...(request.amount !== null ? { valor: { valorRec: toWireAmount(request.amount, request.currency) } } : {}),
    politicaRetentativa: request.allowRetries ? 'PERMITE_3R_7D' : 'NAO_PERMITE',
    ...(request.activationTxid ? { ativacao: { dadosJornada: { txid: request.activationTxid } } } : {}),
  };
  const rec = (await pixCallOk(connection, { method: 'POST', path: '/rec', body }, timeoutMs)) as WireRec;
  return recurrenceStatusOf(rec);
}

/** GET /rec/{idRec}: the mandate's current state (and its QR for journeys 2-4). */
export async function retrieveRecurrence(connection: ProcessorConnection, recurrenceId: string, timeoutMs: number): Promise<RecurrenceStatus> {
  const rec = (await pixCallOk(connection, { method: 'GET', path: `/rec/${encodeURIComponent(recurrenceId)}` }, timeoutMs)) as WireRec;
  return recurrenceStatusOf(rec);
}

/**
 * The recurrence a POST /rec under this idempotency key made, when its answer was lost (a timeout,
 * a crash before the record): the PSP assigns the idRec, so it is found by the payer's recurrences
 * created since `since` (GET /rec, by CPF or CNPJ) whose `vinculo.contrato` is the one the key
 * derives; then read whole (GET /rec/{idRec}). Null when the PSP has none (the POST never arrived).
 */
export async function findRecurrenceByContract(connection: ProcessorConnection, request: Pick<RecurrenceRequest, 'idempotencyKey' | 'payer'>, since: Date, now: Date, timeoutMs: number): Promise<RecurrenceStatus | null> {
  const document = payerDocument(request.payer.document);
  if (!document) return null; // POST /rec refuses a payer without one: nothing was made
  const contract = contractFor(request.idempotencyKey);
  // An hour either side of the window: the PSP's clock is not ours.
  const window = { inicio: new Date(since.getTime() - HOUR_MS).toISOString(), fim: new Date(now.getTime() + HOUR_MS).toISOString() };
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const query = { ...window, ...document, 'paginacao.paginaAtual': String(page), 'paginacao.itensPorPagina': '100' };
    const list = (await pixCallOk(connection, { method: 'GET', path: '/rec', query }, timeoutMs)) as { recs?: Array<WireRec & { vinculo?: { contrato?: string } }>; parametros?: { paginacao?: { quantidadeDePaginas?: number } } };
    const found = list.recs?.find((rec) => rec.vinculo?.contrato === contract);
    if (found) return retrieveRecurrence(connection, found.idRec, timeoutMs);
    if (page + 1 >= (list.parametros?.paginacao?.quantidadeDePaginas ?? 1)) return null;
  }
  return null;
}

/** PATCH /rec/{idRec} status CANCELADA: the seller ends the mandate (the subscription ended). */
export async function cancelRecurrence(connection: ProcessorConnection, recurrenceId: string, timeoutMs: number): Promise<RecurrenceStatus> {
  const rec = (await pixCallOk(connection, { method: 'PATCH', path: `/rec/${encodeURIComponent(recurrenceId)}`, body: { status: 'CANCELADA' } }, timeoutMs)) as WireRec;
  return recurrenceStatusOf(rec);
}

export type AuthorizationState = 'pending' | 'accepted' | 'refused';

export interface AuthorizationStatus {
  requestId: string;
  recurrenceId: string;
  /** CRIADA/ENVIADA/RECEBIDA → pending, ACEITA → accepted, REJEITADA/EXPIRADA/CANCELADA → refused. */
  state: AuthorizationState;
  failureCode: 'mandate_refused' | null;
  status: string;
}

interface WireSolicRec {
  idSolicRec: string;
  idRec: string;
  status: 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
}

export function authorizationStatusOf(solicitation: WireSolicRec): AuthorizationStatus {
  const base = { requestId: solicitation.idSolicRec, recurrenceId: solicitation.idRec, status: solicitation.status };
  if (solicitation.status === 'ACEITA') return { ...base, state: 'accepted', failureCode: null };
  if (solicitation.status === 'REJEITADA' || solicitation.status === 'EXPIRADA' || solicitation.status === 'CANCELADA') {
    return { ...base, state: 'refused', failureCode: 'mandate_refused' };
  }
  return { ...base, state: 'pending', failureCode: null };
}

export interface AuthorizationRequest {
  recurrenceId: string;
  /** The payer's bank (ISPB) and account, where the payer's app shows the request (journey 1). */
  destination: { ispb: string; branch: string | null; account: string; document: string };
  expiresAt: Date;
}

/** POST /solicrec: asks the payer's bank to show the recurrence for authorization. */
export async function requestAuthorization(connection: ProcessorConnection, request: AuthorizationRequest, timeoutMs: number): Promise<AuthorizationStatus> {
  // The standard requires the account holder's CPF or CNPJ with the account.
  const document = payerDocument(request.destination.document);
  if (!document) throw new ProcessorError('provider_rejected', 'The payer\'s account needs its holder\'s CPF or CNPJ.', 'destinatario');
  const body = {
    idRec: request.recurrenceId,
    calendario: { dataExpiracaoSolicitacao: request.expiresAt.toISOString() },
    destinatario: {
      conta: request.destination.account,
      ispbParticipante: request.destination.ispb,
      ...(request.destination.branch ? { agencia: request.destination.branch } : {}),
      ...document,
    },
  };
  const solicitation = (await pixCallOk(connection, { method: 'POST', path: '/solicrec', body }, timeoutMs)) as WireSolicRec;
  return authorizationStatusOf(solicitation);
}

export async function retrieveAuthorization(connection: ProcessorConnection, requestId: string, timeoutMs: number): Promise<AuthorizationStatus> {
  const solicitation = (await pixCallOk(connection, { method: 'GET', path: `/solicrec/${encodeURIComponent(requestId)}` }, timeoutMs)) as WireSolicRec;
  return authorizationStatusOf(solicitation);
}

export interface WireCobR {
  idRec: string;
  txid: string;
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  pix?: WirePix[];
  encerramento?: { rejeicao?: { codigo: string }; cancelamento?: { solicitante: string; codigo: string } };
  tentativas?: { status: string; rejeicao?: { codigo?: string } }[];
}

/**
 * Rejection codes of a recurring charge or of one of its attempts (the document's enum, from the Pix
 * message catalogue) that have a closer failure code; every other one is `card_declined`.
 */
const COBR_REJECTIONS: Record<string, ProcessorFailureCode> = {
  AC05: 'do_not_honor', // closed payer account (ISO 20022 ClosedDebtorAccountNumber)
  AC06: 'do_not_honor', // blocked payer account (BlockedAccount)
  AM02: 'do_not_honor', // amount not allowed, above what the payer authorized (NotAllowedAmount)
};

/** What a recurring charge read from the PSP means. */
export function recurringChargeEventOf(cobr: WireCobR): ProcessorEvent {
  const base = { providerId: cobr.txid, paymentId: null };
  const pix = cobr.pix ?? [];
  if (cobr.status === 'CONCLUIDA' && pix.length > 0) {
    return { kind: 'charge.confirmed', eventId: `pix_api:pix:${pix[0]!.endToEndId}`, ...base, amount: sumWire(pix.map((p) => p.valor)) };
  }
  const eventId = `pix_api:cobr:${cobr.txid}:${cobr.status}`;
  if (cobr.status === 'CANCELADA') {
    // Cancelled on the payer's side: the payer (or their bank) withdrew the mandate for it.
    const solicitante = cobr.encerramento?.cancelamento?.solicitante ?? '';
    const failureCode: ProcessorFailureCode = solicitante === 'USUARIO_PAGADOR' || solicitante === 'PSP_PAGADOR' ? 'mandate_revoked' : 'provider_error';
    return { kind: 'charge.failed', eventId, ...base, failureCode };
  }
  if (cobr.status === 'REJEITADA' || cobr.status === 'EXPIRADA') {
    const code = cobr.encerramento?.rejeicao?.codigo ?? [...(cobr.tentativas ?? [])].reverse().find((t) => t.rejeicao?.codigo)?.rejeicao?.codigo;
    return { kind: 'charge.failed', eventId, ...base, failureCode: (code && COBR_REJECTIONS[code]) || 'card_declined' };
  }
  return { kind: 'ignored', eventId, reason: `recurring charge is ${cobr.status}` };
}

export interface RecurringChargeRequest {
  /** The txid is derived from it: a retry names the same charge. */
  idempotencyKey: string;
  recurrenceId: string;
  amount: string;
  currency: string;
  /** YYYY-MM-DD; the standard asks for it 2 to 10 days ahead. */
  dueDate: string;
  /** The seller's account the charge settles to (the standard requires it on /cobr). */
  receiver: { account: string; accountType: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO'; branch: string | null };
  description: string | null;
}

/** The connection's receiving account, which the standard requires on every recurring charge. */
export const RECEIVER_FIELDS = ['receiverAccount', 'receiverAccountType', 'receiverBranch'] as const;
const ACCOUNT_TYPES = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;

/** The receiving account from the connection's credentials; a ProcessorError naming what is missing. */
export function receiverOf(connection: ProcessorConnection): RecurringChargeRequest['receiver'] {
  const account = connection.credentials.receiverAccount?.trim();
  const type = (connection.credentials.receiverAccountType ?? 'CORRENTE').trim().toUpperCase();
  if (!account || !/^\d{1,20}$/.test(account)) {
    throw new ProcessorError('provider_rejected', 'Pix Automático needs the connection\'s receiving account: credentials.receiverAccount (digits), receiverAccountType and receiverBranch.', 'receiverAccount');
  }
  if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) {
    throw new ProcessorError('provider_rejected', `credentials.receiverAccountType is one of ${ACCOUNT_TYPES.join(', ')}.`, 'receiverAccountType');
  }
  const branch = connection.credentials.receiverBranch?.trim() || null;
  return { account, accountType: type as RecurringChargeRequest['receiver']['accountType'], branch };
}

/** Whether the connection can make recurring charges (its receiving account is set and well formed). */
export function hasReceiver(connection: ProcessorConnection): boolean {
  try {
    receiverOf(connection);
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;
/** The standard takes a recurring charge's due date 2 to 10 days after the day it is created. */
export const RECURRING_DUE_MIN_DAYS = 2;
export const RECURRING_DUE_MAX_DAYS = 10;

/** The invoice's due date (São Paulo calendar) moved into the window the standard accepts; its earliest day without one. */
export function recurringDueDate(invoiceDue: Date | null, now: Date): string {
  const earliest = saoPauloDate(new Date(now.getTime() + RECURRING_DUE_MIN_DAYS * DAY_MS));
  const latest = saoPauloDate(new Date(now.getTime() + RECURRING_DUE_MAX_DAYS * DAY_MS));
  const wanted = invoiceDue ? saoPauloDate(invoiceDue) : earliest;
  return wanted < earliest ? earliest : wanted > latest ? latest : wanted;
}

/** PUT /cobr/{txid}: a charge under an approved recurrence; the payer's bank debits it on the due date. */
export async function createRecurringCharge(connection: ProcessorConnection, request: RecurringChargeRequest, timeoutMs: number): Promise<{ providerId: string; event: ProcessorEvent }> {
  const txid = txidFor(request.idempotencyKey);
  const body = {
    idRec: request.recurrenceId,
    ...(request.description ? { infoAdicional: request.description.slice(0, 140) } : {}),
    calendario: { dataDeVencimento: request.dueDate },
    valor: { original: toWireAmount(request.amount, request.currency) },
    ajusteDiaUtil: true,
    recebedor: { conta: request.receiver.account, tipoConta: request.receiver.accountType, ...(request.receiver.branch ? { agencia: request.receiver.branch } : {}) },
  };
  const answer = await pixCall(connection, { method: 'PUT', path: `/cobr/${txid}`, body }, timeoutMs);
  if (answer.status === 200 || answer.status === 201) return { providerId: txid, event: recurringChargeEventOf(answer.body as WireCobR) };
  if (answer.status === 400 || answer.status === 409) {
    // A retry after a lost answer: the PSP already holds this txid (the document's "cobr.txid em uso").
    const existing = await pixCall(connection, { method: 'GET', path: `/cobr/${txid}` }, timeoutMs);
    if (existing.status === 200 && (existing.body as WireCobR).idRec === request.recurrenceId) return { providerId: txid, event: recurringChargeEventOf(existing.body as WireCobR) };
  }
  throw answerError(answer.status, answer.body);
}

/** GET /cobr/{txid}: the poller's read of a recurring charge. */
export async function retrieveRecurringCharge(connection: ProcessorConnection, txid: string, timeoutMs: number): Promise<ProcessorEvent> {
  const answer = await pixCall(connection, { method: 'GET', path: `/cobr/${encodeURIComponent(txid)}` }, timeoutMs);
  if (answer.status === 404) return { kind: 'ignored', eventId: `pix_api:cobr:${txid}:unknown`, reason: 'the PSP knows no such recurring charge' };
  if (answer.status !== 200) throw answerError(answer.status, answer.body);
  return recurringChargeEventOf(answer.body as WireCobR);
}

/** PUT /webhookrec and /webhookcobr: the PSP's callbacks on recurrences and recurring charges. */
export async function registerRecurrenceWebhooks(connection: ProcessorConnection, timeoutMs: number): Promise<void> {
  await pixCallOk(connection, { method: 'PUT', path: '/webhookrec', body: { webhookUrl: connection.webhookUrl } }, timeoutMs);
  await pixCallOk(connection, { method: 'PUT', path: '/webhookcobr', body: { webhookUrl: connection.webhookUrl } }, timeoutMs);
}

function callbackList(rawBody: Buffer, field: 'recs' | 'cobsr'): Record<string, unknown>[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ProcessorError('invalid_signature', 'The Pix Automático callback is not JSON.', 'body');
  }
  const list = (body as Record<string, unknown> | null)?.[field];
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'object' || item === null)) {
    throw new ProcessorError('invalid_signature', `The Pix Automático callback is not the standard's {${field}: [...]}.`, 'body');
  }
  return list as Record<string, unknown>[];
}

/**
 * The PSP's callback on recurring charges (`POST {webhookUrl}/cobr`, `{cobsr: [...]}`), like the Pix
 * callback only a hint: each txid is read back (`GET /cobr/{txid}`) and the events come from that read.
 */
export async function parseRecurringChargeCallback(connection: ProcessorConnection, rawBody: Buffer, timeoutMs: number): Promise<ProcessorEvent[]> {
  const txids = new Set(callbackList(rawBody, 'cobsr').map((item) => item.txid).filter((txid): txid is string => typeof txid === 'string' && /^[a-zA-Z0-9]{26,35}$/.test(txid)));
  const events: ProcessorEvent[] = [];
  for (const txid of txids) events.push(await retrieveRecurringCharge(connection, txid, timeoutMs));
  return events;
}

/**
 * The PSP's callback on recurrences (`POST {webhookUrl}/rec`, `{recs: [...]}`): each idRec read back
 * (`GET /rec/{idRec}`); a recurrence the PSP does not know is left out.
 */
export async function parseRecurrenceCallback(connection: ProcessorConnection, rawBody: Buffer, timeoutMs: number): Promise<RecurrenceStatus[]> {
  const ids = new Set(callbackList(rawBody, 'recs').map((item) => item.idRec).filter((id): id is string => typeof id === 'string' && /^[a-zA-Z0-9]{29}$/.test(id)));
  const statuses: RecurrenceStatus[] = [];
  for (const id of ids) {
    const answer = await pixCall(connection, { method: 'GET', path: `/rec/${id}` }, timeoutMs);
    if (answer.status === 404) continue;
    if (answer.status !== 200) throw answerError(answer.status, answer.body);
    statuses.push(recurrenceStatusOf(answer.body as WireRec));
  }
  return statuses;
}
