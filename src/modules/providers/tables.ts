import type { TenantColumns } from '../../db/schema.ts';
import type { PaymentMethod, ProcessorName } from '../payments/index.ts';

export type ConnectionStatus = 'unchecked' | 'active' | 'failing';

export interface ConnectionRow extends TenantColumns {
  id: string;
  provider: ProcessorName;
  methods: PaymentMethod[];
  status: ConnectionStatus;
  status_reason: string | null;
  credentials_shown: Record<string, string>;
  credentials_sealed: string;
  data_key_sealed: string;
  key_id: string;
  webhook_token: string;
  checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ProcessorEventRow {
  connection_id: string;
  event_id: string;
  kind: string;
  state: 'applied' | 'waiting';
  event: unknown;
  received_at: Date;
  applied_at: Date | null;
}

export interface ProviderTables {
  processor_connections: ConnectionRow;
  processor_events: ProcessorEventRow;
}
