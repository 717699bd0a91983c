// The database as Kysely sees it: each area declares its own tables beside its code.
import type { Environment } from '../core/context.ts';
import type { FoundationTables } from '../modules/accounts/index.ts';
import type { CatalogTables } from '../modules/catalog/index.ts';
import type { CustomerTables } from '../modules/customers/index.ts';
import type { DeliveryTables } from '../modules/fulfillment/index.ts';
import type { EmailTables } from '../modules/email/index.ts';
import type { EventTables } from '../modules/events/index.ts';
import type { InvoiceTables } from '../modules/invoices/index.ts';
import type { MeteringTables } from '../modules/metering/index.ts';
import type { PaymentTables } from '../modules/payments/index.ts';
import type { ProviderTables } from '../modules/providers/index.ts';
import type { StorageTables } from '../modules/storage/index.ts';
import type { WebhookTables } from '../modules/webhooks/index.ts';
import type { JobTables } from '../jobs/tables.ts';
import type { CouponTables } from '../modules/coupons/index.ts';
import type { SubscriptionTables } from '../flows/subscriptions/index.ts';
import type { PrepaidTables } from '../modules/prepaid/index.ts';
import type { LedgerTables } from '../modules/ledger/index.ts';
import type { IdempotencyTables } from '../http/idempotency-tables.ts';
import type { AuditTables } from '../http/audit-tables.ts';
import type { RailTables } from '../flows/rail/index.ts';
import type { StorefrontTables } from '../flows/storefronts/index.ts';
import type { MemberTables } from '../modules/members/index.ts';

export type { Environment };

export interface Database extends FoundationTables, EventTables, IdempotencyTables, AuditTables, CatalogTables, CustomerTables, StorageTables, InvoiceTables, EmailTables, MeteringTables, PaymentTables, DeliveryTables, WebhookTables, JobTables, CouponTables, SubscriptionTables, PrepaidTables, RailTables, StorefrontTables, LedgerTables, ProviderTables, MemberTables {
  schema_migrations: { name: string; applied_at: Date };
}

/** The tenant columns every business row carries. */
export interface TenantColumns {
  account_id: string;
  environment: Environment;
}
