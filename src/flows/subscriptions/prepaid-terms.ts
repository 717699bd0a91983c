// What a prepaid subscription's balance draws at: its version's per-unit prices and its
// consumptionFloor. Other price models have no price of one event alone (tiers count the
// period's usage), so a prepaid version priced otherwise cannot be subscribed.
import type { Executor } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { getVersionPrices, type ProductVersionRow } from '../../modules/catalog/index.ts';
import type { PrepaidRate } from '../../modules/prepaid/index.ts';

export async function prepaidRatesOf(ex: Executor, tenant: Tenant, version: ProductVersionRow, field: string): Promise<PrepaidRate[]> {
  const prices = await getVersionPrices(ex, tenant, version.id);
  const other = prices.find((price) => price.model !== 'per_unit');
  if (other) {
    throw fieldError(field, version.id, 'per_unit_prices', `a prepaid balance draws each event at a per-unit price; meter ${other.meter} is priced ${other.model}`);
  }
  return prices.map((price) => ({ meterId: price.meterId, unitPrice: price.unitPrice! }));
}
