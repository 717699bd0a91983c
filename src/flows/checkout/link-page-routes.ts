// The payment link's checkout under /pay (no key: the link's address is public by design), in its
// own encapsulated scope: page security headers (http/pages.ts) with a script nonce per answer.
//   GET  /pay/{slug}/{linkID}            the checkout page (HTML); anything not sellable: a 404 page
//   POST /pay/{slug}/{linkID}/checkout   its action (JSON): payer, invoice (or subscription), invoiceUrl
// Rate limited per client address like every keyless route (http/rate-limit.ts); the action takes
// the Idempotency-Key the page's script makes, kept in the client address's key space because its
// answer holds the hosted invoice page's token.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../core/errors.ts';
import { htmlResponse, registerPageSecurity, sendPage } from '../../http/pages.ts';
import { errorResponses, Nullable, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { PaymentMethodSchema } from '../../modules/payments/index.ts';
import { Address } from '../../modules/customers/index.ts';
import { pageLocale } from '../../http/page-locale.ts';
import { checkoutPaymentLink, openPaymentLink } from './link-checkout.ts';
import { PAYMENT_LINK_STYLE_HASH, renderPaymentLinkNotFound, renderPaymentLinkPage } from './link-page.ts';

const tags = ['checkout'];

const LinkParams = Type.Object({ slug: Type.String(), linkID: Type.String() });

const CheckoutBody = Type.Object(
  {
    payer: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 200 }),
        email: Type.String({ format: 'email', maxLength: 254 }),
        document: Type.Optional(
          Type.String({ maxLength: 32, description: 'CPF or CNPJ, with or without punctuation; check digits are verified. Required when the product is priced in BRL.' }),
        ),
      },
      { additionalProperties: false },
    ),
    // Required when the product requiresShipping; refused otherwise (the use case says which, naming `address`).
    address: Type.Optional(Address),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A coupon of the account (GET /billing/coupons).' })),
    // The method the buyer prefers, one the account accepts; the hosted invoice page still lets them choose.
    paymentMethod: Type.Optional(PaymentMethodSchema),
  },
  { additionalProperties: false },
);

const CheckoutResult = Type.Object(
  {
    invoiceId: Uuid(),
    invoiceNumber: Nullable(Type.String()),
    status: Type.String({ description: '`open` (or `paid` when a coupon took the whole amount).' }),
    currency: Type.String(),
    total: Type.String(),
    amountDue: Type.String(),
    invoiceUrl: Type.String({ description: 'The hosted invoice page, where the buyer pays.' }),
    subscriptionId: Nullable(Uuid({ description: 'Set when the product is a subscription: the subscription made for the buyer.' })),
    preferredMethod: Nullable(PaymentMethodSchema),
  },
  { title: 'PaymentLinkCheckout' },
);

export function registerPaymentLinkCheckoutRoutes(app: App, deps: AppDeps): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Logos and product images are the seller's own addresses (https) or the service's.
    await registerPageSecurity(scope, { styles: [PAYMENT_LINK_STYLE_HASH], scripts: true, imageSources: ["'self'", 'https:'] });

    scope.get(
      '/pay/:slug/:linkID',
      {
        config: { auth: 'none', page: true, keylessCost: { cost: 'page', seller: 'account' } },
        attachValidation: true,
        schema: {
          tags,
          summary: 'Payment link checkout page (HTML)',
          description:
            "A payment link's `url`: the product, its price, the seller's branding (name, logo, support email, terms) and a payer form (name, email, " +
            'CPF or CNPJ, the address when the product requiresShipping, a preferred method among those the account accepts, a coupon code). Its ' +
            'script calls POST /pay/{slug}/{linkID}/checkout and opens the invoice page. Portuguese (pt-BR) by default, English when Accept-Language ' +
            "prefers it. A wrong slug, a malformed id, another account's link, an inactive link or an archived version answer a 404 page.",
          params: LinkParams,
          response: { 200: htmlResponse('The checkout page.'), 404: htmlResponse('The "payment link not found" page.') },
        },
      },
      async (request, reply) => {
        const locale = pageLocale(request.headers['accept-language']);
        const unreadable = request.validationError || hasUnstorableString(request.params);
        const offer = unreadable ? null : await openPaymentLink(deps.db, request.params.slug, request.params.linkID, deps.clock, deps.config.baseUrl);
        reply.header('content-language', locale).header('vary', 'accept-language');
        if (!offer) return sendPage(reply, 404, renderPaymentLinkNotFound(locale));
        return sendPage(reply, 200, renderPaymentLinkPage(offer, locale, reply.cspNonce.script));
      },
    );

    scope.post(
      '/pay/:slug/:linkID/checkout',
      {
        config: { auth: 'none', resource: 'payment_link', idempotencyPerAddress: true, keylessCost: { cost: 'write', seller: 'account' } },
        schema: {
          tags,
          summary: 'Check out a payment link',
          description:
            'The checkout page\'s action. No key; an Idempotency-Key (the page makes one per filled form) so a double click makes one invoice. ' +
            "Finds the payer by email within the link's account and environment, or creates them (name, email, CPF/CNPJ); makes and finalizes the " +
            "invoice (one line: the product at the link's version price and quantity, a discount line with a coupon), or for a subscription product the " +
            "subscription (billed in advance, sent as an invoice) and its first invoice; the link's successUrl and cancelUrl go on the invoice. " +
            'Answers with `invoiceUrl`, the hosted invoice page where the buyer pays, and records `checkout.completed` (with the address). ' +
            'A link that is not sellable answers 404 `payment_link`; a refused field 422 naming it (`payer.document`, `payer.email`, `address`, `couponCode`, ...).',
          params: LinkParams,
          body: CheckoutBody,
          response: { 201: CheckoutResult, ...errorResponses(404, 409, 422) },
        },
      },
      async (request, reply) => {
        if (hasUnstorableString(request.params)) throw notFound('payment_link');
        return deps.idempotency.run(request, reply, 201, async (tx) => {
          const offer = await openPaymentLink(tx, request.params.slug, request.params.linkID, deps.clock, deps.config.baseUrl);
          if (!offer) throw notFound('payment_link');
          return checkoutPaymentLink(tx, offer, request.body);
        });
      },
    );
  });
}
