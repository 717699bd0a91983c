// The official SDK, pointed at PROCESSOR_B_API_URL when set, and its errors turned into the
// seam's ProcessorError.
import Stripe from 'stripe';
import { ProcessorError, type ProcessorSettings } from '../types.ts';

/**
 * The API version the adapter speaks, pinned on every request (Stripe-Version). It is the version of
 * Stripe's OpenAPI document the tests validate against (test/fixtures/processors/processor-b), in
 * which a PaymentIntent names its methods with `payment_method_types`; the SDK's own default
 * (2026-10-28.endive) replaced that field with `allowed_payment_method_types`. Moving to a newer
 * version means a newer document and the requests it describes.
 */
export const STRIPE_API_VERSION = '2025-09-30.clover';

export function stripeClient(settings: ProcessorSettings, secretKey: string): Stripe {
  const config: Stripe.StripeConfig = {
    // The SDK types this as its latest version only; the SDK sends whichever string it is given.
    apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
    timeout: settings.timeoutMs,
    // The service retries a charge itself with the same idempotency key; one SDK attempt per call
    // keeps a slow processor within `timeoutMs`.
    maxNetworkRetries: 0,
    telemetry: false,
  };
  if (settings.processorBApiUrl) {
    const url = new URL(settings.processorBApiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    // Stripe's paths are absolute (/v1/...): only the origin of the setting is used.
    Object.assign(config, { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol });
  }
  return new Stripe(secretKey, config);
}

/** The SDK's code for a request that ran out of time (HttpClient.TIMEOUT_ERROR_CODE). */
const TIMEOUT_CODE = 'ETIMEDOUT';

/** Any SDK failure as a ProcessorError (card declines are answered before this, as failed charges). */
export function processorErrorOf(error: unknown): ProcessorError {
  if (error instanceof ProcessorError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new ProcessorError('provider_unavailable', `processor_b call failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const code = error.code ?? null;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const detail = error.detail as { code?: string } | undefined;
    if (detail?.code === TIMEOUT_CODE) return new ProcessorError('provider_timeout', 'processor_b did not answer in time');
    return new ProcessorError('provider_unavailable', 'processor_b could not be reached');
  }
  const status = error.statusCode ?? 0;
  if (error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError || status >= 500 || status === 429) {
    return new ProcessorError('provider_unavailable', `processor_b is unavailable (${status || error.type})`, code);
  }
  // Authentication, permission, invalid request, idempotency conflicts: the processor refused.
  return new ProcessorError('provider_rejected', `processor_b refused the request: ${error.message}`, code ?? error.type);
}
