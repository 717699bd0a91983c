// Hosted pages for the payer's browser under /pay, and the JSON actions behind the hosted invoice
// page. No API key: the link is the credential. Security headers of the page: http/pages.ts (its
// own encapsulated scope; the JSON actions keep the API's headers).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { allowPageSources, htmlResponse, registerPageSecurity, sendPage } from '../../http/pages.ts';
import { DateTime, errorResponses, Nullable } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { runStaged } from '../../http/idempotency-staged.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { InvoiceStatusSchema as InvoiceStatus } from '../../modules/invoices/index.ts';
import { inFlightTakeoverMs, PaymentMethodSchema, PaymentStatusSchema, paymentSchemas } from '../../modules/payments/index.ts';
import { cardLibraryOf } from './card-libraries.ts';
import { findHostedInvoice } from './hosted-invoice.ts';
import { PAGE_STYLE_HASH, renderInvoicePage, renderNotFoundPage } from './invoice-page.ts';
import { pageLocale } from '../../http/page-locale.ts';
import { hostedInvoiceStatus, releaseHostedPayment, reserveHostedPayment, resumeHostedPayment, sendHostedPayment, type CheckoutPayment, type HostedReservation } from './pay.ts';

const tags = ['checkout'];
const InvoiceLinkParams = Type.Object({ slug: Type.String({ maxLength: 200 }), invoiceID: Type.String({ maxLength: 100 }) });
const Token = Type.String({ minLength: 1, maxLength: 200, description: "The access token of the invoice's link (the `token` of its invoiceUrl)." });

const CheckoutPayment = Type.Object(
  {
    paymentId: Type.String({ format: 'uuid' }),
    method: PaymentMethodSchema,
    status: PaymentStatusSchema,
    amount: Type.String({ description: 'Decimal string.' }),
    currency: Type.String(),
    failureCode: Nullable(Type.String()),
    createdAt: DateTime(),
    pixPayload: Type.Optional(Type.String({ description: 'Pending Pix: the copy-and-paste code.' })),
    pixQrImage: Type.Optional(Type.String({ description: 'Pending Pix: the QR as a base64 PNG (the status poll: with images=true only).' })),
    pixExpiresAt: Type.Optional(Nullable(DateTime())),
    boletoLine: Type.Optional(Type.String({ description: 'Pending boleto: the digitable line (47 digits).' })),
    boletoBarcodeImage: Type.Optional(Type.String({ description: 'Pending boleto: the ITF barcode as a base64 PNG (the status poll: with images=true only).' })),
    boletoDueDate: Type.Optional(DateTime()),
    boletoUrl: Type.Optional(Type.String({ description: 'Pending boleto: the printable boleto page.' })),
    network: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('test')])),
    settlementAsset: Type.Optional(Type.Literal('USDC')),
    settlementNetwork: Type.Optional(Type.Union([Type.Literal('base'), Type.Literal('solana')])),
    sandboxConfirmUrl: Type.Optional(Type.String({ description: 'Sandbox, pending: the page whose button confirms the charge.' })),
    clientSecret: Type.Optional(Type.String({ description: 'Card, creation answer only: the credential of POST /pay/sandbox/cards/{paymentID}.' })),
    chargeToken: Type.Optional(Type.String({ description: 'Crypto, creation answer only: the single-use token of the payment widget.' })),
    nextAction: Type.Optional({
      ...paymentSchemas.PaymentNextAction,
      description: "Live card, creation answer only: what the connected processor's browser library needs to complete the charge (the API's nextAction).",
    }),
  },
  { description: "A charge of the hosted invoice, as the buyer's page shows it." },
);

const CheckoutStatus = Type.Object(
  {
    invoiceStatus: InvoiceStatus,
    amountDue: Type.String({ description: 'Decimal string.' }),
    currency: Type.String(),
    payment: Nullable(CheckoutPayment),
    successUrl: Nullable(Type.String({ description: "Paid invoices: the invoice's successUrl when it is https (or http on localhost in sandbox); else null and the page shows its receipt." })),
  },
  { description: 'What the hosted invoice page polls.' },
);

