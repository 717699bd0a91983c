// The processor seam (issue 28): what a live payment processor does for the service, the same shape
// for processor_a (Adyen), processor_b (Stripe) and pix_api (the Banco Central's Pix API standard).
// An adapter talks to its processor through the official SDK or library and knows nothing of the
// database: the payments module and the payment-confirmation flow turn what it answers into payment
// rows, ledger transactions and events, exactly as they do for the sandbox processor.
import type { EgressGuard } from '../../../core/webhook-targets.ts';
import type { CardNextAction } from '../card-action.ts';
import type { PaymentMethod } from '../tables.ts';

export type ProcessorName = 'processor_a' | 'processor_b' | 'pix_api';

/** The interface's failure codes a processor decline maps to (Payment.failureCode). */
export type ProcessorFailureCode =
  | 'insufficient_funds'
  | 'do_not_honor'
  | 'card_declined'
  | 'authentication_required'
  | 'card_expired'
  | 'card_stolen'
  | 'card_invalid'
  | 'mandate_revoked'
  | 'mandate_refused'
  | 'brand_changed'
  | 'provider_error'
  | 'provider_timeout';

/** One connected processor, its secrets decrypted (never logged, never returned). */
export interface ProcessorConnection {
  id: string;
  provider: ProcessorName;
  environment: 'sandbox' | 'production';
  methods: PaymentMethod[];
  /** As the seller gave them: processor_b {secretKey, publishableKey, webhookSecret}; processor_a {apiKey, merchantAccount, clientKey, hmacKey, liveUrlPrefix}; pix_api {baseUrl, clientId, clientSecret, certificate, privateKey, pixKey}. */
  credentials: Record<string, string>;
  /** The public URL the processor calls with its events (unique per connection). */
  webhookUrl: string;
  /**
   * Outside development, how a client must connect to a seller-given address (pix_api's baseUrl):
   * every address DNS answers is judged again at connection time, as webhook deliveries are.
   */
  egress?: EgressGuard;
}

/** Service settings an adapter needs (not seller input). */
export interface ProcessorSettings {
  /** PROCESSOR_A_API_URL / PROCESSOR_B_API_URL: null for the processors' real endpoints. */
  processorAApiUrl: string | null;
  processorBApiUrl: string | null;
  /** Longest wait for one processor call before `provider_timeout`. */
  timeoutMs: number;
}

export interface ProcessorChargeRequest {
  /** The service's payment id: put in the processor's metadata / reference / txid. */
  paymentId: string;
  /** Sent as the processor's idempotency key (or derived txid): a retry never makes a second charge. */
  idempotencyKey: string;
  method: PaymentMethod;
  /** Decimal string in the currency's minor unit ("10.50"). */
  amount: string;
  currency: string;
  description: string;
  invoice: { id: string; dueDate: Date | null };
  payer: {
    name: string | null;
    email: string | null;
    document: string | null;
    /** The payer's billing address when known: processor_a (Adyen) requires one for boleto. */
    address?: { line1: string; line2?: string; city: string; state: string; postalCode: string; country: string } | null;
  };
  /** Pix only: seconds the code stays payable. */
  pixExpiresInSeconds: number;
  /** Off-session charge of a saved payment method (charge_automatically subscriptions). */
  savedMethod: { customerRef: string | null; methodRef: string } | null;
  now: Date;
}

export interface ProcessorCharge {
  providerId: string;
  /** Most charges start pending; an off-session card may be confirmed or failed at once. */
  status: 'pending' | 'confirmed' | 'failed';
  failureCode: ProcessorFailureCode | null;
  /** Card: what the browser needs (the interface's PaymentNextAction) and the processor's client secret. */
  card?: { nextAction: CardNextAction; clientSecret: string | null; publishableKey: string };
  pix?: { payload: string; expiresAt: Date };
  boleto?: { line: string; barcode: string; url: string | null; dueDate: Date };
}

