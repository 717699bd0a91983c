import type { TenantColumns } from '../../db/schema.ts';

export interface EventRow extends TenantColumns {
  id: string;
  type: string;
  data: unknown;
  created_at: Date;
}

export interface EventTables {
  events: EventRow;
}