export function registerCheckoutRoutes(app: App, deps: AppDeps): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await registerPageSecurity(scope, { styles: [PAGE_STYLE_HASH], scripts: true, images: 'data:' });

    scope.get(
      '/pay/:slug/invoices/:invoiceID',
      {
        // page: a malformed id or token, or one the database cannot hold, is a page that does not
        // exist, not a JSON validation error.
        config: { auth: 'none', page: true, keylessCost: { cost: 'page', seller: 'account' } },
        attachValidation: true,
        schema: {
          tags,
          summary: 'Hosted invoice page (HTML)',
          description:
            "The invoice's `invoiceUrl`, for the customer: the seller's name and support email, the invoice's number, status, dates, " +
            'lines and amounts; an open invoice can be paid there by the methods the account accepts (its script calls ' +
            '`POST /pay/{slug}/invoices/{invoiceID}/payments` and polls `GET /pay/{slug}/invoices/{invoiceID}/status`); a paid one shows ' +
            'its receipt with the download links of its deliverables. Portuguese (pt-BR) by default, English when Accept-Language prefers it. ' +
            'No key: the link is the credential. A wrong slug, id or token, or a draft, answers a 404 HTML page.',
          params: Type.Object({ slug: Type.String(), invoiceID: Type.String() }),
          querystring: Type.Object({
            token: Type.Optional(Type.String({ description: 'The access token of the invoice link.' })),
            method: Type.Optional(
              Type.String({ description: "The method the page starts at once (pix, boleto, card, crypto; the payment link's form sets it). Anything else is ignored." }),
            ),
          }),
          response: { 200: htmlResponse('The invoice page.'), 404: htmlResponse('The "invoice not found" page.') },
        },
      },
      async (request, reply) => {
        const locale = pageLocale(request.headers['accept-language']);
        const { slug, invoiceID } = request.params;
        const unreadable = request.validationError || hasUnstorableString(request.params) || hasUnstorableString(request.query);
        const invoice = unreadable ? null : await findHostedInvoice(deps.db, { slug, invoiceId: invoiceID, token: request.query.token });
        reply.header('content-language', locale).header('vary', 'accept-language');
        if (!invoice) return sendPage(reply, 404, renderNotFoundPage(locale));
        // A live card form loads its processor's library: exactly its origins join the policy.
        const library = invoice.methods.includes('card') ? cardLibraryOf(invoice.cardForm) : null;
        if (library) allowPageSources(reply, library.csp);
        return sendPage(reply, 200, renderInvoicePage(invoice, locale, reply.cspNonce.script));
      },
    );
  });

  app.post(
    '/pay/:slug/invoices/:invoiceID/payments',
    {
      config: { auth: 'none', resource: 'invoice', keylessCost: { cost: 'write', seller: 'account' } },
      schema: {
        tags,
        summary: 'Pay a hosted invoice (the page\'s pay and "pay another way" action)',
        description:
          "No key: the invoice link's token is the credential; a wrong slug, id or token, or another account's invoice, answers 404 `invoice`. " +
          "Creates a charge of the open invoice's amountDue by `method` through the payments service; a pending charge of the invoice fails " +
          'as `superseded` (this is how the buyer switches method). The answer carries what the page shows for the method (Pix QR and code, ' +
          'boleto line and barcode, crypto widget data) and, on this answer only, the card `clientSecret` or crypto `chargeToken`. ' +
          'Only an open invoice: otherwise 409 `invoice_not_payable` saying why (not issued yet, already paid, cancelled). A method the ' +
          'account does not accept for this invoice: 422 naming `method` (Pix and boleto are for BRL invoices). No payment provider ' +
          'connected (production): 409 `provider_not_configured`. Takes an Idempotency-Key: a retry or a double click pays once.',
        params: InvoiceLinkParams,
        body: Type.Object({ token: Token, method: PaymentMethodSchema }, { additionalProperties: false }),
        response: { 201: CheckoutPayment, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const link = { slug: request.params.slug, invoiceId: request.params.invoiceID, token: request.body.token };
      const now = deps.clock.now();
      // A live charge's processor is called with no transaction open (http/idempotency-staged.ts).
      return runStaged<CheckoutPayment, HostedReservation>(deps, request, reply, 201, {
        takeoverAfterMs: inFlightTakeoverMs(),
        reserve: (tx) => reserveHostedPayment(tx, link, request.body.method, now, deps.config.baseUrl, idempotencyKeyOf(request.headers)),
        resume: (tx, paymentId) => resumeHostedPayment(tx, link, paymentId, now, deps.config.baseUrl),
        send: sendHostedPayment,
        release: releaseHostedPayment,
      });
    },
  );

  app.get(
    '/pay/:slug/invoices/:invoiceID/status',
    {
      config: { auth: 'none', resource: 'invoice', keylessCost: { cost: 'light', seller: 'account' } },
      schema: {
        tags,
        summary: 'Status of a hosted invoice (what its page polls)',
        description:
          "No key: the invoice link's token is the credential; a wrong slug, id or token, another account's invoice, or a draft answers 404 " +
          "`invoice`. The invoice's status and amount due, its latest charge (a pending Pix or boleto with what the page shows for it), and " +
          "once paid the invoice's successUrl when the page may send the buyer there. The page polls it every 2 seconds; the charge's " +
          'images (`pixQrImage`, `boletoBarcodeImage`) only with `images=true`, which the page asks once, when it resumes a pending charge after a reload.',
        params: InvoiceLinkParams,
        querystring: Type.Object({
          token: Token,
          images: Type.Optional(Type.Boolean({ description: "true: the pending charge's QR or barcode image too (default false: the poll leaves them out)." })),
        }),
        response: { 200: CheckoutStatus, ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      hostedInvoiceStatus(deps.db, { slug: request.params.slug, invoiceId: request.params.invoiceID, token: request.query.token }, deps.clock.now(), deps.config.baseUrl, {
        images: request.query.images ?? false,
      }),
  );
}
