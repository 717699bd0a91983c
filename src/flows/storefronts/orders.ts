// Public shop use cases (no key): what a shop shows, and the order its cart places. Invariants: a
// shop is public only while it and its account are active (otherwise it does not exist: 404);
// an order sells only what the shop lists, at the default version's price, with shipping as a
// line; its customer (found by email within the shop's account, or created), finalized invoice,
// order row and events commit in the caller's transaction, with the idempotency record.
import type { UseCaseContext } from '../../core/context.ts';
import { notFound, validationError, type FieldError } from '../../core/errors.ts';
import { lineText } from '../../core/invoice-line.text.ts';
import { formatDecimal } from '../../core/money.ts';
import { newId } from '../../core/ids.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { contextAsOfClock, getTenant, localeFor } from '../../modules/accounts/index.ts';
import { findCustomerByEmail, createCustomer, normaliseDocument, type PostalAddress } from '../../modules/customers/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { createOneOffInvoice, finalizeInvoice } from '../../modules/invoices/index.ts';
import type { ObjectStore } from '../../modules/storage/index.ts';
import * as repo from './repository.ts';
import { loadShopProducts, toStorefrontView, type ShopProduct } from './service.ts';
import type { StorefrontOrderRow, StorefrontRow } from './tables.ts';

export interface PublicShop {
  slug: string;
  name: string;
  description: string | null;
  theme: StorefrontRow['theme'];
  fulfillmentMode: StorefrontRow['fulfillment_mode'];
  requireAddress: boolean;
  pickupNote: string | null;
  shippingFlatAmount: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  currency: string | null;
  products: ShopProduct[];
}

export interface OrderInput {
  items: Array<{ productId: string; quantity: number }>;
  payer: { name: string; email: string; document?: string };
  fulfillment: { mode: 'pickup' | 'shipping'; address?: PostalAddress };
  couponCode?: string;
}

export interface OrderView {
  id: string;
  items: Array<{ productId: string; name: string; quantity: number; unitPrice: string; amount: string }>;
  fulfillment: { mode: 'pickup' | 'shipping'; address: PostalAddress | null };
  currency: string;
  total: string;
  invoice: { id: string; invoiceNumber: string | null; status: string; total: string; amountDue: string };
  checkoutUrl: string;
  createdAt: Date;
}

/** Who sells in a shop, as its page shows them: the account's name, CNPJ (when set) and support email. */
export interface ShopSeller {
  name: string;
  cnpj: string | null;
  supportEmail: string | null;
}

/** The active shop of a slug, the context of its account and its seller, or a 404 `storefront`. */
export async function openShop(ex: Executor, slug: string, now: Date, baseUrl: string): Promise<{ shop: StorefrontRow; ctx: UseCaseContext; seller: ShopSeller }> {
  const shop = await repo.findStorefrontBySlug(ex, slug);
  if (!shop || shop.status !== 'active') throw notFound('storefront');
  // A buyer's order is billed on the seller's time: a sandbox test clock when one is set.
  const ctx = await contextAsOfClock(ex, { accountId: shop.account_id, environment: shop.environment }, now, baseUrl);
  const account = await getTenant(ex, ctx);
  if (account.status !== 'active') throw notFound('storefront');
  // Read once here: the order's invoice views take their links' slug from it.
  const seller = { name: account.name, cnpj: account.cnpj, supportEmail: account.supportEmail };
  return { shop, ctx: { ...ctx, knownAccount: { id: account.id, slug: account.slug } }, seller };
}

/**
 * A shop as its buyers would see it, for its seller's preview: found by id within the seller's
 * account and environment, whatever its status (a disabled shop is previewed before it opens).
 */
export async function openShopPreview(ex: Executor, ctx: UseCaseContext, id: string): Promise<{ shop: StorefrontRow; seller: ShopSeller }> {
  const shop = await repo.findStorefront(ex, ctx.tenant, id);
  if (!shop) throw notFound('storefront');
  const account = await getTenant(ex, ctx);
  return { shop, seller: { name: account.name, cnpj: account.cnpj, supportEmail: account.supportEmail } };
}

export async function presentShop(ex: Executor, ctx: UseCaseContext, shop: StorefrontRow, store: ObjectStore): Promise<PublicShop> {
  const view = await toStorefrontView(ex, ctx, shop, store);
  // A product unpublished or changed after the shop was saved is left out, not an error for the buyer.
  const products: ShopProduct[] = [];
  for (const id of shop.product_ids) {
    try {
      products.push(...(await loadShopProducts(ex, ctx, [id])));
    } catch {
      continue;
    }
  }
  return {
    slug: view.slug,
    name: view.name,
    description: view.description,
    theme: view.theme,
    fulfillmentMode: view.fulfillmentMode,
    requireAddress: view.requireAddress,
    pickupNote: view.pickupNote,
    shippingFlatAmount: view.shippingFlatAmount,
    logoUrl: view.logoUrl,
    bannerUrl: view.bannerUrl,
    currency: products[0]?.currency ?? null,
    products,
  };
}

