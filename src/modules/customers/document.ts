// Brazilian tax documents: CPF (people, 11 digits) and CNPJ (companies, 14 characters; since 2026
// the first 12 may be letters, the two check digits stay numeric). Check digits are verified by
// `cpf-cnpj-validator`, which implements the Receita Federal's alphanumeric rule (NT 49/2024).
import { cnpj, cpf } from 'cpf-cnpj-validator';
import { fieldError } from '../../core/errors.ts';

export type DocumentType = 'cpf' | 'cnpj';

export interface NormalisedDocument {
  document: string;
  documentType: DocumentType;
}

// Punctuation a person may type: dots, slash, dash and spaces. Anything else is not a document.
const PUNCTUATION = /[.\-/\s]/g;

/**
 * Normalises a CPF or CNPJ to its characters without punctuation (letters upper-cased) and
 * tells which one it is; throws a validation error naming `field` when the format or a check
 * digit is wrong.
 */
export function normaliseDocument(value: string, field = 'document'): NormalisedDocument {
  const stripped = value.replace(PUNCTUATION, '').toUpperCase();
  if (/^[0-9]{11}$/.test(stripped)) {
    if (!cpf.isValid(stripped, true)) throw fieldError(field, value, 'cpf', 'is not a valid CPF (check digits do not match)');
    return { document: stripped, documentType: 'cpf' };
  }
  if (/^[0-9A-Z]{12}[0-9]{2}$/.test(stripped)) {
    if (!cnpj.isValid(stripped, true)) throw fieldError(field, value, 'cnpj', 'is not a valid CNPJ (check digits do not match)');
    return { document: stripped, documentType: 'cnpj' };
  }
  throw fieldError(field, value, 'document', 'must be a CPF (11 digits) or a CNPJ (14 characters, the first 12 may be letters)');
}
