// The delivery email's words, in pt-BR and English (the account's locale picks one: core/locale.ts).
export const DELIVERY_EMAIL_TEXT = {
  'pt-BR': {
    subject: (seller: string) => `Sua compra de ${seller} está pronta`,
    greeting: (name: string | null) => (name ? `Olá, ${name},` : 'Olá,'),
    thanks: (seller: string, n: string | null) => (n ? `Obrigado pelo pagamento da fatura ${n} a ${seller}.` : `Obrigado pelo seu pagamento a ${seller}.`),
    downloadWhat: 'Baixe o que você comprou:', download: 'Baixar', keep: 'Guarde este e-mail: os links são seus.',
  },
  en: {
    subject: (seller: string) => `Your purchase from ${seller} is ready`,
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    thanks: (seller: string, n: string | null) => (n ? `Thank you for your payment of invoice ${n} to ${seller}.` : `Thank you for your payment to ${seller}.`),
    downloadWhat: 'Download what you bought:', download: 'Download', keep: 'Keep this email: the links are yours.',
  },
} as const;
