// The catalog forms' fields turned into the API's request bodies (the API validates them: a wrong
// value answers its 422, shown next to the form). A blank field is left out, so the API's default
// or the current version's value applies. The wire shapes the catalog pages read are here too.
import { formField } from './dashboard-routes.ts';
import type { PriceForWords } from './catalog-prices.text.ts';

export interface ApiVersion {
  id: string;
  version: number;
  status: 'draft' | 'published' | 'archived';
  isDefault: boolean;
  billingCycle: 'weekly' | 'monthly' | 'annual' | null;
  basePrice: string | null;
  prices: Array<{ meter: string } & PriceForWords>;
  createdAt: string;
}
export interface ApiProduct {
  id: string;
  key: string;
  name: string;
  description: string;
  pricingModel: 'subscription' | 'one_time' | 'usage' | 'prepaid';
  currency: string;
  createdAt: string;
}
export interface ApiMeter {
  id: string;
  key: string;
  name: string;
  aggregation: 'sum' | 'count' | 'max' | 'unique_count' | 'latest';
  unit: string | null;
  property: string | null;
}
export interface ApiCoupon {
  id: string;
  code: string;
  percentOff: string;
  duration: 'once' | 'repeating' | 'forever';
  durationInCycles: number | null;
  maxRedemptions: number | null;
  redeemBy: string | null;
  timesRedeemed: number;
  status: 'active' | 'archived' | 'expired' | 'exhausted';
}
export interface ApiPaymentLink {
  id: string;
  productId: string;
  productVersionId: string;
  quantity: string;
  active: boolean;
  url: string;
}

/** The fields a form posted (strings only), to show them again next to an error. */
export type FormValues = Record<string, string>;

export function formValues(body: unknown, names: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const name of names) values[name] = formField(body, name, 5000)?.trim() ?? '';
  return values;
}

/**
 * A decimal as typed by a person: "49,90" (a decimal comma, as pt-BR writes it) becomes "49.90";
 * anything else is sent as typed, for the API to accept or refuse.
 */
export function decimalOf(typed: string): string {
  return /^-?\d+,\d+$/.test(typed) ? typed.replace(',', '.') : typed;
}

/** A whole number as typed; anything else goes as typed so the API's 422 names the field. */
function integerOf(typed: string): number | string {
  return /^\d{1,10}$/.test(typed) ? Number(typed) : typed;
}

function present<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== undefined)) as Partial<T>;
}

export const PRODUCT_FIELDS = ['key', 'name', 'description', 'pricingModel', 'currency', 'billingCycle', 'basePrice'] as const;
export function productBody(v: FormValues) {
  return present({
    key: v.key,
    name: v.name,
    description: v.description,
    pricingModel: v.pricingModel,
    currency: v.currency?.toUpperCase(),
    billingCycle: v.billingCycle,
    basePrice: v.basePrice ? decimalOf(v.basePrice) : '',
  });
}

export const METER_FIELDS = ['key', 'name', 'aggregation', 'unit', 'property'] as const;
export function meterBody(v: FormValues) {
  return present({ key: v.key, name: v.name, aggregation: v.aggregation, unit: v.unit, property: v.property });
}

export const COUPON_FIELDS = ['code', 'percentOff', 'duration', 'durationInCycles', 'maxRedemptions', 'redeemBy'] as const;
/** `redeemBy` is a day (an `<input type="date">`): the coupon is good through its last second, UTC. */
export function couponBody(v: FormValues) {
  const redeemBy = /^\d{4}-\d{2}-\d{2}$/.test(v.redeemBy ?? '') ? `${v.redeemBy}T23:59:59Z` : v.redeemBy;
  return present({
    code: v.code,
    percentOff: v.percentOff ? decimalOf(v.percentOff) : '',
    duration: v.duration,
    durationInCycles: v.durationInCycles ? integerOf(v.durationInCycles) : '',
    maxRedemptions: v.maxRedemptions ? integerOf(v.maxRedemptions) : '',
    redeemBy,
  });
}

export const LINK_FIELDS = ['productVersionId', 'quantity'] as const;
export function linkBody(productId: string, v: FormValues) {
  return { productId, ...present({ productVersionId: v.productVersionId, quantity: v.quantity ? decimalOf(v.quantity) : '' }) };
}
