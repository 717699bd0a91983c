// BillingClient: the typed requests of openapi-fetch (types generated from the service's OpenAPI
// document, schema.ts) behind a few resource namespaces, with one Idempotency-Key per write reused
// across retries, retries with back-off, errors thrown as BillingError, and lists as async iterables.
import createClient, { type Client, type FetchResponse } from 'openapi-fetch';
import { BillingError, errorFromResponse } from './errors.ts';
import { DEFAULT_RETRY_POLICY, retryingFetch, type RetryPolicy } from './retrying-fetch.ts';
import type { paths } from './schema.ts';

export interface BillingClientOptions {
  /** A secret key: sk_test_... (sandbox) or sk_live_... (production). */
  apiKey: string;
  /** The service's address, e.g. http://localhost:4000. */
  baseUrl: string;
  /** Retries after the first attempt, back-off and the longest wait (defaults 3, 250 ms, 20 s). */
  retry?: Partial<RetryPolicy>;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
/** The query parameters an operation takes. */
export type Query<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** What a list route answers: `{<plural>: [...], nextCursor}`. */
type ListPage = { nextCursor: string | null } & Record<string, unknown>;
type Item<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } }
  ? Json<R> extends infer B
    ? { [K in keyof B]: B[K] extends Array<infer I> ? I : never }[Exclude<keyof B, 'nextCursor'>]
    : never
  : never;

export class BillingClient {
  /** The typed openapi-fetch client, for any operation the namespaces below do not cover. */
  readonly raw: Client<paths>;

