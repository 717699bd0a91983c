import type { TenantColumns } from '../../db/schema.ts';

export interface DownloadGrantRow extends TenantColumns {
  id: string;
  invoice_id: string;
  payment_id: string;
  product_id: string;
  token: string;
  email_sent_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export interface DeliveryTables {
  download_grants: DownloadGrantRow;
}
