// Adyen's refusal reasons as the interface's failure codes. `/payments` answers carry
// `refusalReasonCode` and `refusalReason`; notifications carry the reason's text only, so both are
// read. Unknown reasons are a generic `card_declined`.
import type { ProcessorFailureCode } from '../types.ts';

// Adyen's documented refusal reasons (docs.adyen.com, "Refusal reasons"), by text, lower case.
const BY_REASON: Readonly<Record<string, ProcessorFailureCode>> = {
  'not enough balance': 'insufficient_funds',
  'withdrawal amount exceeded': 'insufficient_funds',
  referral: 'do_not_honor',
  'declined non generic': 'do_not_honor',
  'expired card': 'card_expired',
  'blocked card': 'card_stolen',
  'invalid card number': 'card_invalid',
  'cvc declined': 'card_invalid',
  'invalid pin': 'card_invalid',
  '3d not authenticated': 'authentication_required',
  'authentication required': 'authentication_required',
  '3ds authentication error': 'authentication_required',
  'acquirer error': 'provider_error',
  'issuer unavailable': 'provider_error',
};

// The same reasons by refusalReasonCode.
const BY_CODE: Readonly<Record<string, ProcessorFailureCode>> = {
  '3': 'do_not_honor',
  '4': 'provider_error',
  '5': 'card_stolen',
  '6': 'card_expired',
  '8': 'card_invalid',
  '9': 'provider_error',
  '11': 'authentication_required',
  '12': 'insufficient_funds',
  '17': 'card_invalid',
  '24': 'card_invalid',
  '27': 'do_not_honor',
  '28': 'insufficient_funds',
  '38': 'authentication_required',
  '42': 'authentication_required',
};

export function failureCodeOf(reason: string | null | undefined, code?: string | null): ProcessorFailureCode {
  if (code && BY_CODE[code]) return BY_CODE[code];
  const text = (reason ?? '').trim().toLowerCase();
  // Notifications may append detail after a colon ("CVC Declined: ...").
  return BY_REASON[text] ?? BY_REASON[text.split(':')[0]!.trim()] ?? 'card_declined';
}
