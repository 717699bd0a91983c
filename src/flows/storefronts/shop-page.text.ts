// The shop page's words, in pt-BR (the default) and English.
export const SHOP_PAGE_TEXT = {
  'pt-BR': {
    products: 'Produtos', quantity: 'Quantidade', payer: 'Seus dados', name: 'Nome', email: 'E-mail', document: 'CPF ou CNPJ (opcional)',
    fulfillment: 'Entrega', pickup: 'Retirar no local', shipping: 'Receber em casa', address: 'Endereço', line1: 'Rua e número', line2: 'Complemento (opcional)',
    city: 'Cidade', state: 'Estado', postalCode: 'CEP', country: 'País (código de 2 letras)', shippingFee: 'Frete', shippingArranged: 'Frete combinado à parte',
    total: 'Total', submit: 'Ir para o pagamento', empty: 'Escolha ao menos um produto.', failed: 'Não foi possível criar o pedido:', notFound: 'Loja não encontrada',
    notFoundText: 'Esta loja não existe ou está fora do ar.', nothing: 'Esta loja ainda não tem produtos.', testMode: 'Modo de teste: nenhum dinheiro real é cobrado.',
  },
  en: {
    products: 'Products', quantity: 'Quantity', payer: 'Your details', name: 'Name', email: 'Email', document: 'CPF or CNPJ (optional)',
    fulfillment: 'Delivery', pickup: 'Pick up', shipping: 'Ship to me', address: 'Address', line1: 'Street and number', line2: 'Apartment, suite (optional)',
    city: 'City', state: 'State', postalCode: 'Postal code', country: 'Country (2-letter code)', shippingFee: 'Shipping', shippingArranged: 'Shipping arranged separately',
    total: 'Total', submit: 'Continue to payment', empty: 'Choose at least one product.', failed: 'The order could not be placed:', notFound: 'Shop not found',
    notFoundText: 'This shop does not exist or is offline.', nothing: 'This shop has no products yet.', testMode: 'Test mode: no real money is charged.',
  },
} as const;
