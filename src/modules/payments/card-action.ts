// A card charge's nextAction: what the browser needs to complete it with the account's card
// processor (PATCH /account/tenant `cardProcessor`), exactly as the interface's union, with no
// additional properties. Amounts in it are integers in the currency's minor unit.
import { randomBytes } from 'node:crypto';
import { toMinorUnits } from '../../core/money.ts';
import type { CardProcessor } from './tables.ts';

export interface ClientActionAmount {
  value: number;
  currency: string;
}

export interface CardSessionAction {
  type: 'processor_a_session';
  session: { id: string; sessionData: string };
  clientKey: string;
  environment: 'live' | 'live-us' | 'live-au' | 'live-nea' | 'live-in';
  countryCode: 'BR';
  locale: 'pt-BR';
  amount: ClientActionAmount;
}

export interface CardPaymentAction {
  type: 'processor_b_payment_intent';
  clientSecret: string;
  publishableKey: string;
}

export type CardNextAction = CardSessionAction | CardPaymentAction;

/** `{paymentId}_secret_{random}`: names its payment, and only its hash is stored. */
export function newClientSecret(paymentId: string): string {
  return `${paymentId}_secret_${randomBytes(24).toString('base64url')}`;
}

export function cardNextAction(input: { processor: CardProcessor; clientSecret: string; publishableKey: string; amount: string; currency: string }): CardNextAction {
  if (input.processor === 'processor_b') {
    return { type: 'processor_b_payment_intent', clientSecret: input.clientSecret, publishableKey: input.publishableKey };
  }
  const minor = toMinorUnits(input.amount, input.currency);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount beyond what a JSON integer carries exactly');
  return {
    type: 'processor_a_session',
    // The session is the processor's: in the sandbox its data is opaque random bytes that the
    // sandbox card form does not need (it pays with the client secret).
    session: { id: `ses_${randomBytes(12).toString('hex')}`, sessionData: randomBytes(48).toString('base64') },
    clientKey: input.publishableKey,
    // The interface lists live environments only; the sandbox form loads in the default one.
    environment: 'live',
    countryCode: 'BR',
    locale: 'pt-BR',
    amount: { value: Number(minor), currency: input.currency },
  };
}
