// Stripe gives a boleto's `linha digitável` (47 digits); the interface also wants its 44-digit bar
// code, which is the same fields in another order without the three field check digits.

/** The bar code of a bank boleto's typed line (FEBRABAN layout), or null when it is not one. */
export function boletoBarcodeOf(line: string): string | null {
  const digits = line.replace(/\D/g, '');
  if (digits.length !== 47) return null;
  // line: AAAB CCCCC X | DDDDDDDDDD Y | EEEEEEEEEE Z | K | UUUU VVVVVVVVVV
  // code: AAAB K UUUUVVVVVVVVVV CCCCC DDDDDDDDDD EEEEEEEEEE
  return digits.slice(0, 4) + digits[32] + digits.slice(33, 47) + digits.slice(4, 9) + digits.slice(10, 20) + digits.slice(21, 31);
}
