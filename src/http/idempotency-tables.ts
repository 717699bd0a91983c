export interface IdempotencyKeyRow {
  scope: string;
  key: string;
  fingerprint: string;
  status_code: number;
  response_body: string;
  created_at: Date;
  expires_at: Date;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeyRow;
}
