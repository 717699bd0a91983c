// The audit log (issue #32): who did what. Every keyed write that runs under an Idempotency-Key
// and succeeds writes one entry in the transaction that stores its idempotency record, so the
// change, its answer and its entry commit together or not at all. The actor is the API key, or the
// dashboard member the call was made for (http/principals.ts); the action is the route's
// operationId. Not in it: business refusals (4xx, nothing changed), replays (nothing ran again),
// usage ingestion (its own batched path; the events are the record), writes sent without a key
// (the Rail's settle) and keyless buyers' actions: the service's own work is told by its events.
import type { FastifyRequest } from 'fastify';
import { newId } from '../core/ids.ts';
import type { Tx } from '../db/database.ts';
import { insertAuditEntry } from './audit-repository.ts';
import { operationIdOf } from './operation-ids.ts';

/** Writes the request's entry when it was a keyed caller's and its answer a success. */
export async function auditWrite(tx: Tx, request: FastifyRequest, answer: { status: number; body: string }, now: Date): Promise<void> {
  const auth = request.auth;
  if (!auth || answer.status < 200 || answer.status >= 300) return;
  const route = request.routeOptions.url ?? request.url;
  const actor = auth.member
    ? { actor_type: 'member' as const, actor_id: auth.member.id, actor_label: auth.member.email }
    : { actor_type: 'api_key' as const, actor_id: auth.keyId, actor_label: null };
  await insertAuditEntry(tx, {
    id: newId(),
    account_id: auth.accountId,
    environment: auth.environment,
    ...actor,
    action: operationIdOf(request.method, route) ?? `${request.method} ${route}`,
    resource_type: request.routeOptions.config.resource ?? lastStaticSegment(route),
    resource_id: resourceIdOf(request.params, answer.body),
    status_code: answer.status,
    created_at: now,
  });
}

/** A route without a `resource` config: its last fixed segment (`/catalog/products` → `products`). */
function lastStaticSegment(route: string): string | null {
  return route.split('/').filter((part) => part !== '' && !part.startsWith(':')).pop() ?? null;
}

/** The resource acted on: the route's first path parameter, or the id of what the write made. */
function resourceIdOf(params: unknown, body: string): string | null {
  const named = params && typeof params === 'object' ? Object.values(params as Record<string, unknown>).find((value) => typeof value === 'string') : undefined;
  if (typeof named === 'string') return named;
  try {
    const parsed: unknown = JSON.parse(body);
    const id = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** A change to an account's members, made by a member (or by the member a link was for). */
export interface MemberChange {
  accountId: string;
  actor: { id: string; email: string };
  /** `members.invite`, `members.role_change`, ... */
  action: string;
  /** The member changed. */
  memberId: string;
}

/**
 * The entry of a members change (dashboard forms, no Idempotency-Key), written by the caller in
 * the change's transaction. Members are account-wide, not per environment, so the entry is
 * written in both environments: the team's history reads the same in sandbox and production.
 */
export async function auditMemberChange(tx: Tx, change: MemberChange, now: Date): Promise<void> {
  for (const environment of ['sandbox', 'production'] as const) {
    await insertAuditEntry(tx, {
      id: newId(),
      account_id: change.accountId,
      environment,
      actor_type: 'member',
      actor_id: change.actor.id,
      actor_label: change.actor.email,
      action: change.action,
      resource_type: 'member',
      resource_id: change.memberId,
      status_code: 200,
      created_at: now,
    });
  }
}
