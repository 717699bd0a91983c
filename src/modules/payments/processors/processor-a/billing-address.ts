// The payer's address as Adyen's BillingAddress, which boleto requires: Adyen wants the street and
// the house number apart, where the service keeps one line ("Rua das Flores, 123").
import type { ProcessorChargeRequest } from '../types.ts';

type PayerAddress = NonNullable<ProcessorChargeRequest['payer']['address']>;

export interface AdyenBillingAddress {
  street: string;
  houseNumberOrName: string;
  city: string;
  postalCode: string;
  stateOrProvince: string;
  country: string;
}

export function billingAddressOf(address: PayerAddress): AdyenBillingAddress {
  // "Street, 123" or "Street, s/n": the part after the last comma is the number when it is short.
  const comma = address.line1.lastIndexOf(',');
  const tail = comma >= 0 ? address.line1.slice(comma + 1).trim() : '';
  const hasNumber = tail.length > 0 && tail.length <= 12 && (/\d/.test(tail) || /^s\/?n$/i.test(tail));
  const street = hasNumber ? address.line1.slice(0, comma).trim() : address.line1.trim();
  const number = hasNumber ? tail : 'S/N';
  const country = address.country.toUpperCase();
  return {
    street,
    houseNumberOrName: address.line2 ? `${number} ${address.line2.trim()}` : number,
    city: address.city,
    // A CEP is eight digits; Adyen takes it without the hyphen.
    postalCode: country === 'BR' ? address.postalCode.replace(/\D/g, '') : address.postalCode,
    stateOrProvince: address.state,
    country,
  };
}
