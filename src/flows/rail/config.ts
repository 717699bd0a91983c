// GET /rail/config?product=KEY: the interface's Rail configuration, with the routes the product's
// published default version prices. Each per-unit meter price becomes one route whose price is
// unitPrice x 10^assetDecimals atomic units, exactly (decimal.js); a price that is not a whole
// number of atomic units (or finer than the receipts' USDC micro-units) is refused.
import type { Executor } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { currencyExponent, Money, wireMoney } from '../../core/money.ts';
import { findDefaultVersionPricesByKey, type PriceView, type ProductRow } from '../../modules/catalog/index.ts';
import { assetDomainOf, requireSettings, toSettingsView, type RailSettingsView } from './settings.ts';
import type { RailProviderDeps } from './providers.ts';
import { feePayerFor } from './supported.ts';
import type { RailSettingsRow } from './tables.ts';

/** The currency a Rail product must be priced in: its asset (USDC) settles dollars one to one. */
export const RAIL_CURRENCY = 'USD';
/** What each settled request's receipt (a paid invoice and its crypto payment) is in: the asset, to six decimals, so 0.001 is 0.001. */
export const RECEIPT_CURRENCY = 'USDC';
/** How long an agent's authorization may take to arrive (PaymentRequirements.maxTimeoutSeconds). */
export const MAX_TIMEOUT_SECONDS = 300;

export interface RailRoute {
  meter: string;
  meterId: string;
  priceId: string;
  description: string;
  unitPrice: string;
  currency: string;
  /** Atomic units of the asset. */
  amount: string;
}

export interface PaymentRequirementsV2 {
  scheme: 'exact';
  network: string;
  asset: string;
  amount: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

export type RailConfigView = Omit<RailSettingsView, 'assetDomain' | 'createdAt' | 'updatedAt'> & { outputSchema: Record<string, unknown> };

export interface ProductRoutes {
  product: Pick<ProductRow, 'id' | 'key' | 'name' | 'currency'>;
  routes: RailRoute[];
}

/** The product of a key with its routes, or the error the interface names (404, 422). One query: settle runs this on every request. */
export async function productRoutes(ex: Executor, ctx: UseCaseContext, productKey: string, settings: RailSettingsRow): Promise<ProductRoutes> {
  // The default version is what resolvePublishedVersion reads when no version is named.
  const found = await findDefaultVersionPricesByKey(ex, ctx.tenant, productKey);
  if (!found) throw notFound('product', `No product has the key "${productKey}".`);
  const { product, version, prices } = found;
  if (!version) throw new AppError('no_default_version', 'The product has no published default version; publish a version first or name one.');
  if (product.currency !== RAIL_CURRENCY) {
    throw fieldError('product', productKey, 'currency', `the product is priced in ${product.currency}; the Rail settles in a dollar stablecoin, so its product must be priced in ${RAIL_CURRENCY}`);
  }
  if (prices.length === 0) throw fieldError('product', productKey, 'meter_prices', `version ${version.version} prices no meter; the Rail charges each request on a meter price`);
  return { product, routes: prices.map((price) => toRoute(price, productKey, product.currency, settings.asset_decimals)) };
}

function toRoute(price: PriceView, productKey: string, currency: string, decimals: number): RailRoute {
  if (price.model !== 'per_unit' || price.unitPrice === null) {
    throw fieldError('product', productKey, 'per_unit_price', `meter "${price.meter}" is priced ${price.model}; the Rail charges one fixed price per request, so each meter needs a per_unit price`);
  }
  const unit = new Money(price.unitPrice);
  if (unit.lte(0)) throw fieldError('product', productKey, 'positive_price', `meter "${price.meter}" costs ${price.unitPrice}; a paid route needs a price above zero`);
  const atomic = unit.mul(new Money(10).pow(decimals));
  if (!atomic.isInteger()) {
    throw fieldError('product', productKey, 'atomic_units', `meter "${price.meter}" costs ${price.unitPrice} ${currency}, which is not a whole number of the asset's atomic units (${decimals} decimals)`);
  }
  if (!unit.mul(new Money(10).pow(currencyExponent(RECEIPT_CURRENCY))).isInteger()) {
    throw fieldError(
      'product',
      productKey,
      'receipt_precision',
      `meter "${price.meter}" costs ${price.unitPrice} ${currency}; each settled request is receipted by a paid invoice in ${RECEIPT_CURRENCY}, which keeps ${currencyExponent(RECEIPT_CURRENCY)} decimals (docs/decisions/rail.md)`,
    );
  }
  return { meter: price.meter, meterId: price.meterId, priceId: price.id, description: price.meter, unitPrice: unit.toFixed(), currency, amount: atomic.toFixed(0) };
}

export function requirementsOf(settings: RailSettingsRow, domain: { name: string; version: string } | null, productKey: string, route: RailRoute, feePayer: string | null = null): PaymentRequirementsV2 {
  return {
    scheme: 'exact',
    network: settings.network,
    asset: settings.asset,
    amount: route.amount,
    payTo: settings.pay_to,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    // EVM: the token's EIP-712 domain; Solana: the fee payer that co-signs (x402 exact SVM).
    extra: { ...(domain ?? {}), ...(feePayer ? { feePayer } : {}), product: productKey, meter: route.meter },
  };
}

export async function getRailConfig(ex: Executor, ctx: UseCaseContext, productKey: string | undefined, deps?: RailProviderDeps): Promise<RailConfigView> {
  if (productKey === undefined || productKey === '') throw fieldError('product', productKey ?? '', 'required', 'name the key of the product whose meters carry the Rail prices: ?product=KEY');
  const settings = await requireSettings(ex, ctx);
  const { product, routes } = await productRoutes(ex, ctx, productKey, settings);
  const domain = await assetDomainOf(settings);
  const feePayer = deps ? await feePayerFor(ex, ctx, deps, settings) : null;
  const { assetDomain: _domain, createdAt: _created, updatedAt: _updated, ...view } = toSettingsView(settings);
  return {
    ...view,
    outputSchema: {
      x402Version: 2,
      product: { id: product.id, key: product.key, name: product.name, currency: product.currency },
      routes: routes.map((route) => ({
        meter: route.meter,
        description: route.description,
        unitPrice: wireMoney(route.unitPrice, route.currency),
        currency: route.currency,
        accepts: [requirementsOf(settings, domain, productKey, route, feePayer)],
      })),
    },
  };
}