export interface ProcessorRefundRequest {
  refundId: string;
  idempotencyKey: string;
  payment: { id: string; providerId: string; method: PaymentMethod; amount: string; currency: string };
  /** Decimal string, at most the payment's amount left. */
  amount: string;
  reason: string | null;
}

export interface ProcessorRefund {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** What a processor event or a read-back means for a charge; `eventId` makes applying it idempotent. */
export type ProcessorEvent =
  | { kind: 'charge.confirmed'; eventId: string; providerId: string; paymentId: string | null; amount: string | null }
  | { kind: 'charge.failed'; eventId: string; providerId: string; paymentId: string | null; failureCode: ProcessorFailureCode }
  | { kind: 'refund.succeeded'; eventId: string; providerId: string; providerRefundId: string; amount: string }
  | { kind: 'refund.failed'; eventId: string; providerId: string; providerRefundId: string }
  | { kind: 'charge.disputed'; eventId: string; providerId: string }
  /** A Pix Automático mandate (recurrence) moved: the payer approved, refused or revoked it. */
  | { kind: 'mandate.changed'; eventId: string; recurrenceId: string; state: 'pending' | 'active' | 'refused' | 'revoked'; failureCode: 'mandate_refused' | 'mandate_revoked' | null }
  | { kind: 'ignored'; eventId: string; reason: string };

export interface ProcessorWebhookRequest {
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received (signatures cover the bytes). */
  rawBody: Buffer;
  /** The path below the connection's webhookUrl (pix_api PSPs append "/pix"). */
  subpath: string;
}

export interface ProcessorAdapter {
  readonly name: ProcessorName;
  /** Methods this processor can serve at all. */
  readonly supportedMethods: readonly PaymentMethod[];
  /** Credential fields it needs (validated on PUT /account/providers/{provider}); the rest is refused. */
  readonly credentialFields: readonly string[];
  /** Credential fields it reads when given (pix_api: the PSP's CA, its token URL); the connection accepts them too. */
  readonly optionalCredentialFields?: readonly string[];
  /** Which credential fields are secrets (shown as their last four characters only). */
  readonly secretFields: readonly string[];
  /** A real, harmless call that proves the credentials; throws ProcessorError when they fail. */
  check(connection: ProcessorConnection): Promise<void>;
  createCharge(connection: ProcessorConnection, request: ProcessorChargeRequest): Promise<ProcessorCharge>;
  refund(connection: ProcessorConnection, request: ProcessorRefundRequest): Promise<ProcessorRefund>;
  /** Reads a charge back (the poller repairing missed webhooks; pix_api confirms only this way). */
  retrieveCharge(connection: ProcessorConnection, providerId: string, method: PaymentMethod): Promise<ProcessorEvent>;
  /**
   * Verifies a processor webhook with the processor's official verifier and says what it means;
   * throws ProcessorError('invalid_signature') when it is unsigned or badly signed. pix_api reads
   * every charge the callback names back from the PSP before answering it as confirmed.
   */
  parseWebhook(connection: ProcessorConnection, request: ProcessorWebhookRequest): Promise<ProcessorEvent[]>;
  /** Called once after a connection is saved: registers the webhook URL where the processor has an API for it (pix_api `PUT /webhook/{chave}`). */
  registerWebhook?(connection: ProcessorConnection): Promise<void>;
}

export type ProcessorErrorCode =
  /** The processor refused the request: bad credentials or a request it does not accept. */
  | 'provider_rejected'
  /** Down, 5xx, or the connection failed: 502/503 `provider_unavailable`. */
  | 'provider_unavailable'
  | 'provider_timeout'
  | 'invalid_signature';

export class ProcessorError extends Error {
  constructor(
    readonly code: ProcessorErrorCode,
    message: string,
    /** The processor's own code, for logs and the error's details (never a secret). */
    readonly processorCode: string | null = null,
  ) {
    super(message);
    this.name = 'ProcessorError';
  }
}
