import type { TenantColumns } from '../../db/schema.ts';

export interface EmailRow extends TenantColumns {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  next_attempt_at: Date | null;
  error: string | null;
}

export interface EmailTables {
  emails: EmailRow;
}
