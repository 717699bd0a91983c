import type { TenantColumns } from '../../db/schema.ts';

export interface CustomerRow extends TenantColumns {
  id: string;
  name: string | null;
  email: string | null;
  document: string | null;
  document_type: 'cpf' | 'cnpj' | null;
  external_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface EnrollmentRow extends TenantColumns {
  id: string;
  customer_id: string;
  product_id: string;
  product_version_id: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}

export interface RateCardRow extends TenantColumns {
  id: string;
  enrollment_id: string;
  base_price: string | null;
  created_at: Date;
  deleted_at: Date | null;
  /** The card prices usage of [effective_from, effective_to); no end while it is not deleted. */
  effective_from: Date;
  effective_to: Date | null;
}

/** A customer's credit balance in one currency (docs/decisions/credit-notes.md). */
export interface CustomerBalanceRow extends TenantColumns {
  customer_id: string;
  currency: string;
  /** numeric, never negative. */
  balance: string;
  updated_at: Date;
}

export interface CustomerTables {
  customers: CustomerRow;
  customer_balances: CustomerBalanceRow;
  enrollments: EnrollmentRow;
  rate_cards: RateCardRow;
}
