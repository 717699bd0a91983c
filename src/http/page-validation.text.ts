// What a buyer's page says when the API refuses a form (the payment link's checkout, the shop's
// order, the card form of the hosted invoice page), in pt-BR and English. The API's JSON errors stay
// English for developers; a page never shows them: its script maps each error's field (its last
// name, "payer.document" -> document) and constraint to these words, and an error code to a
// sentence, with `invalid` and `failed` for anything not listed. Handed to the scripts as JSON.
import type { PageLocale } from './page-locale.ts';

export interface PageValidationText {
  fields: Record<string, string>;
  constraints: Record<string, string>;
  codes: Record<string, string>;
  /** A constraint not listed. */
  invalid: string;
  /** An error code not listed. */
  failed: string;
}

export const PAGE_VALIDATION_TEXT: Record<PageLocale, PageValidationText> = {
  'pt-BR': {
    fields: {
      name: 'Nome', email: 'E-mail', document: 'CPF ou CNPJ', address: 'Endereço', line1: 'Rua e número', line2: 'Complemento', city: 'Cidade', state: 'Estado',
      postalCode: 'CEP', country: 'País', couponCode: 'Cupom', paymentMethod: 'Forma de pagamento', method: 'Forma de pagamento', mode: 'Entrega',
      items: 'Produtos', productId: 'Produto', quantity: 'Quantidade', number: 'Número do cartão', cvc: 'Código de segurança', expMonth: 'Mês de validade',
      expYear: 'Ano de validade', holderName: 'Nome no cartão',
    },
    constraints: {
      required: 'é obrigatório', minLength: 'é obrigatório', maxLength: 'é longo demais', minItems: 'é obrigatório', maxItems: 'tem itens demais',
      email: 'não é um e-mail válido', format: 'não está no formato esperado', pattern: 'não está no formato esperado', type: 'não é um valor aceito',
      minimum: 'é menor que o mínimo aceito', maximum: 'é maior que o máximo aceito', exclusiveMinimum: 'é menor que o mínimo aceito', integer: 'deve ser um número inteiro',
      enum: 'não é uma das opções', unknown_option: 'não é uma das opções', unknown_field: 'não é um campo deste formulário',
      cpf: 'não é um CPF válido (os dígitos verificadores não conferem)', cnpj: 'não é um CNPJ válido (os dígitos verificadores não conferem)',
      document: 'deve ser um CPF (11 dígitos) ou um CNPJ (14 caracteres)', card_number: 'não é um número de cartão válido', cvc: 'deve ter 3 ou 4 dígitos',
      month: 'deve ser um mês de 1 a 12', year: 'deve ser um ano de quatro dígitos', test_card: 'não é um cartão de teste: use 4242 4242 4242 4242',
      exists: 'não existe', not_asked: 'não é pedido aqui; deixe em branco', accepted: 'não é aceita por este vendedor', offered: 'não é oferecida por esta loja',
      in_shop: 'não é vendido por esta loja', unique: 'aparece mais de uma vez', no_nul_character: 'tem um caractere inválido', no_lone_surrogate: 'tem um caractere inválido',
    },
    codes: {
      coupon_expired: 'Este cupom expirou.', coupon_archived: 'Este cupom não está mais ativo.', coupon_exhausted: 'Este cupom já foi usado o máximo de vezes.',
      rate_limited: 'Muitas tentativas seguidas. Espere alguns segundos e tente de novo.', invoice_not_payable: 'Esta fatura não pode mais ser paga.',
      not_found: 'Não encontrado. Recarregue a página.', conflict: 'Esta ação já foi feita ou está em andamento. Recarregue a página.',
      idempotency_key_in_use: 'Ainda processando o envio anterior. Aguarde um momento.', provider_error: 'O processador de pagamentos não respondeu. Tente de novo.',
      provider_timeout: 'O processador de pagamentos não respondeu. Tente de novo.', service_unavailable: 'Serviço indisponível no momento. Tente de novo.',
    },
    invalid: 'é inválido',
    failed: 'Não foi possível concluir. Tente de novo.',
  },
  en: {
    fields: {
      name: 'Name', email: 'Email', document: 'CPF or CNPJ', address: 'Address', line1: 'Street and number', line2: 'Apartment', city: 'City', state: 'State',
      postalCode: 'Postal code', country: 'Country', couponCode: 'Coupon', paymentMethod: 'Payment method', method: 'Payment method', mode: 'Delivery',
      items: 'Products', productId: 'Product', quantity: 'Quantity', number: 'Card number', cvc: 'Security code', expMonth: 'Expiry month',
      expYear: 'Expiry year', holderName: 'Name on card',
    },
    constraints: {
      required: 'is required', minLength: 'is required', maxLength: 'is too long', minItems: 'is required', maxItems: 'has too many items',
      email: 'is not a valid email address', format: 'is not in the expected format', pattern: 'is not in the expected format', type: 'is not an accepted value',
      minimum: 'is below the lowest accepted', maximum: 'is above the highest accepted', exclusiveMinimum: 'is below the lowest accepted', integer: 'must be a whole number',
      enum: 'is not one of the options', unknown_option: 'is not one of the options', unknown_field: 'is not a field of this form',
      cpf: 'is not a valid CPF (check digits do not match)', cnpj: 'is not a valid CNPJ (check digits do not match)',
      document: 'must be a CPF (11 digits) or a CNPJ (14 characters)', card_number: 'is not a valid card number', cvc: 'must be 3 or 4 digits',
      month: 'must be a month, 1 to 12', year: 'must be a four-digit year', test_card: 'is not a test card: use 4242 4242 4242 4242',
      exists: 'does not exist', not_asked: 'is not asked here; leave it empty', accepted: 'is not accepted by this seller', offered: 'is not offered by this shop',
      in_shop: 'is not sold by this shop', unique: 'appears more than once', no_nul_character: 'has a character that is not allowed', no_lone_surrogate: 'has a character that is not allowed',
    },
    codes: {
      coupon_expired: 'This coupon has expired.', coupon_archived: 'This coupon is no longer active.', coupon_exhausted: 'This coupon was used the most times it may be.',
      rate_limited: 'Too many tries in a row. Wait a few seconds and try again.', invoice_not_payable: 'This invoice can no longer be paid.',
      not_found: 'Not found. Reload the page.', conflict: 'This was done already or is under way. Reload the page.',
      idempotency_key_in_use: 'Still working on the previous submission. Wait a moment.', provider_error: 'The payment processor did not answer. Try again.',
      provider_timeout: 'The payment processor did not answer. Try again.', service_unavailable: 'The service is unavailable right now. Try again.',
    },
    invalid: 'is invalid',
    failed: 'This could not be completed. Try again.',
  },
};

/** The catalogue as the JSON a page's script reads ("<" escaped: it sits in an HTML attribute or data block). */
export function pageValidationJson(locale: PageLocale): string {
  return JSON.stringify(PAGE_VALIDATION_TEXT[locale]).replace(/</g, '\\u003c');
}
