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
  /** Null for a checkout wallet payment (wallet-payment.ts): it pays a charge, not a route. */
  product_id: string | null;
  meter_id: string | null;
  customer_id: string | null;
  enrollment_id: string | null;
  usage_event_id: string | null;
  invoice_id: string | null;
  payment_id: string | null;
  /** `submitting`: reserved before its on-chain transaction (self); `settled`: recorded. */
  state: RailSettlementState;
  created_at: Date;
  /** A reservation's payment as the settle received it, for its recovery (docs/rail.md, "Recovery"); absent on simulated ones. */
  payment?: RailReservedPayment | null;
}

export interface RailReservedPayment {
  x402Version: number;
  paymentPayload: Record<string, unknown>;
  paymentRequirements: Record<string, unknown>;
}

export type RailSettlementState = 'submitting' | 'settled';

/** The account's relayer (self settlement): its key sealed like processor credentials. */
export interface RailRelayerRow extends TenantColumns {
  id: string;
  address: string;
  key_sealed: string;
  data_key_sealed: string;
  key_id: string;
  low_balance_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The account's remote x402 facilitator (`remote`): its URL, and its auth headers sealed. */
export interface RailRemoteFacilitatorRow extends TenantColumns {
  id: string;
  url: string;
  headers_shown: Record<string, string>;
  headers_sealed: string;
  data_key_sealed: string;
  key_id: string;
  created_at: Date;
  updated_at: Date;
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
  rail_relayers: RailRelayerRow;
  rail_remote_facilitators: RailRemoteFacilitatorRow;
  rail_receipts: RailReceiptRow;
}
