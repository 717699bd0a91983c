import type { TenantColumns } from '../../db/schema.ts';

export interface RailGrace {
  window: string;
  maxPerAgent: string;
  maxTotal: string;
  queueLimit: number;
  clockSkewSeconds: number;
}

export interface RailFacilitator {
  provider: string;
  indexesForDiscovery: boolean;
}

/** The token's EIP-712 domain (EVM `exact` payments sign against it). */
export interface RailAssetDomain {
  name: string;
  version: string;
}

export interface RailSettingsRow extends TenantColumns {
  network: string;
  asset: string;
  asset_decimals: number;
  pay_to: string;
  grace: RailGrace;
  facilitator: RailFacilitator;
  asset_domain: RailAssetDomain | null;
  created_at: Date;
  updated_at: Date;
}

export interface RailSettlementRow extends TenantColumns {
  id: string;
  network: string;
  asset: string;
  payer: string;
  nonce: string;
  pay_to: string;
  amount: string;
  transaction: string;
  product_id: string;
  meter_id: string;
  customer_id: string | null;
  enrollment_id: string | null;
  usage_event_id: string | null;
  invoice_id: string | null;
  payment_id: string | null;
  created_at: Date;
}

/** One agent enrollment's receipt for one UTC day (docs/decisions/rail.md, "Receipts"). */
export interface RailReceiptRow extends TenantColumns {
  enrollment_id: string;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  invoice_id: string;
  closed_at: Date | null;
  created_at: Date;
}

export interface RailTables {
  rail_settings: RailSettingsRow;
  rail_settlements: RailSettlementRow;
  rail_receipts: RailReceiptRow;
}
