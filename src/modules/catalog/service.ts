// The catalog as other areas see it: products, versions, usage prices, meters, payment links.
// Modules import only this file. Lookups take a Tenant and answer 404 (AppError not_found) or
// undefined for ids of another account or environment, exactly as for unknown ids.
//
// Products
//   findProductOrThrow(ex, tenant, id, forUpdate?)       ProductRow, or 404 `product`
//   getProduct(ex, ctx, id) / toProductView(row)         the API view
//   findProductByKey(ex, tenant, key)                    ProductView | undefined (Rail: ?product=KEY)
//   resolvePublishedVersion(ex, tenant, productId, versionId?, field?)
//       the version a sale or an enrollment uses: the named published version (422 naming `field`
//       otherwise) or the default one (422 `no_default_version`); {product, version} rows
// Versions
//   findVersionById(ex, tenant, versionId)               ProductVersionRow | undefined
//   findVersionOrThrow(ex, tenant, productId, versionId) ProductVersionRow, or 404 `product_version`
//   getVersionPrices(ex, tenant, versionId)              PriceView[] in list order
//   findDefaultVersionPricesByKey(ex, tenant, key)       {product, version | null, prices} of a product key, one query (Rail)
//   toVersionView(row, currency, prices)                 the API view
//   moneyErrors(field, amount, currency)                 FieldError[] of a money amount: negative, or finer than
//                                                        the currency's minor unit (constraint currency_precision)
// Prices (rate cards reuse exactly the version rules)
//   resolvePriceInputs(ex, tenant, inputs, field?)       validates price inputs, resolves meter keys; one
//                                                        validation error naming e.g. `prices[1].meter`
//   savePrices(ex, tenant, {versionId}|{rateCardId}, resolved, now)  stores them, returns PriceView[]
//   pricesByOwner(ex, tenant, {versionIds}|{rateCardIds})            Map owner id -> PriceView[] (one query)
//   priceAmount(price, quantity)                         pure: the unrounded amount of a quantity (pricing.ts)
// Meters
//   findMeterOrThrow(ex, tenant, id) / findMeterByKey(ex, tenant, key)
//   findMetersByKeys(ex, tenant, keys)                   MeterRow[] in one query (usage ingestion)
export {
  createProduct,
  type CreateProductInput,
  type CreateProductResult,
} from './create-product.ts';
export {
  findProductByKey,
  findProductOrThrow,
  getProduct,
  listProducts,
  resolvePublishedVersion,
  toProductView,
  updateProduct,
  type ProductPatch,
  type ProductView,
} from './products.ts';
export {
  archiveVersion,
  createVersion,
  findDefaultVersionPricesByKey,
  findVersionById,
  findVersionOrThrow,
  getVersion,
  getVersionPrices,
  listVersions,
  moneyErrors,
  publishVersion,
  toVersionView,
  updateVersion,
  type VersionInput,
  type VersionView,
} from './versions.ts';
export { pricesByOwner, pricesOnWire, resolvePriceInputs, savePrices, type PriceInput, type PriceView, type ResolvedPrice } from './prices.ts';
export { inferModel, priceAmount, validatePriceShape, type PriceSpec } from './pricing.ts';
export {
  createMeter,
  findMeterByKey,
  findMeterOrThrow,
  findMetersByKeys,
  getMeter,
  listMeters,
  updateMeter,
  type CreateMeterInput,
  type MeterPatch,
  type MeterView,
} from './meters.ts';
export {
  createPaymentLink,
  getPaymentLink,
  listPaymentLinks,
  updatePaymentLink,
  type CreatePaymentLinkInput,
  type LinkUrls,
  type PaymentLinkView,
} from './payment-links/links.ts';
export type { Aggregation, BillingCycle, Grant, MeterRow, PriceModel, PriceTier, PricingModel, ProductRow, ProductVersionRow } from './tables.ts';
