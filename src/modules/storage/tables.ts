import type { TenantColumns } from '../../db/schema.ts';

export type ObjectPurpose = 'image' | 'deliverable';

export interface StoredObjectRow extends TenantColumns {
  key: string;
  purpose: ObjectPurpose;
  content_type: string;
  file_name: string | null;
  size_bytes: string | null;
  uploaded_at: Date | null;
  created_at: Date;
}

export interface DeliverableRow extends TenantColumns {
  id: string;
  product_id: string;
  kind: 'file' | 'link';
  url: string | null;
  object_key: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface StorageTables {
  stored_objects: StoredObjectRow;
  product_deliverables: DeliverableRow;
}
