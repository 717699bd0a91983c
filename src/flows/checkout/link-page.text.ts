// The payment link page's words, in pt-BR (the default) and English: billing cycles, payment
// methods, the form's labels and the names of the fields its script's error list shows.
export const LINK_PAGE_CYCLES = {
  'pt-BR': { weekly: 'por semana', monthly: 'por mês', annual: 'por ano' },
  en: { weekly: 'per week', monthly: 'per month', annual: 'per year' },
} as const;

export const LINK_PAGE_METHODS = {
  'pt-BR': { pix: 'Pix', boleto: 'Boleto', card: 'Cartão de crédito', crypto: 'USDC (cripto)' },
  en: { pix: 'Pix', boleto: 'Boleto', card: 'Credit card', crypto: 'USDC (crypto)' },
} as const;

export const LINK_PAGE_TEXT = {
  'pt-BR': {
    title: 'Pagamento', seller: 'Vendido por', quantity: 'Quantidade', each: 'cada', subscription: 'Assinatura, cobrada', payer: 'Seus dados', name: 'Nome completo',
    email: 'E-mail', document: 'CPF ou CNPJ', documentOptional: 'CPF ou CNPJ (opcional)', address: 'Endereço de entrega', line1: 'Rua e número',
    line2: 'Complemento (opcional)', city: 'Cidade', state: 'Estado', postalCode: 'CEP', country: 'País', methods: 'Forma de pagamento preferida',
    methodsNote: 'Você confirma a forma de pagamento na próxima página.', noMethods: 'Este vendedor ainda não aceita pagamentos online.', coupon: 'Cupom de desconto (opcional)',
    submit: 'Continuar para o pagamento', failed: 'Confira os dados:', network: 'Não foi possível enviar. Verifique sua conexão e tente de novo.',
    testMode: 'Modo de teste: nenhum dinheiro real é cobrado.', support: 'Dúvidas?', terms: 'Termos de uso', notFound: 'Link de pagamento não encontrado',
    notFoundText: 'Este link não existe ou não está mais ativo. Peça um novo link ao vendedor.',
    summary: 'Resumo do pedido', total: 'Total', dueNow: 'A pagar agora', cnpj: 'CNPJ', chooseState: 'Escolha o estado',
    fields: {
      'payer.name': 'Nome', 'payer.email': 'E-mail', 'payer.document': 'CPF ou CNPJ', address: 'Endereço', 'address.line1': 'Rua e número', 'address.line2': 'Complemento',
      'address.city': 'Cidade', 'address.state': 'Estado', 'address.postalCode': 'CEP', 'address.country': 'País', couponCode: 'Cupom', paymentMethod: 'Forma de pagamento',
    },
  },
  en: {
    title: 'Checkout', seller: 'Sold by', quantity: 'Quantity', each: 'each', subscription: 'Subscription, billed', payer: 'Your details', name: 'Full name',
    email: 'Email', document: 'CPF or CNPJ', documentOptional: 'CPF or CNPJ (optional)', address: 'Shipping address', line1: 'Street and number',
    line2: 'Apartment, suite (optional)', city: 'City', state: 'State', postalCode: 'Postal code', country: 'Country', methods: 'Preferred payment method',
    methodsNote: 'You confirm the payment method on the next page.', noMethods: 'This seller does not take online payments yet.', coupon: 'Coupon code (optional)',
    submit: 'Continue to payment', failed: 'Please check:', network: 'Could not send. Check your connection and try again.',
    testMode: 'Test mode: no real money is charged.', support: 'Questions?', terms: 'Terms of service', notFound: 'Payment link not found',
    notFoundText: 'This link does not exist or is no longer active. Ask the seller for a new link.',
    summary: 'Order summary', total: 'Total', dueNow: 'Due now', cnpj: 'CNPJ', chooseState: 'Choose the state',
    fields: {
      'payer.name': 'Name', 'payer.email': 'Email', 'payer.document': 'CPF or CNPJ', address: 'Address', 'address.line1': 'Street and number', 'address.line2': 'Apartment',
      'address.city': 'City', 'address.state': 'State', 'address.postalCode': 'Postal code', 'address.country': 'Country', couponCode: 'Coupon', paymentMethod: 'Payment method',
    },
  },
} as const;
