import type { KeyType } from '../../core/auth.ts';
import type { Environment } from '../../db/schema.ts';
import type { Locale } from '../../core/locale.ts';

export type { KeyType };

export type AccountStatus = 'active' | 'suspended' | 'closed';
export type CollectionMode = 'byop' | 'managed';
/** What the last failed dunning retry does: cancel (invoices uncollectible) or leave it past_due. */
export type DunningFinalAction = 'cancel' | 'leave_past_due';

export interface AccountRow {
  id: string;
  slug: string;
  name: string;
  status: AccountStatus;
  collection_mode: CollectionMode;
  terms_url: string | null;
  support_email: string | null;
  /** The seller's CNPJ, normalised (cnpj.ts); null until set. */
  cnpj: string | null;
  logo_url: string | null;
  card_processor: 'processor_a' | 'processor_b';
  /** The language of emails and service-written invoice lines; null: by currency (core/locale.ts). */
  locale: Locale | null;
  /** Days after the first failed automatic charge when a retry charges again (strictly increasing). */
  dunning_retry_days: number[];
  dunning_final_action: DunningFinalAction;
  /** The sandbox test clock (null: the real clock). */
  sandbox_clock: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeyRow {
  id: string;
  account_id: string;
  environment: Environment;
  type: KeyType;
  key_hash: string;
  redacted: string;
  name: string | null;
  scopes: string[];
  /** The full key, kept for publishable keys only (they are public); null for secret keys. */
  public_value: string | null;
  created_at: Date;
  revoked_at: Date | null;
}

export interface FoundationTables {
  accounts: AccountRow;
  api_keys: ApiKeyRow;
}
