// The sandbox's keyless routes under /pay/sandbox: the confirmation page (GET shows it, its form
// POST confirms), the short link a sandbox Pix code carries, and the JSON actions a card form and
// a crypto widget call. Security headers: http/pages.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { formatAmount, pageLocale, type PageLocale } from '../../http/page-locale.ts';
import { htmlResponse, registerPageSecurity, sendPage } from '../../http/pages.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { sandboxConfirmUrl, findPaymentByConfirmToken, findPaymentById, type PaymentRow } from '../../modules/payments/index.ts';
import { confirmByLink, findByConfirmToken, payWithTestCard, payWithTestWallet } from './sandbox-actions.ts';
import { renderSandboxPage, SANDBOX_PAGE_STYLE_HASH, type SandboxPage } from './sandbox-page.ts';
import { SANDBOX_PAGE_TEXT } from './sandbox-page.text.ts';

const tags = ['sandbox'];
const LinkParams = Type.Object({ paymentID: Type.String() });
const LinkQuery = Type.Object({ token: Type.Optional(Type.String({ description: 'The token of the sandbox confirmation link.' })) });
const SandboxResult = Type.Object({
  paymentId: Type.String({ format: 'uuid' }),
  status: Type.Union(['pending', 'confirmed', 'failed', 'refunded', 'charged_back'].map((s) => Type.Literal(s))),
  failureCode: Type.Union([Type.String(), Type.Null()], { description: 'Why a declined card failed (card_declined, insufficient_funds, ...).' }),
});
function notFoundPage(lang: PageLocale): SandboxPage {
  const t = SANDBOX_PAGE_TEXT[lang];
  return { lang, title: t.notFound, notice: t.notFoundText, tone: 'bad' };
}

