import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, ListQuery, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { assertMayGrant, type CallingKey } from './key-scopes.ts';
import { Account, CreatedKey, CreateKeyBody, KeyView, TenantPatch } from './schemas.ts';
import * as accounts from './service.ts';

const tags = ['account'];

export function registerAccountRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/account/tenant',
    {
      config: { scope: 'account:read' },
      schema: { tags, summary: 'The calling account', response: { 200: Account, ...errorResponses(404) } },
    },
    async (request) => accounts.getTenant(deps.db, contextOf(request, deps)),
  );

  app.patch(
    '/account/tenant',
    {
      config: { scope: 'account:write' },
      schema: {
        tags,
        summary: 'Update the account',
        description:
          'Only the fields sent change. `dunning` sets the retries of charge_automatically subscriptions after a failed charge ' +
          '(`retryDays`: 1 to 8 days after the first failure, each 1 to 60, strictly increasing) and what the last failed retry does ' +
          '(`finalAction`: cancel, or leave_past_due); each applies from the next retry computed.',
        body: TenantPatch,
        response: { 200: Account, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => accounts.updateTenant(tx, contextOf(request, deps), request.body)),
  );

  app.post(
    '/account/keys',
    {
      config: { scope: 'account:write' },
      schema: {
        tags,
        summary: 'Create a restricted secret key',
        description:
          'The key belongs to the environment of the calling key. The full key is returned only here. ' +
          'Its scopes must be scopes the calling key holds: 403 forbidden names the missing ones.',
        body: CreateKeyBody,
        response: { 201: CreatedKey, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const caller = callingKey(request.auth);
      // Checked before the idempotent work: a 403 is not stored, so a retry with a stronger key may run.
      assertMayGrant(caller, request.body.scopes);
      return deps.idempotency.run(request, reply, 201, (tx) => accounts.createRestrictedKey(tx, contextOf(request, deps), caller, request.body));
    },
  );

  app.get(
    '/account/keys',
    {
      config: { scope: 'account:read' },
      schema: {
        tags,
        summary: 'List the keys of this environment',
        querystring: ListQuery,
        response: { 200: Type.Object({ keys: Type.Array(KeyView), nextCursor: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses(422) },
      },
    },
    async (request) => {
      const page = await accounts.listKeys(deps.db, contextOf(request, deps), pageRequest(request.query));
      return { keys: page.items, nextCursor: page.nextCursor };
    },
  );

  app.delete(
    '/account/keys/:keyID',
    {
      config: { scope: 'account:write', resource: 'api_key' },
      schema: {
        tags,
        summary: 'Revoke a key',
        description:
          'The key answers 401 from then on. A key may revoke itself, and any key whose scopes it holds; ' +
          'a publishable key only a key with every scope. Otherwise 403 forbidden names the missing scopes.',
        params: Type.Object({ keyID: Uuid() }),
        response: { 200: KeyView, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const caller = callingKey(request.auth);
      await accounts.assertMayRevokeKey(deps.db, contextOf(request, deps), caller, request.params.keyID);
      return deps.idempotency.run(request, reply, 200, (tx) => accounts.revokeKey(tx, contextOf(request, deps), caller, request.params.keyID));
    },
  );
}

function callingKey(auth: FastifyRequest['auth']): CallingKey {
  if (!auth) throw new AppError('unauthorized', 'Missing API key.');
  return { keyId: auth.keyId, scopes: auth.scopes };
}
