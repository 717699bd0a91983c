import type { TenantColumns } from '../../db/schema.ts';

export interface WebhookEndpointRow extends TenantColumns {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  is_active: boolean;
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  /** Failed attempts in a row (any success resets it): the circuit breaker opens at BREAKER_THRESHOLD. */
  consecutive_failures: number;
  /** While set and ahead, the endpoint's deliveries wait in the slow lane until then (a probe goes first). */
  circuit_open_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRow extends TenantColumns {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

export interface WebhookAttemptRow {
  delivery_id: string;
  attempt: number;
  http_status: number | null;
  error: string | null;
  response_body: string | null;
  duration_ms: number;
  attempted_at: Date;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointRow;
  webhook_deliveries: WebhookDeliveryRow;
  webhook_attempts: WebhookAttemptRow;
}
