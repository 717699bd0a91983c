import type { TenantColumns } from '../db/schema.ts';

export interface AuditEntryRow extends TenantColumns {
  id: string;
  actor_type: 'api_key' | 'member';
  actor_id: string;
  actor_label: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  status_code: number;
  created_at: Date;
}

export interface AuditTables {
  audit_entries: AuditEntryRow;
}
