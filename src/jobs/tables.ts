export interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  run_at: Date;
  attempts: number;
  last_error: string | null;
  repeat_seconds: number | null;
  singleton_key: string | null;
  /** The account the job works for: it counts against that account's share of workers. */
  share_account_id: string | null;
  /** Jobs with one key (a webhook endpoint) run at most keyLimit at once, across processes. */
  concurrency_key: string | null;
  /** Set while a claim holds the job (its lease); null once its outcome is recorded. */
  leased_until: Date | null;
  created_at: Date;
}

export interface JobTables {
  jobs: JobRow;
}
