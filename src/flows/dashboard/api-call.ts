// The dashboard acts through the API: a form's action calls the service's own route (app.inject)
// as the session's member, in the session's environment, with the form's Idempotency-Key. Every
// action thus gets the API's validation, idempotency, events, ledger postings and audit entry,
// with no second path to keep equal (docs/decisions/dashboard.md, "Actions"). The member's role
// bounds the scopes of the call: read_only reads only; support also writes billing (refunds,
// resends); the dashboard's route checks the finer rule (requireRole) before calling.
import { randomUUID } from 'node:crypto';
import type { AuthContext, Scope } from '../../core/auth.ts';
import { SCOPES } from '../../core/auth.ts';
import { AppError } from '../../core/errors.ts';
import { accountCallFacts } from '../../modules/accounts/index.ts';
import { findMemberView, type DashboardSession, type MemberRole } from '../../modules/members/index.ts';
import type { DashboardKit } from './dashboard-routes.ts';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The API path with its query, e.g. `/billing/payments/{id}/refunds`. */
  url: string;
  body?: unknown;
  /** A write's Idempotency-Key: the form's hidden `idempotencyKey` (formIdempotencyKey). */
  idempotencyKey?: string;
}

const READ_SCOPES = SCOPES.filter((scope) => scope.endsWith(':read'));

/** The scopes a role's calls carry. */
export function scopesOfRole(role: MemberRole): readonly Scope[] {
  if (role === 'owner' || role === 'admin') return SCOPES;
  if (role === 'support') return [...READ_SCOPES, 'billing:write'];
  return READ_SCOPES;
}

/** A fresh key for a form's hidden `idempotencyKey` field: a double submit replays, never acts twice. */
export function formIdempotencyKey(): string {
  return randomUUID();
}

/** Calls the service's own HTTP API as the session's member, in the session's environment. */
export async function callApi<T = unknown>(kit: DashboardKit, session: DashboardSession, call: ApiCall): Promise<ApiAnswer<T>> {
  const auth = await principalOf(kit, session);
  const headers: Record<string, string> = {};
  if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await kit.app.principals.call(auth, {
    method: call.method,
    url: call.url,
    headers,
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  const text = response.body;
  return { status: response.statusCode, body: (text === '' ? null : JSON.parse(text)) as T };
}

/** The caller the session stands for: its member as it is now (role, still a member) and its account's test clock. */
async function principalOf(kit: DashboardKit, session: DashboardSession): Promise<AuthContext> {
  const [member, account] = await Promise.all([findMemberView(kit.deps.db, session.memberId), accountCallFacts(kit.deps.db, session.accountId)]);
  if (!member || member.accountId !== session.accountId || !account) throw new AppError('unauthorized', 'The session no longer names a member.');
  if (!account.active) throw new AppError('forbidden', 'The account is not active.');
  return {
    accountId: session.accountId,
    environment: session.environment,
    keyId: `member:${member.id}`,
    keyType: 'secret',
    scopes: scopesOfRole(member.role),
    unconfirmed: null,
    sandboxClock: account.sandboxClock,
    member: { id: member.id, email: member.email, role: member.role },
  };
}
