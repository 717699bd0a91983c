// The words of the invoice page's credit note forms (issue #32), in pt-BR (the default) and
// English: the whole-amount form, the per-line form, and what each outcome does to the money.
export const CREDIT_NOTE_TEXT = {
  'pt-BR': {
    title: 'Emitir nota de crédito',
    lead: 'Abate um valor desta fatura. O valor creditado aparece na fatura e a nota, na lista abaixo.',
    byAmountTitle: 'Por valor total',
    byLineTitle: 'Por item',
    byLineLead: 'Preencha, em cada item a creditar, um valor ou uma quantidade (não os dois); deixe os outros vazios.',
    amount: 'Valor (como 30,50)',
    lineAmount: 'Valor',
    lineQuantity: 'Quantidade',
    lineLeft: (description: string, amount: string) => `${description} · ${amount}`,
    reason: 'Motivo',
    outcome: 'O que fazer com o valor',
    outcomes: {
      creditPaid: 'Crédito no saldo do cliente: abatido da próxima fatura dele nesta moeda.',
      creditOpen: 'Reduzir o valor a pagar desta fatura (a fatura zerada fica paga).',
      refund: 'Estornar o pagamento: o valor volta a quem pagou, pelo processador.',
    },
    outcomeNames: { credit: 'Crédito', refund: 'Estorno' },
    openNoRefund: 'Esta fatura ainda não foi paga: não há pagamento a estornar.',
    issue: 'Emitir nota de crédito',
    noLines: 'Preencha o valor ou a quantidade de ao menos um item.',
    tooManyLines: 'Esta fatura tem itens demais para o formulário por item: use o valor total.',
    creditedLines: 'Itens creditados',
  },
  en: {
    title: 'Issue a credit note',
    lead: 'Takes an amount off this invoice. The credited amount shows on the invoice and the note in the list below.',
    byAmountTitle: 'By a whole amount',
    byLineTitle: 'By line',
    byLineLead: 'On each line to credit, fill in an amount or a quantity (not both); leave the others empty.',
    amount: 'Amount (such as 30.50)',
    lineAmount: 'Amount',
    lineQuantity: 'Quantity',
    lineLeft: (description: string, amount: string) => `${description} · ${amount}`,
    reason: 'Reason',
    outcome: 'What to do with the amount',
    outcomes: {
      creditPaid: "Credit to the customer's balance: taken off their next invoice in this currency.",
      creditOpen: 'Lower the amount due of this invoice (credited to zero, it is paid).',
      refund: 'Refund the payment: the money goes back to the payer through the processor.',
    },
    outcomeNames: { credit: 'Credit', refund: 'Refund' },
    openNoRefund: 'This invoice is not paid yet: there is no payment to refund.',
    issue: 'Issue credit note',
    noLines: 'Fill in the amount or the quantity of at least one line.',
    tooManyLines: 'This invoice has too many lines for the per-line form: use the whole amount.',
    creditedLines: 'Lines credited',
  },
} as const;

export type CreditNoteText = (typeof CREDIT_NOTE_TEXT)[keyof typeof CREDIT_NOTE_TEXT];
