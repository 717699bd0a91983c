import type { TenantColumns } from '../../db/schema.ts';

export interface UsageEventRow extends TenantColumns {
  event_id: string;
  enrollment_id: string;
  meter_id: string;
  value: string;
  occurred_at: Date;
  metadata: Record<string, unknown> | null;
  received_at: Date;
}

export interface UsageHourlyRow extends TenantColumns {
  enrollment_id: string;
  meter_id: string;
  hour: Date;
  total: string;
  event_count: string;
  max_value: string;
  latest_value: string;
  latest_at: Date;
  latest_event_id: string;
}

export interface UsageHourlyDistinctRow extends TenantColumns {
  enrollment_id: string;
  meter_id: string;
  hour: Date;
  value: string;
}

export interface UsageInvoicedPeriodRow extends TenantColumns {
  enrollment_id: string;
  period_start: Date;
  period_end: Date;
  invoice_id: string;
}

export interface MeteringTables {
  usage_events: UsageEventRow;
  usage_hourly: UsageHourlyRow;
  usage_hourly_distinct: UsageHourlyDistinctRow;
  usage_invoiced_periods: UsageInvoicedPeriodRow;
}
