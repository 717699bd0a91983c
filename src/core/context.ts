/** The tenant every business row belongs to: an account in one environment. */
export type Environment = 'sandbox' | 'production';

export interface Tenant {
  accountId: string;
  environment: Environment;
}

/** What a use case knows about the call: whose data, and what time it is. Never HTTP objects. */
export interface UseCaseContext {
  tenant: Tenant;
  now: Date;
  /**
   * The service's public address (BASE_URL), for links a use case hands out (hosted invoice
   * pages, emails). Set for every request by http/context.ts; a job that builds links sets it too.
   */
  baseUrl?: string;
}
