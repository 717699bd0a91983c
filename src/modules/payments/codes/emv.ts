// EMV QR Code (Merchant-Presented Mode) fields: ID (2 digits), length (2 digits), value. A field
// value holds at most 99 characters; the BR Code is built from such fields only.
export function emvField(id: string, value: string): string {
  if (!/^[0-9]{2}$/.test(id)) throw new Error(`EMV field id must be two digits: ${id}`);
  if (value.length === 0 || value.length > 99) throw new Error(`EMV field ${id} holds 1 to 99 characters, not ${value.length}`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * Latin letters without accents, digits, space and the punctuation EMV readers accept: merchant
 * name and city are "Alphanumeric Special" in the BR Code manual, and banks' apps show them as is.
 */
export function emvText(value: string, maxLength: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (plain || 'NA').slice(0, maxLength).trim();
}