export function registerSandboxRoutes(app: App, deps: AppDeps): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await registerPageSecurity(scope, { styles: [SANDBOX_PAGE_STYLE_HASH], formAction: "'self'" });
    // The confirmation form posts no fields (its link carries the token): read nothing of its body.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    const pageOptions = (summary: string, description: string) => ({
      config: { auth: 'none' as const, page: true, keylessCost: { cost: 'page' as const } },
      attachValidation: true,
      schema: { tags, summary, description, params: LinkParams, querystring: LinkQuery, response: { 200: htmlResponse('The page.'), 404: htmlResponse('The "not found" page.'), 409: htmlResponse('The charge can no longer be confirmed.') } },
    });

    scope.get(
      '/pay/sandbox/pix/:token',
      {
        config: { auth: 'none', page: true, keylessCost: { cost: 'light' } },
        attachValidation: true,
        schema: {
          tags,
          summary: 'The link a sandbox Pix code carries',
          description: 'Redirects to the charge\'s sandboxConfirmUrl (a BR Code field holds 99 characters, too few for the whole link).',
          params: Type.Object({ token: Type.String() }),
          response: { 302: { description: 'To the sandbox confirmation page.', type: 'null' }, 404: htmlResponse('The "not found" page.') },
        },
      },
      async (request, reply) => {
        const unreadable = request.validationError || hasUnstorableString(request.params);
        const row = unreadable ? undefined : await findPaymentByConfirmToken(deps.db, request.params.token);
        if (!row || row.environment !== 'sandbox') return sendPageOf(reply, 404, notFoundPage(pageLocale(request.headers['accept-language'])));
        return reply.redirect(sandboxConfirmUrl(deps.config.baseUrl, row.id, request.params.token), 302);
      },
    );

    scope.get(
      '/pay/sandbox/confirm/:paymentID',
      pageOptions('Sandbox confirmation page', "A sandbox charge's sandboxConfirmUrl: shows the charge and, while it is pending, a button that confirms it."),
      async (request, reply) => {
        const row = await linkedPayment(request.params, request.query, Boolean(request.validationError));
        if (!row) return sendPageOf(reply, 404, notFoundPage(pageLocale(request.headers['accept-language'])));
        return sendPageOf(reply, 200, pageOf(row, request.url, pageLocale(request.headers['accept-language'])));
      },
    );

    scope.post(
      '/pay/sandbox/confirm/:paymentID',
      {
        ...pageOptions('Confirm a sandbox charge (the page\'s button)', 'Confirms the pending charge without real money. Pressing again shows it confirmed. No Idempotency-Key: the link names one charge and confirming twice changes nothing.'),
        config: { auth: 'none' as const, page: true, idempotency: 'exempt' as const, keylessCost: { cost: 'write' as const } },
      },
      async (request, reply) => {
        const row = await linkedPayment(request.params, request.query, Boolean(request.validationError));
        if (!row) return sendPageOf(reply, 404, notFoundPage(pageLocale(request.headers['accept-language'])));
        try {
          await deps.db.transaction().execute((tx) => confirmByLink(tx, row, deps.clock.now(), deps.config.baseUrl));
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 409) throw error;
          // The API's message is English: the page says why in its own words (the charge's state).
          const page = pageOf(row, request.url, pageLocale(request.headers['accept-language']));
          return sendPageOf(reply, 409, { ...page, action: undefined, notice: row.status === 'pending' ? SANDBOX_PAGE_TEXT[page.lang].notConfirmable : page.notice, tone: 'bad' });
        }
        const after = (await findPaymentById(deps.db, row.id))!;
        return sendPageOf(reply, 200, pageOf(after, request.url, pageLocale(request.headers['accept-language'])));
      },
    );

    scope.post(
      '/pay/sandbox/cards/:paymentID',
      {
        config: { auth: 'none', keylessCost: { cost: 'write' } },
        schema: {
          tags,
          summary: 'Pay a sandbox card charge with a test card',
          description:
            'No key: the charge\'s clientSecret is the credential. 4242 4242 4242 4242 pays; the decline cards of the docs fail the charge with their ' +
            'failureCode (the answer is 200 with status failed). A malformed number, CVC or date, or a card that is not a test card, answers 422 and the charge stays pending.',
          params: Type.Object({ paymentID: Type.String({ format: 'uuid' }) }),
          body: Type.Object(
            {
              clientSecret: Type.String({ minLength: 1, maxLength: 200 }),
              holderName: Type.Optional(
                Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'The name on the card, as a processor asks for it; the sandbox checks only that it is not blank.' }),
              ),
              number: Type.String({ minLength: 1, maxLength: 32 }),
              expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
              expYear: Type.Integer({ minimum: 2000, maximum: 9999 }),
              cvc: Type.String({ minLength: 3, maxLength: 4 }),
            },
            { additionalProperties: false },
          ),
          response: { 200: SandboxResult, ...errorResponses(404, 409, 422) },
        },
      },
      async (request, reply) =>
        deps.idempotency.run(request, reply, 200, (tx) => payWithTestCard(tx, request.params.paymentID, request.body, deps.clock.now(), deps.config.baseUrl)),
    );

    scope.post(
      '/pay/sandbox/crypto/:paymentID',
      {
        config: { auth: 'none', keylessCost: { cost: 'write' } },
        schema: {
          tags,
          summary: 'Pay a sandbox crypto charge as the test wallet',
          description: 'No key: the charge\'s single-use chargeToken is the credential. Confirms the charge; a spent token answers 409.',
          params: Type.Object({ paymentID: Type.String({ format: 'uuid' }) }),
          body: Type.Object({ chargeToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
          response: { 200: SandboxResult, ...errorResponses(404, 409, 422) },
        },
      },
      async (request, reply) =>
        deps.idempotency.run(request, reply, 200, (tx) => payWithTestWallet(tx, request.params.paymentID, request.body.chargeToken, deps.clock.now(), deps.config.baseUrl)),
    );
  });

  async function linkedPayment(params: { paymentID: string }, query: { token?: string }, invalid: boolean): Promise<PaymentRow | null> {
    if (invalid || hasUnstorableString(params) || hasUnstorableString(query)) return null;
    return findByConfirmToken(deps.db, params.paymentID, query.token);
  }
}

function pageOf(row: PaymentRow, url: string, lang: PageLocale): SandboxPage {
  const t = SANDBOX_PAGE_TEXT[lang];
  const status = t.statuses[row.status] ?? row.status;
  const payment = { id: row.id, amount: formatAmount(row.amount, row.currency, lang), method: t.methods[row.method] ?? row.method, status };
  switch (row.status) {
    case 'pending':
      return { lang, title: t.pending, payment, action: url };
    case 'confirmed':
      return { lang, title: t.confirmed, payment, notice: t.confirmedText, tone: 'ok' };
    case 'refunded':
      return { lang, title: t.refunded, payment, notice: t.refundedText, tone: 'ok' };
    default:
      // The failure code (card_declined, ...) is a code, shown as it is.
      return { lang, title: t.cannotPay, payment, notice: t.isNow(status, row.failure_code), tone: 'bad' };
  }
}

function sendPageOf(reply: FastifyReply, status: number, page: SandboxPage): FastifyReply {
  return sendPage(reply, status, renderSandboxPage(page));
}
