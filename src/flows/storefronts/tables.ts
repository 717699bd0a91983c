import type { TenantColumns } from '../../db/schema.ts';
import type { PostalAddress } from '../../modules/customers/index.ts';

export type StorefrontStatus = 'active' | 'disabled';
export type FulfillmentMode = 'pickup' | 'shipping' | 'both';

export interface StorefrontTheme {
  preset: string;
  accent: string;
}

export interface StorefrontRow extends TenantColumns {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  theme: StorefrontTheme;
  status: StorefrontStatus;
  fulfillment_mode: FulfillmentMode;
  require_address: boolean;
  pickup_note: string | null;
  shipping_flat_amount: string | null;
  logo_object_key: string | null;
  banner_object_key: string | null;
  product_ids: string[];
  created_at: Date;
  updated_at: Date;
}

export interface StorefrontOrderRow extends TenantColumns {
  id: string;
  storefront_id: string;
  customer_id: string;
  invoice_id: string;
  items: Array<{ productId: string; quantity: number }>;
  fulfillment_mode: 'pickup' | 'shipping';
  address: PostalAddress | null;
  created_at: Date;
}

export interface StorefrontTables {
  storefronts: StorefrontRow;
  storefront_orders: StorefrontOrderRow;
}