  constructor(options: BillingClientOptions) {
    const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.raw = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: { authorization: `Bearer ${options.apiKey}` },
      fetch: retryingFetch(options.fetch ?? globalThis.fetch, policy),
    });
  }

  /** The data of an answer, or the BillingError of a refusal (a network failure is status 0). */
  // FetchResponse's parameters are each operation's own types: any answer of any operation fits.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async unwrap<R extends FetchResponse<any, any, any>>(call: Promise<R>): Promise<NonNullable<R['data']>> {
    let result: R;
    try {
      result = await call;
    } catch (cause) {
      throw new BillingError({ status: 0, error_code: 'network_error', message: `The service could not be reached: ${(cause as Error).message}`, tracer_id: null, cause });
    }
    if (result.error !== undefined || !result.response.ok) throw errorFromResponse(result.response.status, result.error, result.response.headers.get('x-request-id'));
    return result.data as NonNullable<R['data']>;
  }

  /** Every item of a list route, page after page, following `nextCursor`. */
  async *paginate<P extends keyof paths & string>(path: P, query: Record<string, unknown> = {}): AsyncGenerator<Item<P>> {
    let cursor: string | null | undefined = query.cursor as string | undefined;
    do {
      // The path is any list route: its one query shape is not known here, only that it is a list.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const page = (await this.unwrap((this.raw.GET as any)(path, { params: { query: { ...query, ...(cursor ? { cursor } : {}) } } }))) as ListPage;
      const items = Object.entries(page).find(([key, value]) => key !== 'nextCursor' && Array.isArray(value))?.[1] as Item<P>[] | undefined;
      for (const item of items ?? []) yield item;
      cursor = page.nextCursor;
    } while (cursor);
  }

  readonly customers = {
    create: (body: RequestBody<'/customers', 'post'>) => this.unwrap(this.raw.POST('/customers', { body })),
    get: (customerID: string) => this.unwrap(this.raw.GET('/customers/{customerID}', { params: { path: { customerID } } })),
    update: (customerID: string, body: RequestBody<'/customers/{customerID}', 'patch'>) =>
      this.unwrap(this.raw.PATCH('/customers/{customerID}', { params: { path: { customerID } }, body })),
    list: (query: Query<'/customers', 'get'> = {}) => this.paginate('/customers', query),
    enroll: (customerID: string, body: RequestBody<'/customers/{customerID}/enrollments', 'post'>) =>
      this.unwrap(this.raw.POST('/customers/{customerID}/enrollments', { params: { path: { customerID } }, body })),
  };

  readonly meters = {
    create: (body: RequestBody<'/meters', 'post'>) => this.unwrap(this.raw.POST('/meters', { body })),
    list: (query: Query<'/meters', 'get'> = {}) => this.paginate('/meters', query),
  };

  readonly products = {
    create: (body: RequestBody<'/products', 'post'>) => this.unwrap(this.raw.POST('/products', { body })),
    get: (productID: string) => this.unwrap(this.raw.GET('/products/{productID}', { params: { path: { productID } } })),
    list: (query: Query<'/products', 'get'> = {}) => this.paginate('/products', query),
    publish: (productID: string, versionID: string, body: RequestBody<'/products/{productID}/versions/{versionID}/publish', 'post'> = {}) =>
      this.unwrap(this.raw.POST('/products/{productID}/versions/{versionID}/publish', { params: { path: { productID, versionID } }, body })),
  };

  readonly usage = {
    send: (body: RequestBody<'/metering/events', 'post'>) => this.unwrap(this.raw.POST('/metering/events', { body })),
    sendBatch: (body: RequestBody<'/metering/events/batch', 'post'>) => this.unwrap(this.raw.POST('/metering/events/batch', { body })),
    get: (query: Query<'/metering/usage', 'get'>) => this.unwrap(this.raw.GET('/metering/usage', { params: { query } })),
  };

  readonly invoices = {
    create: (body: RequestBody<'/billing/invoices', 'post'>) => this.unwrap(this.raw.POST('/billing/invoices', { body })),
    createFromUsage: (body: RequestBody<'/billing/invoices/from-usage', 'post'>) => this.unwrap(this.raw.POST('/billing/invoices/from-usage', { body })),
    get: (invoiceID: string) => this.unwrap(this.raw.GET('/billing/invoices/{invoiceID}', { params: { path: { invoiceID } } })),
    list: (query: Query<'/billing/invoices', 'get'> = {}) => this.paginate('/billing/invoices', query),
    finalize: (invoiceID: string) => this.unwrap(this.raw.POST('/billing/invoices/{invoiceID}/finalize', { params: { path: { invoiceID } } })),
    void: (invoiceID: string) => this.unwrap(this.raw.POST('/billing/invoices/{invoiceID}/void', { params: { path: { invoiceID } } })),
    /** A charge on an open invoice (Pix, boleto, card or crypto). */
    pay: (invoiceID: string, body: RequestBody<'/billing/invoices/{invoiceID}/payments', 'post'>) =>
      this.unwrap(this.raw.POST('/billing/invoices/{invoiceID}/payments', { params: { path: { invoiceID } }, body })),
  };

  readonly payments = {
    get: (paymentID: string) => this.unwrap(this.raw.GET('/billing/payments/{paymentID}', { params: { path: { paymentID } } })),
    list: (query: Query<'/billing/payments', 'get'> = {}) => this.paginate('/billing/payments', query),
    refund: (paymentID: string, body: RequestBody<'/billing/payments/{paymentID}/refunds', 'post'> = {}) =>
      this.unwrap(this.raw.POST('/billing/payments/{paymentID}/refunds', { params: { path: { paymentID } }, body })),
  };

  readonly subscriptions = {
    create: (body: RequestBody<'/billing/subscriptions', 'post'>) => this.unwrap(this.raw.POST('/billing/subscriptions', { body })),
    get: (subscriptionID: string) => this.unwrap(this.raw.GET('/billing/subscriptions/{subscriptionID}', { params: { path: { subscriptionID } } })),
    list: (query: Query<'/billing/subscriptions', 'get'> = {}) => this.paginate('/billing/subscriptions', query),
    cancel: (subscriptionID: string, body: RequestBody<'/billing/subscriptions/{subscriptionID}/cancel', 'post'> = {}) =>
      this.unwrap(this.raw.POST('/billing/subscriptions/{subscriptionID}/cancel', { params: { path: { subscriptionID } }, body })),
  };

  readonly events = {
    list: (query: Query<'/account/events', 'get'> = {}) => this.paginate('/account/events', query),
  };

  /** Sandbox helpers (sk_test_ keys only). */
  readonly test = {
    confirmPayment: (paymentID: string) => this.unwrap(this.raw.POST('/test/payments/{paymentID}/confirm', { params: { path: { paymentID } } })),
  };
}
