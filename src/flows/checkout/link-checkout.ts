// The payment-link checkout's use cases (no key: the link's address is public by design).
//   openPaymentLink(ex, slug, linkId, clock)   what the page shows: the product, its version's price,
//       the account's branding and the methods it accepts; null when the link cannot be sold here
//   checkoutPaymentLink(tx, offer, input)      the form's action: the payer found by email within the
//       link's account and environment, or created; a finalized one-off invoice (one_time products)
//       or a subscription with its first, finalized invoice (subscription and prepaid products);
//       the link's successUrl / cancelUrl on the invoice; `checkout.completed` with the address
// Invariants: a link is found only inside the account its slug names (another account's link, an
// inactive link, an archived version or product, a suspended account: null, the page's 404); the
// answer holds the hosted invoice page's address and amounts only, never another payer's data or
// an account id. Everything commits in the caller's transaction, with the idempotency record.
import type { Environment, UseCaseContext } from '../../core/context.ts';
import { AppError, validationError, type FieldError } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { lineAmount } from '../../core/invoice-arithmetic.ts';
import { Money } from '../../core/money.ts';
import type { Clock } from '../../core/clock.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { findPublicAccount } from '../../modules/accounts/index.ts';
import { createCustomer, listCustomers, normaliseDocument, type PostalAddress } from '../../modules/customers/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import {
  createOneOffInvoice,
  finalizeInvoice,
  findNewestSubscriptionInvoiceId,
  loadInvoiceView,
  setInvoiceReturnUrls,
  type InvoiceView,
} from '../../modules/invoices/index.ts';
import { findAccountLinkOffer } from '../../modules/catalog/index.ts';
import { payOptionsFor, type PaymentMethod } from '../../modules/payments/index.ts';
import { createSubscription } from '../subscriptions/index.ts';
import { keylessContext } from './pay.ts';

export interface PaymentLinkOffer {
  ctx: UseCaseContext;
  slug: string;
  linkId: string;
  account: { name: string; cnpj: string | null; logoUrl: string | null; supportEmail: string | null; termsUrl: string | null };
  environment: Environment;
  product: { id: string; name: string; description: string; imageUrl: string | null; requiresShipping: boolean; pricingModel: string };
  versionId: string;
  /** `one_time`: a one-off invoice; `subscription`: a subscription billed each `billingCycle`. */
  kind: 'one_time' | 'subscription';
  billingCycle: string | null;
  currency: string;
  quantity: string;
  unitPrice: string;
  /** What the buyer pays now: unit price x quantity, rounded to the currency (one cycle for subscriptions). */
  amount: string;
  paymentMethods: PaymentMethod[];
  successUrl: string | null;
  cancelUrl: string | null;
}

/**
 * The offer behind `/pay/{slug}/{linkID}`, or null for anything that is not a live link of this
 * account: wrong slug, malformed id, another account's link, an inactive link, an unpublished
 * version, an inactive product, a usage-only product (nothing to pay up front) or a suspended account.
 */
export async function openPaymentLink(ex: Executor, slug: string, linkId: string, clock: Clock, baseUrl: string): Promise<PaymentLinkOffer | null> {
  if (!isUuid(linkId)) return null;
  const account = await findPublicAccount(ex, slug);
  if (!account?.active) return null;
  const found = await findAccountLinkOffer(ex, account.id, linkId.toLowerCase());
  if (!found) return null;
  const { link, product, version } = found;
  if (!link.active || version.status !== 'published' || product.status !== 'active' || version.base_price === null) return null;
  const kind = product.pricing_model === 'one_time' ? 'one_time' : product.pricing_model === 'subscription' || product.pricing_model === 'prepaid' ? 'subscription' : null;
  if (kind === null) return null;
  const quantity = kind === 'one_time' ? new Money(link.quantity).toFixed() : '1';
  const unitPrice = new Money(version.base_price).toFixed();
  const environment = link.environment;
  return {
    ctx: await keylessContext(ex, { accountId: account.id, environment }, clock.now(), baseUrl),
    slug: account.slug,
    linkId: link.id,
    account: { name: account.name, cnpj: account.cnpj, logoUrl: account.logoUrl, supportEmail: account.supportEmail, termsUrl: account.termsUrl },
    environment,
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      imageUrl: product.image_url,
      requiresShipping: product.requires_shipping,
      pricingModel: product.pricing_model,
    },
    versionId: version.id,
    kind,
    billingCycle: kind === 'subscription' ? version.billing_cycle : null,
    currency: product.currency,
    quantity,
    unitPrice,
    // The amount the invoice's line will have.
    amount: lineAmount({ quantity, unitPrice }, product.currency),
    paymentMethods: (await payOptionsFor(ex, { accountId: account.id, environment }, product.currency)).methods,
    successUrl: link.success_url,
    cancelUrl: link.cancel_url,
  };
}

export interface PaymentLinkCheckoutInput {
  payer: { name: string; email: string; document?: string };
  address?: PostalAddress;
  couponCode?: string;
  paymentMethod?: PaymentMethod;
}

