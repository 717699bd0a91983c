// The sandbox confirmation page's words, in pt-BR (the default) and English (the browser's
// Accept-Language picks one: http/page-locale.ts). Every value is HTML-escaped where it is printed.
export const SANDBOX_PAGE_TEXT = {
  'pt-BR': {
    banner: 'Sandbox: nenhum dinheiro real é movimentado.', method: 'Forma de pagamento', payment: 'Pagamento', status: 'Situação', confirm: 'Confirmar o pagamento',
    notFound: 'Pagamento não encontrado', notFoundText: 'Este link não é válido. Confira se ele foi copiado por inteiro.',
    pending: 'Confirme este pagamento de teste', confirmed: 'Pagamento confirmado', confirmedText: 'A cobrança está paga. Você pode fechar esta página.',
    refunded: 'Pagamento estornado', refundedText: 'A cobrança foi paga e depois estornada por inteiro (por exemplo, a fatura já tinha sido paga de outra forma).',
    cannotPay: 'Esta cobrança não pode ser paga', notConfirmable: 'Esta cobrança não pode mais ser confirmada.',
    isNow: (status: string, reason: string | null) => `A cobrança está ${status.toLowerCase()}${reason ? ` (${reason})` : ''}.`,
    methods: { pix: 'Pix', boleto: 'Boleto', card: 'Cartão', crypto: 'USDC (cripto)' } as Record<string, string>,
    statuses: { pending: 'Pendente', confirmed: 'Confirmada', failed: 'Recusada', refunded: 'Estornada', charged_back: 'Contestada' } as Record<string, string>,
  },
  en: {
    banner: 'Sandbox: no real money moves.', method: 'Method', payment: 'Payment', status: 'Status', confirm: 'Confirm payment',
    notFound: 'Payment not found', notFoundText: 'This link is not valid. Check that it was copied whole.',
    pending: 'Confirm this test payment', confirmed: 'Payment confirmed', confirmedText: 'The charge is paid. You can close this page.',
    refunded: 'Payment refunded', refundedText: 'The charge was paid and then refunded in full (for example, the invoice was already paid another way).',
    cannotPay: 'This charge cannot be paid', notConfirmable: 'This charge can no longer be confirmed.',
    isNow: (status: string, reason: string | null) => `The charge is ${status.toLowerCase()}${reason ? ` (${reason})` : ''}.`,
    methods: { pix: 'Pix', boleto: 'Boleto', card: 'Card', crypto: 'USDC (crypto)' } as Record<string, string>,
    statuses: { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed', refunded: 'Refunded', charged_back: 'Charged back' } as Record<string, string>,
  },
} as const;
