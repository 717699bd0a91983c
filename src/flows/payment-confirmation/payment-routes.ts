import { pageRequest } from '../../core/pagination.ts';
import { AppError } from '../../core/errors.ts';
import { contextOf } from '../../http/context.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { runStaged } from '../../http/idempotency-staged.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
// The payment routes: charges, reads and refunds under /billing, and the sandbox's test helpers
// under /test/payments. They live with the flow because a refund and a confirmation reach past the
// payment (grants, the invoice): see payment-outcomes.ts.
import { paymentSchemas } from '../../modules/payments/index.ts';
import * as payments from '../../modules/payments/index.ts';
import { chargeBackPayment, confirmPayment } from './payment-outcomes.ts';
import { recordRefund, reserveRefund } from './refunds-in-flight.ts';

const {
  ChargeBody,
  CreatedCharge,
  FailBody,
  InvoicePaymentParams,
  Payment,
  PaymentList,
  PaymentListQuery,
  PaymentParams,
  ProcessorErrorResponses,
  Refund,
  RefundBody,
  RefundList,
} = paymentSchemas;

const tags = ['payments'];

export function registerPaymentRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/billing/invoices/:invoiceID/payments',
    {
      config: { scope: 'billing:write', resource: 'invoice' },
      schema: {
        tags,
        summary: 'Charge an open invoice by Pix, boleto, card or crypto',
        description:
          "A charge for the invoice's whole amountDue, in its currency. Answers the payment with its charge-creation-only fields " +
          '(invoiceUrl, switchable; card: clientSecret, publishableKey, nextAction; crypto: chargeToken). A pending charge of the ' +
          'invoice fails as `superseded`. Only an open invoice: otherwise 409 invoice_not_payable. Pix and boleto charge BRL only. ' +
          'Live keys charge through the processor connected for the method (PUT /account/providers/{provider}); without one, 409 provider_not_configured. ' +
          'A processor down answers 502 provider_unavailable (or provider_error), slow 504 provider_timeout, with nothing recorded: a retry with the same ' +
          'Idempotency-Key sends the processor the same idempotency key, so it never charges twice. While the processor is being called, a retry with the ' +
          'same key answers 409 idempotency_key_in_use.',
        params: InvoicePaymentParams,
        body: ChargeBody,
        response: { 201: CreatedCharge, ...errorResponses(404, 409, 422), ...ProcessorErrorResponses },
      },
    },
    async (request, reply) => {
      // A live charge's processor is called with no transaction open (reserve, send, record):
      // live-charge-steps.ts, http/idempotency-staged.ts.
      const ctx = contextOf(request, deps);
      const options = { requestKey: idempotencyKeyOf(request.headers) };
      return runStaged<payments.PaymentView, payments.ReservedCharge>(deps, request, reply, 201, {
        takeoverAfterMs: payments.inFlightTakeoverMs(),
        reserve: async (tx) => {
          const prepared = await payments.prepareCharge(tx, ctx, request.params.invoiceID, request.body, options);
          return prepared.kind === 'done' ? { done: prepared.outcome.view } : { reserved: prepared.reserved, token: prepared.reserved.row.id };
        },
        resume: (tx, paymentId) => payments.resumeLiveCharge(tx, ctx, paymentId),
        send: async (reserved) => {
          const sent = await payments.sendLiveCharge(reserved);
          return async (tx) => (await payments.recordLiveCharge(tx, ctx, reserved, sent)).view;
        },
        release: (tx, reserved) => payments.releaseLiveCharge(tx, ctx, reserved),
      });
    },
  );

  app.get(
    '/billing/payments',
    {
      config: { scope: 'billing:read' },
      schema: {
        tags,
        summary: 'List payments, newest first',
        description: 'Each payment as GET /billing/payments/{paymentID} shows it, with its payer, less the Pix QR image (`pixQrImage`): render the QR from `pixPayload`, or read the payment.',
        querystring: PaymentListQuery,
        response: { 200: PaymentList, ...errorResponses(422) },
      },
    },
    async (request) => {
      const { status, method, invoiceId, createdFrom, createdTo } = request.query;
      const filter = {
        status,
        method,
        invoiceId,
        createdFrom: createdFrom === undefined ? undefined : new Date(createdFrom),
        createdTo: createdTo === undefined ? undefined : new Date(createdTo),
      };
      const page = await payments.listPayments(deps.db, contextOf(request, deps), filter, pageRequest(request.query));
      return { payments: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/payments/:paymentID',
    {
      config: { scope: 'billing:read', resource: 'payment' },
      schema: { tags, summary: 'One payment, with its payer', params: PaymentParams, response: { 200: Payment, ...errorResponses(404) } },
    },
    async (request) => payments.getPayment(deps.db, contextOf(request, deps), request.params.paymentID),
  );

  app.post(
    '/billing/payments/:paymentID/refunds',
    {
      config: { scope: 'billing:write', resource: 'payment' },
      schema: {
        tags,
        summary: 'Refund a confirmed payment, in part or in full',
        description:
          'Omitted amount: what is left. Above what is left: 422 refund_exceeds_payment. A payment that is not confirmed: 409 ' +
          'invalid_payment_state. At the full amount the payment becomes refunded and its download grants are revoked. ' +
          'A live payment is refunded through its processor: a refund it still processes answers status pending, and its money moves when the processor reports it succeeded. ' +
          'A processor that declines answers 502 provider_error, down 502 provider_unavailable, slow 504 provider_timeout, with nothing recorded: a retry with the same ' +
          'Idempotency-Key sends the processor the same idempotency key, so it never refunds twice. While the processor is being called, a retry with the same key answers 409 idempotency_key_in_use.',
        params: PaymentParams,
        body: RefundBody,
        response: { 201: Refund, ...errorResponses(404, 409, 422), ...ProcessorErrorResponses },
      },
    },
    async (request, reply) => {
      // A live refund's processor is called with no transaction open (reserve, send, record):
      // modules/payments live-refund-steps.ts, refunds-in-flight.ts, http/idempotency-staged.ts.
      const ctx = contextOf(request, deps);
      const options = { requestKey: idempotencyKeyOf(request.headers) };
      return runStaged<payments.RefundView, payments.ReservedRefund>(deps, request, reply, 201, {
        takeoverAfterMs: payments.inFlightTakeoverMs(),
        reserve: async (tx) => {
          const step = await reserveRefund(tx, ctx, request.params.paymentID, request.body ?? {}, options);
          return 'done' in step ? step : { reserved: step.reserved, token: step.reserved.refund.id };
        },
        resume: (tx, refundId) => payments.resumeLiveRefund(tx, ctx, refundId),
        send: async (reserved) => {
          const answer = await payments.sendLiveRefund(reserved);
          return (tx) => recordRefund(tx, ctx, reserved, answer);
        },
        release: (tx, reserved) => payments.releaseLiveRefund(tx, ctx, reserved),
      });
    },
  );

  app.get(
    '/billing/payments/:paymentID/refunds',
    {
      config: { scope: 'billing:read', resource: 'payment' },
      schema: { tags, summary: "A payment's refunds, newest first", params: PaymentParams, querystring: ListQuery, response: { 200: RefundList, ...errorResponses(404, 422) } },
    },
    async (request) => {
      const page = await payments.listRefunds(deps.db, contextOf(request, deps), request.params.paymentID, pageRequest(request.query));
      return { refunds: page.items, nextCursor: page.nextCursor };
    },
  );

  registerTestHelpers(app, deps);
}

/** POST /test/payments/{paymentID}/confirm | fail | chargeback: sandbox keys only; a live key gets 404. */
function registerTestHelpers(app: App, deps: AppDeps): void {
  const moves = [
    { path: 'confirm', summary: 'Confirm a sandbox charge as if the money arrived', run: confirmPayment },
    { path: 'chargeback', summary: 'Charge back a confirmed sandbox payment (the buyer disputed it)', run: chargeBackPayment },
  ];
  for (const move of moves) {
    app.post(
      `/test/payments/:paymentID/${move.path}`,
      {
        config: { scope: 'billing:write', resource: 'payment' },
        schema: { tags: ['test'], summary: move.summary, params: PaymentParams, response: { 200: Payment, ...errorResponses(404, 409) } },
      },
      async (request, reply) => {
        const ctx = sandboxOnly(contextOf(request, deps), request.url);
        return deps.idempotency.run(request, reply, 200, async (tx) => {
          await move.run(tx, ctx, request.params.paymentID);
          return payments.getPayment(tx, ctx, request.params.paymentID);
        });
      },
    );
  }
  app.post(
    '/test/payments/:paymentID/fail',
    {
      config: { scope: 'billing:write', resource: 'payment' },
      schema: {
        tags: ['test'],
        summary: 'Fail a pending sandbox charge with a failure code',
        params: PaymentParams,
        body: FailBody,
        response: { 200: Payment, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const ctx = sandboxOnly(contextOf(request, deps), request.url);
      const code = request.body?.failureCode ?? 'provider_error';
      return deps.idempotency.run(request, reply, 200, async (tx) => {
        await payments.failPayment(tx, ctx, request.params.paymentID, code);
        return payments.getPayment(tx, ctx, request.params.paymentID);
      });
    },
  );
}

function sandboxOnly<T extends { tenant: { environment: string } }>(ctx: T, url: string): T {
  // Test helpers do not exist in production: answer as for an unknown route.
  if (ctx.tenant.environment !== 'sandbox') throw new AppError('not_found', `No route POST ${url.split('?')[0]}.`, { resource: 'route' });
  return ctx;
}