export interface PaymentLinkCheckoutResult {
  invoiceId: string;
  invoiceNumber: string | null;
  status: string;
  currency: string;
  total: string;
  amountDue: string;
  /** The hosted invoice page, where the buyer pays (its token is this invoice's only credential). */
  invoiceUrl: string;
  subscriptionId: string | null;
  /** The method the buyer said they prefer, when it is one the account accepts. */
  preferredMethod: PaymentMethod | null;
}

function validate(offer: PaymentLinkOffer, input: PaymentLinkCheckoutInput): FieldError[] {
  const errors: FieldError[] = [];
  const document = input.payer.document?.trim();
  if (!document && offer.currency === 'BRL') errors.push({ field: 'payer.document', value: '', constraint: 'required', description: 'is required: the CPF or CNPJ of the payer' });
  if (document) {
    try {
      normaliseDocument(document, 'payer.document');
    } catch (error) {
      if (!(error instanceof AppError) || !error.details?.errors) throw error;
      errors.push(...(error.details.errors as FieldError[]));
    }
  }
  if (offer.product.requiresShipping && !input.address) errors.push({ field: 'address', value: '', constraint: 'required', description: 'is required: this product is shipped' });
  if (!offer.product.requiresShipping && input.address) errors.push({ field: 'address', value: '', constraint: 'not_asked', description: 'is not taken: this product is not shipped; leave it out' });
  if (input.paymentMethod !== undefined && !offer.paymentMethods.includes(input.paymentMethod)) {
    errors.push({ field: 'paymentMethod', value: input.paymentMethod, constraint: 'accepted', description: `is not accepted here; choose one of: ${offer.paymentMethods.join(', ') || 'none yet'}` });
  }
  return errors;
}

/** The payer's customer in the link's account and environment: the newest with this email, or a new one. */
async function findOrCreatePayer(tx: Tx, ctx: UseCaseContext, payer: PaymentLinkCheckoutInput['payer']): Promise<string> {
  const { items } = await listCustomers(tx, ctx, { email: payer.email }, { limit: 1, afterId: null });
  if (items[0]) return items[0].id;
  const document = payer.document?.trim();
  const created = await createCustomer(tx, ctx, { name: payer.name, email: payer.email, ...(document && { document }) });
  return created.id;
}

export async function checkoutPaymentLink(tx: Tx, offer: PaymentLinkOffer, input: PaymentLinkCheckoutInput): Promise<PaymentLinkCheckoutResult> {
  const errors = validate(offer, input);
  if (errors.length > 0) throw validationError(errors);
  const { ctx } = offer;
  const customerId = await findOrCreatePayer(tx, ctx, input.payer);
  const coupon = input.couponCode?.trim() || undefined;
  let invoice: InvoiceView;
  let subscriptionId: string | null = null;
  if (offer.kind === 'one_time') {
    const draft = await createOneOffInvoice(tx, ctx, {
      customerId,
      currency: offer.currency,
      lineItems: [{ description: offer.product.name, quantity: offer.quantity, unitPrice: offer.unitPrice, productId: offer.product.id }],
      ...(offer.successUrl !== null && { successUrl: offer.successUrl }),
      ...(offer.cancelUrl !== null && { cancelUrl: offer.cancelUrl }),
      ...(coupon !== undefined && { couponCode: coupon }),
    });
    invoice = await finalizeInvoice(tx, ctx, draft.id);
  } else {
    // Billed in advance and sent as an invoice: the first period's invoice is made and finalized with it.
    const subscription = await createSubscription(tx, ctx, {
      customerId,
      productVersionId: offer.versionId,
      collectionMethod: 'send_invoice',
      billingMode: 'advance',
      ...(coupon !== undefined && { couponCode: coupon }),
    });
    subscriptionId = subscription.id;
    const invoiceId = await findNewestSubscriptionInvoiceId(tx, ctx.tenant, subscription.id);
    if (!invoiceId) throw new AppError('conflict', 'The subscription was made but has no invoice to pay yet.');
    if (offer.successUrl !== null || offer.cancelUrl !== null) await setInvoiceReturnUrls(tx, ctx.tenant, invoiceId, offer);
    invoice = await loadInvoiceView(tx, ctx, invoiceId);
  }
  const result: PaymentLinkCheckoutResult = {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    amountDue: invoice.amountDue,
    invoiceUrl: invoice.invoiceUrl,
    subscriptionId,
    preferredMethod: input.paymentMethod ?? null,
  };
  await recordEvent(tx, ctx, 'checkout.completed', {
    paymentLinkId: offer.linkId,
    productId: offer.product.id,
    productVersionId: offer.versionId,
    customerId,
    invoiceId: invoice.id,
    subscriptionId,
    currency: invoice.currency,
    total: invoice.total,
    address: input.address ?? null,
    preferredMethod: result.preferredMethod,
    couponCode: coupon ?? null,
  });
  return result;
}
