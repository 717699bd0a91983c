export interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  run_at: Date;
  attempts: number;
  last_error: string | null;
  repeat_seconds: number | null;
  singleton_key: string | null;
  created_at: Date;
}

export interface JobTables {
  jobs: JobRow;
}
