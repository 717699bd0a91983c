// The sandbox card processor: test card numbers with known outcomes (docs/decisions/payments.md
// has the table). Number and CVC are checked as a card form would (card-validator: Luhn and
// length by brand); the expiry against the service's clock; a well-formed card that is not in the table is refused as not a test
// card, as a processor's test mode refuses real cards, and the charge stays pending.
import valid from 'card-validator';
import { fieldError } from '../../core/errors.ts';

export const TEST_CARDS: Readonly<Record<string, string | null>> = {
  '4242424242424242': null,
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'card_expired',
  '4000000000003220': 'authentication_required',
  '4000000000009979': 'card_stolen',
};

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The outcome of a test card: null when it pays, else the failure code. Throws 422 for bad input. */
export function sandboxCardOutcome(card: CardInput, now: Date): string | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!valid.number(number).isValid) throw fieldError('number', card.number, 'card_number', 'is not a valid card number (length or check digit).');
  if (!valid.cvv(card.cvc, 4).isValid && !valid.cvv(card.cvc, 3).isValid) throw fieldError('cvc', card.cvc, 'cvc', 'is 3 or 4 digits.');
  if (card.expMonth < 1 || card.expMonth > 12) throw fieldError('expMonth', String(card.expMonth), 'month', 'is a month, 1 to 12.');
  if (card.expYear < 2000 || card.expYear > now.getUTCFullYear() + 50) throw fieldError('expYear', String(card.expYear), 'year', 'is a four-digit year at most 50 years ahead.');
  if (!(number in TEST_CARDS)) {
    throw fieldError('number', card.number, 'test_card', 'is not a sandbox test card: use 4242 4242 4242 4242, or one of the decline cards in the docs.');
  }
  // A card is valid through the last day of its expiry month; after that the issuer declines it.
  if (Date.UTC(card.expYear, card.expMonth, 1) <= now.getTime()) return 'card_expired';
  return TEST_CARDS[number] ?? null;
}