function validateOrder(shop: StorefrontRow, input: OrderInput): FieldError[] {
  const errors: FieldError[] = [];
  const listed = new Set(shop.product_ids);
  const seen = new Set<string>();
  input.items.forEach((item, i) => {
    if (!listed.has(item.productId)) errors.push({ field: `items[${i}].productId`, value: item.productId, constraint: 'in_shop', description: 'is not sold by this shop' });
    else if (seen.has(item.productId)) errors.push({ field: `items[${i}].productId`, value: item.productId, constraint: 'unique', description: 'is in the cart twice; send one item with the total quantity' });
    seen.add(item.productId);
  });
  const { mode, address } = input.fulfillment;
  if (shop.fulfillment_mode !== 'both' && mode !== shop.fulfillment_mode) {
    errors.push({ field: 'fulfillment.mode', value: mode, constraint: 'offered', description: `this shop offers ${shop.fulfillment_mode} only` });
  }
  const asksAddress = mode === 'shipping' || shop.require_address;
  if (asksAddress && !address) errors.push({ field: 'fulfillment.address', value: '', constraint: 'required', description: mode === 'shipping' ? 'is required for shipping' : 'is required by this shop' });
  if (!asksAddress && address) errors.push({ field: 'fulfillment.address', value: '', constraint: 'not_asked', description: 'is not taken for pickup at this shop; leave it out' });
  return errors;
}

async function findOrCreatePayer(tx: Tx, ctx: UseCaseContext, payer: OrderInput['payer']): Promise<string> {
  const existing = await findCustomerByEmail(tx, ctx.tenant, payer.email);
  if (existing) return existing.id;
  const created = await createCustomer(tx, ctx, { name: payer.name, email: payer.email, ...(payer.document !== undefined && { document: payer.document }) });
  return created.id;
}

export async function placeOrder(tx: Tx, shop: StorefrontRow, ctx: UseCaseContext, input: OrderInput): Promise<OrderView> {
  const errors = validateOrder(shop, input);
  if (errors.length > 0) throw validationError(errors);
  if (input.payer.document !== undefined) normaliseDocument(input.payer.document, 'payer.document');
  const products = new Map((await loadShopProducts(tx, ctx, input.items.map((item) => item.productId), 'items')).map((p) => [p.id, p]));
  const currency = [...products.values()][0]!.currency;
  const customerId = await findOrCreatePayer(tx, ctx, input.payer);
  const lineItems: Array<{ description: string; quantity: string; unitPrice: string; productId?: string }> = input.items.map((item) => {
    const product = products.get(item.productId)!;
    return { description: product.name, quantity: String(item.quantity), unitPrice: product.unitPrice, productId: product.id };
  });
  // Shipping is a line when the buyer has it shipped and the shop set an amount (null: arranged separately).
  const shipping = input.fulfillment.mode === 'shipping' ? shop.shipping_flat_amount : null;
  if (shipping !== null) lineItems.push({ description: lineText(await localeFor(tx, ctx.tenant.accountId, currency)).shipping, quantity: '1', unitPrice: formatDecimal(shipping) });
  // The payer and the products were read above, in this transaction: the invoice does not read them again.
  const draft = await createOneOffInvoice(
    tx,
    ctx,
    { customerId, currency, lineItems, ...(input.couponCode !== undefined && { couponCode: input.couponCode }) },
    { payerId: customerId, productIds: [...products.keys()] },
  );
  const invoice = await finalizeInvoice(tx, ctx, draft.id);
  const row: StorefrontOrderRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    storefront_id: shop.id,
    customer_id: customerId,
    invoice_id: invoice.id,
    items: input.items.map(({ productId, quantity }) => ({ productId, quantity })),
    fulfillment_mode: input.fulfillment.mode,
    address: input.fulfillment.address ?? null,
    created_at: ctx.now,
  };
  await repo.insertOrder(tx, row);
  const view: OrderView = {
    id: row.id,
    items: input.items.map((item, i) => ({
      productId: item.productId,
      name: products.get(item.productId)!.name,
      quantity: item.quantity,
      unitPrice: products.get(item.productId)!.unitPrice,
      amount: invoice.lineItems[i]!.amount,
    })),
    fulfillment: { mode: row.fulfillment_mode, address: row.address },
    currency,
    total: invoice.total,
    invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status, total: invoice.total, amountDue: invoice.amountDue },
    checkoutUrl: invoice.invoiceUrl,
    createdAt: row.created_at,
  };
  await recordEvent(tx, ctx, 'storefront.order_created', { ...view, storefrontId: shop.id, customerId });
  return view;
}
