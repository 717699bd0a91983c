import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, DateTime, DateTimeInput } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import type { SuccessStatus } from '../../http/idempotency.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendOffSessionCharges } from '../payment-confirmation/index.ts';
import { afterOffSessionCharge } from './dunning.ts';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/errors.ts';
import { advanceTestClock, getTestClock, resetTestClock } from './test-clock.ts';
import {
  Balance,
  CancelBody,
  CreateSubscriptionBody,
  Subscription,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionParams,
  UpdateSubscriptionBody,
  ChangeVersionBody,
  VersionChangePreview,
} from './schemas.ts';
import * as subscriptions from './service.ts';
import { getBalance } from '../../modules/prepaid/index.ts';

const tags = ['subscriptions'];

export function registerSubscriptionRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/billing/subscriptions',
    {
      config: { scope: 'billing:write' },
      schema: {
        tags,
        summary: 'Subscribe a customer to a product priced subscription, usage or prepaid',
        description:
          'The subscription is the customer’s enrollment in the product (reused when live). Periods count from the anchor (monthly keeps its day, clamped to short months). ' +
          'With billingMode advance and no trial the first period is invoiced at once (and, with charge_automatically, charged). Usage (version prices, rate cards) is invoiced at each period end with its grants and commitment; ' +
          'a product priced usage takes billingCycle and is billed in arrears. A product priced prepaid sells credit, billed in advance: each period an invoice of its basePrice ' +
          "(a prepaid_credit line) credits the subscription's balance once paid, and usage draws the balance down at the version's per_unit prices (GET /billing/subscriptions/{subscriptionID}/balance); " +
          'a prepaid version priced otherwise, or billingMode arrears, is refused (422). A product priced one_time is sold once, not subscribed (422).',
        body: CreateSubscriptionBody,
        response: { 201: Subscription, ...errorResponses(404, 409, 413, 422) },
      },
    },
    async (request, reply) => runChargingAfterCommit(deps, request, reply, 201, (tx, ctx) => subscriptions.createSubscription(tx, ctx, request.body)),
  );

  app.get(
    '/billing/subscriptions',
    {
      config: { scope: 'billing:read' },
      schema: { tags, summary: 'List subscriptions, newest first', querystring: SubscriptionListQuery, response: { 200: SubscriptionList, ...errorResponses(422) } },
    },
    async (request) => {
      const { customerId, status } = request.query;
      const page = await subscriptions.listSubscriptions(deps.db, contextOf(request, deps), { customerId, status }, pageRequest(request.query));
      return { subscriptions: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/subscriptions/:subscriptionID',
    {
      config: { scope: 'billing:read', resource: 'subscription' },
      schema: { tags, summary: 'One subscription', params: SubscriptionParams, response: { 200: Subscription, ...errorResponses(404) } },
    },
    async (request) => subscriptions.getSubscription(deps.db, contextOf(request, deps), request.params.subscriptionID),
  );

  app.get(
    '/billing/subscriptions/:subscriptionID/balance',
    {
      config: { scope: 'billing:read', resource: 'subscription' },
      schema: {
        tags,
        summary: "A prepaid subscription's balance",
        description:
          'Credited when a prepaid invoice of the subscription is paid (its prepaid_credit lines, at face value); drawn down as usage is recorded, by value x the meter\'s per-unit price. ' +
          'Usage that would take it below consumptionFloor is refused with 422 insufficient_balance. 404 for a subscription whose product is not priced prepaid.',
        params: SubscriptionParams,
        response: { 200: Balance, ...errorResponses(404) },
      },
    },
    async (request) => getBalance(deps.db, contextOf(request, deps).tenant, request.params.subscriptionID),
  );

  app.patch(
    '/billing/subscriptions/:subscriptionID',
    {
      config: { scope: 'billing:write', resource: 'subscription' },
      schema: {
        tags,
        summary: "Change a subscription's saved payment method",
        description: 'charge_automatically only: the next charge or dunning retry uses it.',
        params: SubscriptionParams,
        body: UpdateSubscriptionBody,
        response: { 200: Subscription, ...errorResponses(404, 409, 413, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => subscriptions.updatePaymentMethod(tx, contextOf(request, deps), request.params.subscriptionID, request.body.paymentMethod)),
  );

  const action = (path: 'pause' | 'resume', summary: string, run: typeof subscriptions.pauseSubscription) =>
    app.post(
      `/billing/subscriptions/:subscriptionID/${path}`,
      {
        config: { scope: 'billing:write', resource: 'subscription' },
        schema: { tags, summary, params: SubscriptionParams, response: { 200: Subscription, ...errorResponses(404, 409) } },
      },
      async (request, reply) => runChargingAfterCommit(deps, request, reply, 200, (tx, ctx) => run(tx, ctx, request.params.subscriptionID)),
    );
  action('pause', 'Pause: no invoices until resumed (the periods it spans are not billed)', subscriptions.pauseSubscription);
  action('resume', 'Resume on the anchor: billing continues with the first period starting from now', subscriptions.resumeSubscription);

  app.post(
    '/billing/subscriptions/:subscriptionID/change-version',
    {
      config: { scope: 'billing:write', resource: 'subscription' },
      schema: {
        tags,
        summary: 'Move to another version of the product',
        description:
          'With prorate (default) the current period is split at this instant by its seconds: advance -> an invoice now with a credit for the old version and a charge for the new; ' +
          'arrears -> the period’s invoice bills each version for its share. Without it the new price starts next period (advance) or covers this one (arrears).',
        params: SubscriptionParams,
        body: ChangeVersionBody,
        response: { 200: Subscription, ...errorResponses(404, 409, 413, 422) },
      },
    },
    async (request, reply) => runChargingAfterCommit(deps, request, reply, 200, (tx, ctx) => subscriptions.changeVersion(tx, ctx, request.params.subscriptionID, request.body)),
  );

  app.post(
    '/billing/subscriptions/:subscriptionID/change-version/preview',
    {
      // Writes nothing, so no Idempotency-Key is needed (one sent replays the stored answer, as anywhere).
      config: { scope: 'billing:read', resource: 'subscription', idempotency: 'optional' },
      schema: {
        tags,
        summary: 'What change-version would do now, without doing it',
        description:
          'The same body and the same refusals as change-version; answers the lines it would invoice (the old version’s unused time credited, the new one’s charged, the coupon’s line), their subtotal before tax, and when they are invoiced. ' +
          'The change made right after invoices these amounts.',
        params: SubscriptionParams,
        body: ChangeVersionBody,
        response: { 200: VersionChangePreview, ...errorResponses(404, 409, 413, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => subscriptions.previewVersionChange(tx, contextOf(request, deps), request.params.subscriptionID, request.body)),
  );

  app.post(
    '/billing/subscriptions/:subscriptionID/cancel',
    {
      config: { scope: 'billing:write', resource: 'subscription' },
      schema: {
        tags,
        summary: 'Cancel now, or at the end of the current period',
        params: SubscriptionParams,
        body: CancelBody,
        response: { 200: Subscription, ...errorResponses(404, 409, 413, 422) },
      },
    },
    async (request, reply) =>
      runChargingAfterCommit(deps, request, reply, 200, (tx, ctx) => subscriptions.cancelSubscription(tx, ctx, request.params.subscriptionID, request.body?.atPeriodEnd ?? false)),
  );
}

const TestClock = Type.Object(
  {
    now: DateTime({ description: "The sandbox's time." }),
    frozen: Type.Boolean({ description: 'true once advanced: time stands still at `now` until advanced again.' }),
  },
  { title: 'TestClock' },
);

/** Test helpers: sandbox keys only; a live key gets 404 like an unknown route. */
function sandboxOnly(environment: string, method: string, path: string): void {
  if (environment !== 'sandbox') throw new AppError('not_found', `No route ${method} ${path}.`, { resource: 'route' });
}

export function registerTestClockRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/test/clock',
    {
      config: { scope: 'billing:read' },
      schema: { tags: ['test'], summary: "The sandbox's test clock", description: 'Sandbox keys only; a live key gets 404.', response: { 200: TestClock, ...errorResponses(404) } },
    },
    async (request) => {
      const { tenant } = contextOf(request, deps);
      sandboxOnly(tenant.environment, 'GET', '/test/clock');
      return getTestClock(deps.db, tenant, deps.clock);
    },
  );

  app.post(
    '/test/clock/advance',
    {
      // Idempotent by its target: advancing to the same instant again changes nothing.
      config: { scope: 'billing:write', idempotency: 'optional' },
      schema: {
        tags: ['test'],
        summary: "Move the sandbox's clock forward and run what became due",
        description:
          "The calling account's sandbox runs as of `to` from now on (requests, subscription cycles). The answer comes once the periods due up to `to` are " +
          'invoiced. Forward only: a `to` before the clock is refused (422), and so is one more than 10 years after the real time. Sandbox keys only; a live key gets 404. Production always uses the real clock.',
        body: Type.Object({ to: DateTimeInput() }, { additionalProperties: false }),
        response: { 200: Type.Object({ ...TestClock.properties, invoicesCreated: Type.Integer() }), ...errorResponses(404, 413, 422) },
      },
    },
    async (request) => {
      const { tenant } = contextOf(request, deps);
      sandboxOnly(tenant.environment, 'POST', '/test/clock/advance');
      return advanceTestClock(deps.db, tenant, deps.clock, deps.config.baseUrl, new Date(request.body.to), deps.config.subscriptionBatches);
    },
  );

  app.post(
    '/test/clock/reset',
    {
      // Idempotent by its meaning: a second reset finds the real clock and changes nothing.
      config: { scope: 'billing:write', idempotency: 'optional' },
      schema: {
        tags: ['test'],
        summary: "Return the sandbox's clock to the real time",
        description:
          "The calling account's sandbox runs on the real clock again (`frozen` false). Refused with 409 `test_clock_ahead` while anything of the sandbox " +
          '(an invoice, a billed period, a payment, any change that records an event) is dated after the real time: going back would bill those periods ' +
          'again or date new records before them. Sandbox keys only; a live key gets 404.',
        response: { 200: TestClock, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { tenant } = contextOf(request, deps);
      sandboxOnly(tenant.environment, 'POST', '/test/clock/reset');
      return deps.idempotency.run(request, reply, 200, (tx) => resetTestClock(tx, tenant, deps.clock));
    },
  );
}

// Subscription writes over HTTP (create, change of version, resume, cancel) that charge an invoice
// with a saved method at a live processor hold no transaction while the processor answers (issue
// #30), as the cycle runner does: the request's transaction only reserves the charge
// (ctx.offSessionAfterCommit) and commits the invoice, the subscription and the idempotency record
// with it; once it has committed, and before the answer leaves, the reservation is sent and recorded
// in a second transaction (sendOffSessionCharges), where a decline starts dunning
// (afterOffSessionCharge), the runner's path. The answer, stored with the change and replayed to
// retries, is the state after the reservation: the invoice open, its charge not recorded yet. A
// processor down or late leaves the charge in flight for the repair poller.

/** `deps.idempotency.run` for a subscription write whose off-session charges go out after its commit. */
function runChargingAfterCommit<T extends { id: string }>(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, status: SuccessStatus<T>, work: (tx: Tx, ctx: UseCaseContext) => Promise<T>): Promise<FastifyReply> {
  const ctx: UseCaseContext = { ...contextOf(request, deps), offSessionAfterCommit: true };
  return deps.idempotency.run(request, reply, status, (tx) => work(tx, ctx), async (subscription) => {
    try {
      const left = await sendOffSessionCharges(deps.db, ctx, subscription.id, afterOffSessionCharge);
      if (left > 0) request.log.warn({ subscriptionId: subscription.id, charges: left }, 'off-session charges left in flight (processor down or late); the repair poller completes them');
    } catch (error) {
      // Committed and answered as reserved: the repair poller sends and records what is left.
      request.log.error({ err: error, subscriptionId: subscription.id }, 'sending off-session charges after commit failed');
    }
  });
}
