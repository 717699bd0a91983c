// A boleto's barcode (44 digits) from its digitable line (47), which Adyen's voucher gives as
// `reference`: the line is the barcode's fields reordered with a check digit per field.
//   line:    AAABC CCCCX DDDDDDDDDDY EEEEEEEEEEZ K UUUUVVVVVVVVVV
//   barcode: AAAB K UUUUVVVVVVVVVV CCCCC DDDDDDDDDD EEEEEEEEEE
export function barcodeFromLine(line: string): string | null {
  const digits = line.replace(/\D/g, '');
  if (digits.length !== 47) return null;
  return digits.slice(0, 4) + digits.slice(32, 33) + digits.slice(33, 47) + digits.slice(4, 9) + digits.slice(10, 20) + digits.slice(21, 31);
}
