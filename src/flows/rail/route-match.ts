// Which Rail route a facilitator request pays for. A seller on @billing/rail-middleware names it
// (paymentRequirements.extra.product and .meter, as GET /rail/config gives them); a seller on the
// official @x402/express middleware names nothing of ours, so the route is found by what the
// requirements do say: the amount (payTo, asset and network are checked against the settings
// afterwards), among the per-unit meter prices of the account's USD products. When several routes
// cost the same, the resource URL decides: the one whose meter key (else product key) is a segment
// of its path. Still ambiguous, or nothing: invalid_rail_route_price, never a guess, as the usage
// is recorded on the route's meter.
import type { Executor } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { Money } from '../../core/money.ts';
import { productRoutes, RAIL_CURRENCY, type RailRoute } from './config.ts';
import * as repo from './repository.ts';
import type { RailSettingsRow } from './tables.ts';
import { REASONS } from './verify-exact.ts';

export interface MatchedRoute {
  route: RailRoute;
  productId: string;
  productKey: string;
}

type Match = { ok: true; value: MatchedRoute } | { ok: false; reason: string; message: string };

/** How many same-priced routes are read at most: beyond this the seller must name its route. */
const MAX_CANDIDATES = 50;

const refuse = (message: string): Match => ({ ok: false, reason: REASONS.price, message });

export async function matchRoute(ex: Executor, ctx: UseCaseContext, settings: RailSettingsRow, requirements: { amount: string; extra?: Record<string, unknown> }, resourceUrl: string | undefined): Promise<Match> {
  const extra = requirements.extra ?? {};
  if (typeof extra.product === 'string' && typeof extra.meter === 'string') return named(ex, ctx, settings, extra.product, extra.meter);
  if (extra.product !== undefined || extra.meter !== undefined) return refuse('paymentRequirements.extra names a Rail route with both product and meter (strings), or neither');
  return byPrice(ex, ctx, settings, requirements.amount, resourceUrl);
}

async function named(ex: Executor, ctx: UseCaseContext, settings: RailSettingsRow, productKey: string, meter: string): Promise<Match> {
  const { product, routes } = await productRoutes(ex, ctx, productKey, settings);
  const route = routes.find((r) => r.meter === meter);
  if (!route) return refuse(`the product's default version has no price on meter "${meter}"`);
  return { ok: true, value: { route, productId: product.id, productKey: product.key } };
}

async function byPrice(ex: Executor, ctx: UseCaseContext, settings: RailSettingsRow, amount: string, resourceUrl: string | undefined): Promise<Match> {
  if (!/^[1-9][0-9]{0,77}$/.test(amount)) return refuse(`the requirements' amount "${amount}" is not a positive number of atomic units`);
  const unitPrice = new Money(amount).div(new Money(10).pow(settings.asset_decimals)).toFixed();
  const rows = await repo.routesPricedAt(ex, ctx.tenant, RAIL_CURRENCY, unitPrice, MAX_CANDIDATES);
  const found: MatchedRoute[] = [];
  for (const productKey of new Set(rows.map((row) => row.productKey))) {
    let priced;
    try {
      priced = await productRoutes(ex, ctx, productKey, settings);
    } catch (error) {
      // A product some of whose prices cannot be Rail routes publishes no Rail config: not a route.
      if (error instanceof AppError && error.status < 500) continue;
      throw error;
    }
    for (const route of priced.routes) {
      if (route.amount === amount && rows.some((row) => row.productKey === productKey && row.meterKey === route.meter)) {
        found.push({ route, productId: priced.product.id, productKey: priced.product.key });
      }
    }
  }
  if (found.length === 1) return { ok: true, value: found[0]! };
  if (found.length === 0) return refuse(`no Rail route of this account costs ${amount} atomic units (${unitPrice} ${RAIL_CURRENCY}): GET /rail/config?product=KEY lists the routes and their amounts`);
  const segments = pathSegments(resourceUrl);
  for (const pick of [(m: MatchedRoute) => segments.has(m.route.meter), (m: MatchedRoute) => segments.has(m.productKey)]) {
    const picked = found.filter(pick);
    if (picked.length === 1) return { ok: true, value: picked[0]! };
  }
  const names = found.map((m) => `${m.productKey}/${m.route.meter}`).join(', ');
  return refuse(`several Rail routes cost ${amount} atomic units (${names}) and the resource URL names none of them: set paymentRequirements.extra.product and .meter`);
}

function pathSegments(url: string | undefined): Set<string> {
  if (!url) return new Set();
  try {
    return new Set(new URL(url, 'http://resource.invalid').pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s)));
  } catch {
    return new Set();
  }
}
