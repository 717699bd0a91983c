import type { TenantColumns } from '../../db/schema.ts';

export type ProductType = 'item' | 'agent';
export type PricingModel = 'subscription' | 'one_time' | 'usage' | 'prepaid';
export type BillingCycle = 'weekly' | 'monthly' | 'annual';
export type VersionStatus = 'draft' | 'published' | 'archived';
export type PriceModel = 'per_unit' | 'tiered' | 'volume' | 'package';
export type Aggregation = 'sum' | 'count' | 'max' | 'unique_count' | 'latest';

/** A tier as stored: `upTo` null is the open last tier. Amounts are decimal strings. */
export interface PriceTier {
  upTo: string | null;
  unitPrice: string;
  flatPrice?: string | null;
}

export interface Grant {
  meter: string;
  amount: string;
  on: 'cycle';
}

export interface ProductRow extends TenantColumns {
  id: string;
  key: string;
  name: string;
  type: ProductType;
  description: string;
  pricing_model: PricingModel;
  currency: string;
  status: string;
  image_url: string | null;
  requires_shipping: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface ProductVersionRow extends TenantColumns {
  id: string;
  product_id: string;
  version: number;
  billing_cycle: BillingCycle | null;
  base_price: string | null;
  status: VersionStatus;
  is_default: boolean;
  published_at: Date | null;
  commitment_amount: string | null;
  commitment_resets: boolean;
  consumption_floor: string;
  grants: Grant[];
  created_at: Date;
  updated_at: Date;
}

export interface MeterRow extends TenantColumns {
  id: string;
  key: string;
  name: string;
  aggregation: Aggregation;
  unit: string | null;
  property: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PriceRow extends TenantColumns {
  id: string;
  version_id: string | null;
  rate_card_id: string | null;
  meter_id: string;
  model: PriceModel;
  unit_price: string | null;
  package_size: string | null;
  tiers: PriceTier[] | null;
  position: number;
  created_at: Date;
}

export interface PaymentLinkRow extends TenantColumns {
  id: string;
  product_id: string;
  product_version_id: string;
  quantity: string;
  success_url: string | null;
  cancel_url: string | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface CatalogTables {
  products: ProductRow;
  product_versions: ProductVersionRow;
  meters: MeterRow;
  prices: PriceRow;
  payment_links: PaymentLinkRow;
}
