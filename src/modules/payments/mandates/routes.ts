import { AppError } from '../../../core/errors.ts';
import { pageRequest } from '../../../core/pagination.ts';
import { contextOf } from '../../../http/context.ts';
import { idempotencyKeyOf } from '../../../http/idempotency.ts';
import { runStaged, type StagedWork } from '../../../http/idempotency-staged.ts';
import type { UseCaseContext } from '../../../core/context.ts';
import type { Tx } from '../../../db/database.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { App, AppDeps } from '../../../http/types.ts';
import { ProcessorErrorResponses } from '../schemas.ts';
import { Mandate, MandateBody, MandateList, MandateListQuery, MandateParams } from './schemas.ts';
import { inFlightTakeoverMs } from '../live-charge-steps.ts';
import { recordMandate, releaseMandate, resumeMandate, sendMandate } from './in-flight.ts';
import * as mandates from './service.ts';

const tags = ['pix-mandates'];

export function registerMandateRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/billing/pix-mandates',
    {
      config: { scope: 'billing:write' },
      schema: {
        tags,
        summary: 'Ask a payer to authorize Pix Automático',
        description:
          'Creates the recurrence at your PSP (a pix_api connection serving pix, with its receiving account) and, with `payerAccount`, sends the authorization request to the payer\'s bank; ' +
          'without it, the payer scans `qrPayload`. Once `active`, its `paymentMethod` pays a charge_automatically subscription. ' +
          'A sandbox key without a Pix connection gets a simulated mandate (POST /test/pix-mandates/{id}/approve).',
        body: MandateBody,
        response: { 201: Mandate, ...errorResponses(404, 409, 422), ...ProcessorErrorResponses },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const requestKey = idempotencyKeyOf(request.headers) ?? '';
      return runStaged<mandates.MandateView, mandates.ReservedMandate>(deps, request, reply, 201, stagedMandate(ctx, 'create', (tx) => mandates.reserveMandate(tx, ctx, request.body, requestKey)));
    },
  );

  app.get(
    '/billing/pix-mandates',
    { config: { scope: 'billing:read' }, schema: { tags, summary: 'Pix Automático mandates, newest first', querystring: MandateListQuery, response: { 200: MandateList, ...errorResponses(422) } } },
    async (request) => {
      const page = await mandates.listMandates(deps.db, contextOf(request, deps), request.query.customerId, pageRequest(request.query));
      return { mandates: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/pix-mandates/:mandateID',
    { config: { scope: 'billing:read', resource: 'pix_mandate' }, schema: { tags, summary: 'One Pix Automático mandate', params: MandateParams, response: { 200: Mandate, ...errorResponses(404) } } },
    async (request) => mandates.getMandate(deps.db, contextOf(request, deps), request.params.mandateID),
  );

  app.post(
    '/billing/pix-mandates/:mandateID/cancel',
    {
      config: { scope: 'billing:write', resource: 'pix_mandate' },
      schema: {
        tags,
        summary: 'End a mandate',
        description: 'Cancels the recurrence at the PSP; later charges of subscriptions paying with it fail with `mandate_revoked`. 409 when it ended already.',
        params: MandateParams,
        response: { 200: Mandate, ...errorResponses(404, 409), ...ProcessorErrorResponses },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const requestKey = idempotencyKeyOf(request.headers) ?? '';
      return runStaged<mandates.MandateView, mandates.ReservedMandate>(deps, request, reply, 200, stagedMandate(ctx, 'cancel', (tx) => mandates.reserveMandateCancel(tx, ctx, request.params.mandateID, requestKey)));
    },
  );

  for (const action of ['approve', 'refuse', 'revoke'] as const) {
    app.post(
      `/test/pix-mandates/:mandateID/${action}`,
      {
        config: { scope: 'billing:write', resource: 'pix_mandate' },
        schema: {
          tags: ['test'],
          summary: `Sandbox: the payer's bank ${action === 'approve' ? 'approves' : action === 'refuse' ? 'refuses' : 'revokes'} a simulated mandate`,
          description: action === 'revoke' ? 'An active mandate only; its later charges fail with `mandate_revoked`.' : 'A pending mandate only.',
          params: MandateParams,
          response: { 200: Mandate, ...errorResponses(404, 409) },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request, deps);
        // Test helpers do not exist in production: answer as for an unknown route.
        if (ctx.tenant.environment !== 'sandbox') throw new AppError('not_found', `No route POST ${request.url.split('?')[0]}.`, { resource: 'route' });
        return deps.idempotency.run(request, reply, 200, (tx) => mandates.simulateMandate(tx, ctx, request.params.mandateID, action));
      },
    );
  }
}

/**
 * A mandate's PSP call with no transaction open (in-flight.ts): reserved with the key's record in
 * progress, sent, recorded. An answer lost (a timeout, a 5xx) leaves it in flight: a retry past the
 * takeover time or the repair poller asks the PSP what it has before sending again.
 */
function stagedMandate(ctx: UseCaseContext, action: mandates.ReservedMandate['action'], reserve: (tx: Tx) => Promise<{ done: mandates.MandateView } | { reserved: mandates.ReservedMandate }>): StagedWork<mandates.MandateView, mandates.ReservedMandate> {
  return {
    takeoverAfterMs: inFlightTakeoverMs(),
    keepOnUnknownOutcome: true,
    reserve: async (tx) => {
      const step = await reserve(tx);
      return 'done' in step ? step : { reserved: step.reserved, token: step.reserved.row.id };
    },
    resume: (tx, id) => resumeMandate(tx, ctx, id, action),
    send: async (reserved) => {
      const answer = await sendMandate(reserved);
      return (tx) => recordMandate(tx, ctx, reserved, answer);
    },
    release: (tx, reserved) => releaseMandate(tx, ctx, reserved.row),
  };
}
