// The door of modules/catalog: the only file other areas import (docs/ARCHITECTURE.md).
export { registerMeterRoutes } from './meter-routes.ts';
export { findAccountLinkOffer } from './payment-links/repository.ts';
export { registerPaymentLinkRoutes } from './payment-links/routes.ts';
export { type PriceSpec } from './pricing.ts';
export { findDefaultVersion, findProduct } from './repository.ts';
export { registerCatalogRoutes } from './routes.ts';
export { Price, PriceInput as PriceInputSchema } from './schemas.ts';
export {
  findDefaultVersionPricesByKey,
  findMeterOrThrow,
  findMetersByKeys,
  findProductByKey,
  findProductOrThrow,
  findVersionById,
  getVersionPrices,
  moneyErrors,
  pricesByOwner,
  pricesOnWire,
  resolvePriceInputs,
  resolvePublishedVersion,
  savePrices,
  type PriceInput,
  type PriceView,
} from './service.ts';
export {
  type Aggregation,
  type CatalogTables,
  type MeterRow,
  type ProductRow,
  type ProductVersionRow,
} from './tables.ts';
