// The database as Kysely sees it: each area declares its own tables beside its code.
import type { Environment } from '../core/context.ts';
import type { FoundationTables } from '../modules/accounts/tables.ts';
import type { CatalogTables } from '../modules/catalog/tables.ts';
import type { CustomerTables } from '../modules/customers/tables.ts';
import type { DeliveryTables } from '../modules/fulfillment/tables.ts';
import type { EmailTables } from '../modules/email/tables.ts';
import type { EventTables } from '../modules/events/tables.ts';
import type { InvoiceTables } from '../modules/invoices/tables.ts';
import type { MeteringTables } from '../modules/metering/tables.ts';
import type { PaymentTables } from '../modules/payments/tables.ts';
import type { StorageTables } from '../modules/storage/tables.ts';
import type { WebhookTables } from '../modules/webhooks/tables.ts';
import type { JobTables } from '../jobs/tables.ts';
import type { CouponTables } from '../modules/coupons/tables.ts';
import type { SubscriptionTables } from '../flows/subscriptions/tables.ts';
import type { PrepaidTables } from '../modules/prepaid/tables.ts';
import type { IdempotencyTables } from '../http/idempotency-tables.ts';
import type { RailTables } from '../flows/rail/tables.ts';
import type { StorefrontTables } from '../flows/storefronts/tables.ts';

export type { Environment };

export interface Database extends FoundationTables, EventTables, IdempotencyTables, CatalogTables, CustomerTables, StorageTables, InvoiceTables, EmailTables, MeteringTables, PaymentTables, DeliveryTables, WebhookTables, JobTables, CouponTables, SubscriptionTables, PrepaidTables, RailTables, StorefrontTables {
  schema_migrations: { name: string; applied_at: Date };
}

/** The tenant columns every business row carries. */
export interface TenantColumns {
  account_id: string;
  environment: Environment;
}
