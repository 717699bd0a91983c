// Pix Automático mandates: the payer's authorization of recurring Pix debits, a saved payment
// method for charge_automatically subscriptions (docs/providers/pix_api.md, "Pix Automático").
// With a pix_api connection serving pix, a mandate is the standard's recurrence at the seller's
// PSP (`POST /rec`), authorized by the payer in their bank's app: from a request sent to their
// account (journey 1, `POST /solicrec`, when `payerAccount` is given) or by scanning the
// recurrence's QR code (journey 2). The PSP's `/rec` callbacks, read back, move it. A sandbox
// account without a Pix connection gets a simulated mandate that the /test routes approve, refuse
// or revoke, as the payer's bank would. Without either, 409 provider_not_configured. The PSP is
// called with no transaction open: this file checks and reserves, in-flight.ts sends and records.
import type { Tenant, UseCaseContext } from '../../../core/context.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { formatMoney, isBoundedDecimal, toAmount } from '../../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../../core/pagination.ts';
import type { Executor, Tx } from '../../../db/database.ts';
import { contextAsOfClock } from '../../accounts/index.ts';
import { findCustomerOrThrow } from '../../customers/index.ts';
import { recordEvent } from '../../events/index.ts';
import { providerFor } from '../provider.ts';
import { connectionSource, type LiveConnection } from '../processors/connections.ts';
import { contractFor, hasReceiver, saoPauloDate } from '../processors/pix-api/index.ts';
import type { MandateFrequency, MandateStatus, PixMandateRow } from '../tables.ts';
import * as repo from './repository.ts';

export interface MandateInput {
  customerId: string;
  frequency: MandateFrequency;
  amount?: string;
  startDate?: string;
  endDate?: string;
  description?: string;
  retries?: boolean;
  payerAccount?: { ispb: string; branch?: string; account: string };
}

