// Stripe's decline codes (card errors' `decline_code`, else `code`) as the interface's failureCode.
import type { ProcessorFailureCode } from '../types.ts';

const FAILURE_CODES: Readonly<Record<string, ProcessorFailureCode>> = {
  insufficient_funds: 'insufficient_funds',
  do_not_honor: 'do_not_honor',
  authentication_required: 'authentication_required',
  expired_card: 'card_expired',
  stolen_card: 'card_stolen',
  lost_card: 'card_stolen',
  pickup_card: 'card_stolen',
  incorrect_number: 'card_invalid',
  invalid_number: 'card_invalid',
  incorrect_cvc: 'card_invalid',
  invalid_cvc: 'card_invalid',
  invalid_expiry_month: 'card_invalid',
  invalid_expiry_year: 'card_invalid',
  invalid_account: 'card_invalid',
  processing_error: 'provider_error',
};

/** The failure code of a Stripe payment error; an unknown or missing code is a plain decline. */
export function failureCodeOf(error: { decline_code?: string | null; code?: string | null } | null | undefined): ProcessorFailureCode {
  const declineCode = error?.decline_code ? FAILURE_CODES[error.decline_code] : undefined;
  if (declineCode) return declineCode;
  const code = error?.code ? FAILURE_CODES[error.code] : undefined;
  return code ?? 'card_declined';
}
