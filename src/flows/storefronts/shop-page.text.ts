// The shop page's words, in pt-BR (the default) and English.
export const SHOP_PAGE_TEXT = {
  'pt-BR': {
    products: 'Produtos', quantity: 'Quantidade', payer: 'Seus dados', name: 'Nome', email: 'E-mail', document: 'CPF ou CNPJ (opcional)',
    fulfillment: 'Entrega', pickup: 'Retirar no local', shipping: 'Receber em casa', address: 'Endereço', line1: 'Rua e número', line2: 'Complemento (opcional)',
    city: 'Cidade', state: 'Estado', postalCode: 'CEP', country: 'País', shippingFee: 'Frete', shippingArranged: 'Frete combinado à parte',
    total: 'Total', submit: 'Ir para o pagamento', empty: 'Escolha ao menos um produto.', failed: 'Não foi possível criar o pedido:', notFound: 'Loja não encontrada',
    notFoundText: 'Esta loja não existe ou está fora do ar.', nothing: 'Esta loja ainda não tem produtos.', testMode: 'Modo de teste: nenhum dinheiro real é cobrado.',
    add: 'Adicionar', addTo: 'Adicionar ao carrinho:', cart: 'Seu carrinho', cartEmpty: 'Seu carrinho está vazio: adicione um produto.',
    less: 'Tirar um:', more: 'Mais um:', soldBy: 'Vendido por', cnpj: 'CNPJ', contact: 'Atendimento:', chooseState: 'Escolha o estado',
    preview: 'Pré-visualização: é assim que os compradores veem a loja. Daqui não se faz pedido.',
  },
  en: {
    products: 'Products', quantity: 'Quantity', payer: 'Your details', name: 'Name', email: 'Email', document: 'CPF or CNPJ (optional)',
    fulfillment: 'Delivery', pickup: 'Pick up', shipping: 'Ship to me', address: 'Address', line1: 'Street and number', line2: 'Apartment, suite (optional)',
    city: 'City', state: 'State', postalCode: 'Postal code', country: 'Country', shippingFee: 'Shipping', shippingArranged: 'Shipping arranged separately',
    total: 'Total', submit: 'Continue to payment', empty: 'Choose at least one product.', failed: 'The order could not be placed:', notFound: 'Shop not found',
    notFoundText: 'This shop does not exist or is offline.', nothing: 'This shop has no products yet.', testMode: 'Test mode: no real money is charged.',
    add: 'Add', addTo: 'Add to cart:', cart: 'Your cart', cartEmpty: 'Your cart is empty: add a product.',
    less: 'One less:', more: 'One more:', soldBy: 'Sold by', cnpj: 'CNPJ', contact: 'Support:', chooseState: 'Choose the state',
    preview: 'Preview: this is the shop as buyers see it. No order can be placed from here.',
  },
} as const;
