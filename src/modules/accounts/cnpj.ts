// The seller's CNPJ (PATCH /account/tenant {cnpj}): stored as its 14 characters without
// punctuation, check digits verified by `cpf-cnpj-validator` (the alphanumeric rule of NT 49/2024,
// as customers' documents are); shown to buyers as 12.345.678/0001-95.
import { cnpj as validator } from 'cpf-cnpj-validator';
import { fieldError } from '../../core/errors.ts';

export function normaliseCnpj(value: string): string {
  const stripped = value.replace(/[\s./-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(stripped)) throw fieldError('cnpj', value, 'cnpj', 'must be a CNPJ (14 characters, the first 12 may be letters)');
  if (!validator.isValid(stripped, true)) throw fieldError('cnpj', value, 'cnpj', 'is not a valid CNPJ (check digits do not match)');
  return stripped;
}

/** 12345678000195 -> 12.345.678/0001-95. */
export function formatCnpj(stored: string): string {
  return stored.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}
