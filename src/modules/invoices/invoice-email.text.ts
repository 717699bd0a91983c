// The invoice email's words, in pt-BR and English (the account's locale picks one: core/locale.ts).
// Handlebars escapes every value in the HTML part.
export const INVOICE_EMAIL_TEXT = {
  'pt-BR': {
    subject: (n: string, seller: string) => `Fatura ${n} de ${seller}`,
    greeting: (name: string | null) => (name ? `Olá, ${name},` : 'Olá,'),
    /** Followed by the invoice number and a period. */
    sentYou: (seller: string) => `${seller} enviou a você a fatura`,
    total: 'Total', amountDue: 'Valor a pagar', dueDate: 'Vencimento', viewAndPay: 'Ver e pagar a fatura',
  },
  en: {
    subject: (n: string, seller: string) => `Invoice ${n} from ${seller}`,
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    sentYou: (seller: string) => `${seller} sent you invoice`,
    total: 'Total', amountDue: 'Amount due', dueDate: 'Due date', viewAndPay: 'View and pay the invoice',
  },
} as const;