export interface MandateView {
  id: string;
  customerId: string;
  status: MandateStatus;
  failureCode: 'mandate_refused' | 'mandate_revoked' | null;
  provider: 'pix_api' | 'sandbox';
  providerId: string;
  /** What a charge_automatically subscription takes as its paymentMethod once the mandate is active. */
  paymentMethod: string;
  journey: 'request' | 'qr';
  authorizationRequestId: string | null;
  qrPayload: string | null;
  frequency: MandateFrequency;
  amount: string | null;
  currency: 'BRL';
  startDate: string;
  endDate: string | null;
  description: string | null;
  retries: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const PERIODICITY: Record<MandateFrequency, 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL'> = {
  weekly: 'SEMANAL',
  monthly: 'MENSAL',
  quarterly: 'TRIMESTRAL',
  semiannual: 'SEMESTRAL',
  annual: 'ANUAL',
};
/** How long the payer's bank shows an authorization request (journey 1). */
export const AUTHORIZATION_REQUEST_DAYS = 7;
const DAY_MS = 86_400_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function toMandateView(row: PixMandateRow): MandateView {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    failureCode: row.failure_code,
    provider: row.provider,
    providerId: row.provider_id,
    paymentMethod: `pix:${row.provider_id}`,
    journey: row.authorization_request_id ? 'request' : 'qr',
    authorizationRequestId: row.authorization_request_id,
    qrPayload: row.status === 'pending' ? row.qr_payload : null,
    frequency: row.frequency,
    amount: row.amount === null ? null : formatMoney(row.amount, row.currency),
    currency: 'BRL',
    startDate: row.start_date,
    endDate: row.end_date,
    description: row.description,
    retries: row.retries,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The pix_api connection serving pix for the tenant; null in sandbox without one; 409 otherwise. */
async function mandateConnection(tx: Tx, tenant: Tenant): Promise<LiveConnection | null> {
  const source = connectionSource();
  const live = source ? await source.serving(tx, tenant, 'pix') : null;
  if (!live) {
    providerFor(tenant); // 409 provider_not_configured in production
    return null;
  }
  if (live.adapter.name !== 'pix_api') {
    throw new AppError('provider_not_configured', `Pix Automático runs through a pix_api connection; pix is served here by ${live.adapter.name}. Connect pix_api for pix (PUT /account/providers/pix_api).`);
  }
  if (!hasReceiver(live.connection)) {
    throw new AppError('provider_not_configured', 'Pix Automático needs the pix_api connection\'s receiving account: credentials.receiverAccount, receiverAccountType and receiverBranch (PUT /account/providers/pix_api).');
  }
  return live;
}

function checkDates(input: MandateInput, today: string): { start: string; end: string | null } {
  const start = input.startDate ?? today;
  if (start < today) throw fieldError('startDate', start, 'not_past', `must be today (${today}, São Paulo) or later`);
  const end = input.endDate ?? null;
  if (end !== null && end <= start) throw fieldError('endDate', end, 'after_start', 'must be after startDate');
  return { start, end };
}

function checkAmount(amount: string | undefined): string | null {
  if (amount === undefined) return null;
  if (!isBoundedDecimal(amount) || toAmount(amount).lte(0) || toAmount(amount).decimalPlaces() > 2) {
    throw fieldError('amount', amount, 'positive_amount', 'must be a positive BRL amount with at most two decimals, or left out for amounts that vary');
  }
  return formatMoney(amount, 'BRL');
}

/** A recurrence id of the standard's shape for the sandbox (`RR` + 8-digit ISPB + date + 11 characters). */
function sandboxRecurrenceId(today: string): string {
  let suffix = '';
  for (let i = 0; i < 11; i++) suffix += ALNUM[Math.floor(Math.random() * ALNUM.length)];
  return `RR00000000${today.replace(/-/g, '')}${suffix}`;
}

/** A mandate at the PSP being created: its row in flight (invisible to reads), sent with no transaction open (in-flight.ts). */
export interface ReservedMandate {
  row: PixMandateRow;
  live: LiveConnection;
  action: 'create' | 'cancel';
  /** Sent before, with its answer lost (a takeover, the repair poller): the PSP is asked what it has first. */
  resend: boolean;
}

/**
 * POST /billing/pix-mandates, step 1: checked, then made at once (a sandbox simulation) or reserved
 * for the PSP (in-flight.ts sends and records it): a pending row holding what POST /rec and
 * /solicrec send, under a contract id derived from the request's Idempotency-Key.
 */
export async function reserveMandate(tx: Tx, ctx: UseCaseContext, input: MandateInput, requestKey: string): Promise<{ done: MandateView } | { reserved: ReservedMandate }> {
  const customer = await findCustomerOrThrow(tx, ctx.tenant, input.customerId);
  if (!customer.document || !customer.name) {
    throw fieldError('customerId', input.customerId, 'payer_identity', 'the customer needs a name and a CPF or CNPJ (document): the payer\'s bank shows both');
  }
  const today = saoPauloDate(ctx.now);
  const { start, end } = checkDates(input, today);
  const amount = checkAmount(input.amount);
  const live = await mandateConnection(tx, ctx.tenant);
  const idempotencyKey = `mandate:${ctx.tenant.accountId}:${ctx.tenant.environment}:${requestKey}`;
  const row: PixMandateRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    customer_id: customer.id,
    status: 'pending',
    failure_code: null,
    provider: live ? 'pix_api' : 'sandbox',
    connection_id: live?.connection.id ?? null,
    // At the PSP, the idRec it assigns replaces this placeholder at the record.
    provider_id: live ? `creating:${contractFor(idempotencyKey)}` : sandboxRecurrenceId(today),
    authorization_request_id: null,
    qr_payload: null,
    frequency: input.frequency,
    amount,
    currency: 'BRL',
    start_date: start,
    end_date: end,
    description: input.description ?? null,
    retries: input.retries ?? true,
    creation_in_flight: live
      ? {
          idempotencyKey,
          payer: { name: customer.name, document: customer.document },
          description: input.description ?? null,
          periodicity: PERIODICITY[input.frequency],
          payerAccount: input.payerAccount ? { ispb: input.payerAccount.ispb, branch: input.payerAccount.branch ?? null, account: input.payerAccount.account, document: customer.document } : null,
          authorizationExpiresAt: new Date(ctx.now.getTime() + AUTHORIZATION_REQUEST_DAYS * DAY_MS).toISOString(),
          requestKey: requestKey || null,
        }
      : null,
    cancel_in_flight: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertMandate(tx, row);
  if (live) return { reserved: { row, live, action: 'create', resend: false } };
  const view = toMandateView(row);
  await recordEvent(tx, ctx, 'pix_mandate.created', view);
  return { done: view };
}

export async function getMandate(ex: Executor, ctx: UseCaseContext, id: string): Promise<MandateView> {
  const row = await repo.findMandate(ex, ctx.tenant, id);
  if (!row) throw new AppError('not_found', 'No such Pix mandate.', { resource: 'pix_mandate' });
  return toMandateView(row);
}

export async function listMandates(ex: Executor, ctx: UseCaseContext, customerId: string | undefined, page: PageRequest): Promise<Page<MandateView>> {
  const result = toPage(await repo.listMandates(ex, ctx.tenant, customerId, page.limit, page.afterId), page.limit);
  return { items: result.items.map(toMandateView), nextCursor: result.nextCursor };
}

const ENDED: ReadonlySet<MandateStatus> = new Set(['refused', 'revoked', 'canceled']);

/** Moves a mandate and records `pix_mandate.updated`; an ended mandate never moves again. */
export async function moveMandate(tx: Tx, ctx: UseCaseContext, row: PixMandateRow, status: MandateStatus, failureCode: PixMandateRow['failure_code']): Promise<PixMandateRow> {
  if (row.status === status || ENDED.has(row.status)) return row;
  const updated = await repo.updateMandate(tx, row.id, { status, failure_code: failureCode, updated_at: ctx.now });
  await recordEvent(tx, ctx, 'pix_mandate.updated', toMandateView(updated));
  return updated;
}

/**
 * The seller ends the mandate, step 1: a simulated one at once; one at the PSP reserved (its
 * cancellation in flight), then PATCH /rec CANCELADA sent with no transaction open (in-flight.ts).
 * Its later charges fail with mandate_revoked.
 */
export async function reserveMandateCancel(tx: Tx, ctx: UseCaseContext, id: string, requestKey: string): Promise<{ done: MandateView } | { reserved: ReservedMandate }> {
  const row = await repo.findMandate(tx, ctx.tenant, id, true);
  if (!row) throw new AppError('not_found', 'No such Pix mandate.', { resource: 'pix_mandate' });
  if (ENDED.has(row.status)) throw new AppError('conflict', `The mandate is ${row.status} already.`);
  if (row.provider !== 'pix_api') return { done: toMandateView(await moveMandate(tx, ctx, row, 'canceled', 'mandate_revoked')) };
  if (row.cancel_in_flight) throw new AppError('conflict', 'The mandate\'s cancellation is being sent to the PSP; read it again in a moment.');
  const source = connectionSource();
  const live = row.connection_id && source ? await source.byId(tx, row.connection_id) : null;
  if (!live) throw new AppError('provider_not_configured', 'The pix_api connection this mandate was made through is gone; cancel it at your PSP.');
  const reserved = await repo.setCancelInFlight(tx, row.id, { requestKey: requestKey || null }, ctx.now);
  return { reserved: { row: reserved, live, action: 'cancel', resend: false } };
}

/** What the PSP says of a recurrence (its `/rec` callback, read back), applied to the connection's mandate. */
export async function applyRecurrenceState(
  tx: Tx,
  connectionId: string,
  change: { recurrenceId: string; state: 'pending' | 'active' | 'refused' | 'revoked'; failureCode: PixMandateRow['failure_code'] },
  now: Date,
  baseUrl: string,
): Promise<boolean> {
  const row = await repo.findConnectionMandate(tx, connectionId, change.recurrenceId);
  if (!row) return false;
  if (change.state === 'pending') return true;
  const ctx = await contextAsOfClock(tx, { accountId: row.account_id, environment: row.environment }, now, baseUrl);
  await moveMandate(tx, ctx, row, change.state, change.failureCode);
  return true;
}

/** Sandbox: the payer's bank approves, refuses or revokes a simulated mandate (POST /test/pix-mandates/{id}/...). */
export async function simulateMandate(tx: Tx, ctx: UseCaseContext, id: string, action: 'approve' | 'refuse' | 'revoke'): Promise<MandateView> {
  const row = await repo.findMandate(tx, ctx.tenant, id, true);
  if (!row) throw new AppError('not_found', 'No such Pix mandate.', { resource: 'pix_mandate' });
  if (row.provider !== 'sandbox') throw new AppError('conflict', 'This mandate lives at your PSP: its payer approves it in their bank\'s app (your PSP\'s homologation tools simulate that).');
  const allowed = action === 'revoke' ? row.status === 'active' : row.status === 'pending';
  if (!allowed) throw new AppError('conflict', `A ${row.status} mandate cannot be ${action === 'approve' ? 'approved' : action === 'refuse' ? 'refused' : 'revoked'}.`);
  const next = action === 'approve' ? (['active', null] as const) : action === 'refuse' ? (['refused', 'mandate_refused'] as const) : (['revoked', 'mandate_revoked'] as const);
  return toMandateView(await moveMandate(tx, ctx, row, next[0], next[1]));
}

/** The mandate a saved method `pix:{providerId}` names, or undefined. */
export async function findMandateOfMethod(ex: Executor, tenant: Tenant, paymentMethod: string): Promise<PixMandateRow | undefined> {
  if (!paymentMethod.startsWith('pix:')) return undefined;
  return repo.findMandateByProviderId(ex, tenant, paymentMethod.slice(4));
}
