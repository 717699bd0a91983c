// GET /account/audit-log: the audit log (http/audit.ts) of the key's tenant, newest first.
import { Type } from '@sinclair/typebox';
import { pageRequest, toPage } from '../core/pagination.ts';
import { listAuditEntries } from './audit-repository.ts';
import type { AuditEntryRow } from './audit-tables.ts';
import { contextOf } from './context.ts';
import { DateTime, errorResponses, ListQuery, Nullable, Uuid } from './schemas.ts';
import type { App, AppDeps } from './types.ts';

export const AuditEntry = Type.Object(
  {
    id: Uuid(),
    actor: Type.Object({
      type: Type.Union([Type.Literal('api_key'), Type.Literal('member')], { description: 'An API key, or a dashboard member acting through its session.' }),
      id: Type.String({ description: "The key's id, or the member's." }),
      label: Nullable(Type.String({ description: "The member's email; null for a key." })),
    }),
    action: Type.String({ description: "The operationId of the API call, e.g. refundPayment; members.* for a change to the account's members (invite, invite_resend, invite_revoke, invite_accept, role_change, remove, password_change, password_reset)." }),
    resourceType: Nullable(Type.String()),
    resourceId: Nullable(Type.String({ description: 'The path parameter the call named, or the id of what it made.' })),
    status: Type.Integer({ description: 'The HTTP status of the answer (a success).' }),
    createdAt: DateTime({ description: 'When it happened (the real time, never a sandbox test clock).' }),
  },
  { title: 'AuditEntry' },
);

const AuditQuery = Type.Object(
  {
    ...ListQuery.properties,
    actorType: Type.Optional(Type.Union([Type.Literal('api_key'), Type.Literal('member')])),
    actorId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    resourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

export function toAuditView(row: AuditEntryRow) {
  return {
    id: row.id,
    actor: { type: row.actor_type, id: row.actor_id, label: row.actor_label },
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    status: row.status_code,
    createdAt: row.created_at,
  };
}

export function registerAuditRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/account/audit-log',
    {
      config: { scope: 'account:read' },
      schema: {
        tags: ['account'],
        summary: 'Who did what: the successful writes of keys and dashboard members, newest first',
        querystring: AuditQuery,
        response: { 200: Type.Object({ entries: Type.Array(AuditEntry), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
      },
    },
    async (request) => {
      const { actorType, actorId, resourceId } = request.query;
      const page = pageRequest(request.query);
      const rows = await listAuditEntries(deps.db, contextOf(request, deps).tenant, { actorType, actorId, resourceId }, page.limit, page.afterId);
      const { items, nextCursor } = toPage(rows, page.limit);
      return { entries: items.map(toAuditView), nextCursor };
    },
  );
}
