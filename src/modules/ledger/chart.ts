// The chart of accounts (docs/ledger.md): names that read like sentences. A debit is positive, a
// credit negative; an account's balance is the sum of its entries.
export const chart = {
  /** What the customer owes on finalized invoices (debit balance). */
  receivable: (customerId: string) => `customers:${customerId}:receivable`,
  /** Money of the customer's held for them (credit balance): its credit balance (credit notes with outcome credit, drawn by its next invoice), and money on its way back (a refunded credit note, a payment that found nothing to pay). */
  customerCredit: (customerId: string) => `customers:${customerId}:credit`,
  /** The prepaid balance of an enrollment (credit balance: the service owes the usage). */
  prepaid: (enrollmentId: string) => `enrollments:${enrollmentId}:prepaid`,
  /** A subscription's commitment credit carried over: minimums paid and not used yet (credit balance, equal to its commitment_credit). */
  commitmentCarried: (subscriptionId: string) => `commitments:${subscriptionId}:carried`,
  /** Money the provider holds for the account: charges confirmed, less refunds and chargebacks (debit balance). */
  clearing: (provider: string) => `providers:${provider}:clearing`,
  /** What invoices charged (credit balance). */
  revenue: 'revenue',
  /** Prepaid credit invoiced and not yet added to a balance (credit balance until the invoice is paid). */
  prepaidInvoiced: 'prepaid:invoiced',
  /** What coupons took off invoices (debit balance: contra-revenue). */
  discounts: 'discounts',
  /** Tax charged on invoices, owed to the tax authority (credit balance). */
  taxes: 'taxes:payable',
  /** What credit notes took off finalized invoices (debit balance: contra-revenue). */
  creditNotes: 'credit_notes',
  /** Money given back to buyers by refund (debit balance). */
  refunds: 'refunds',
  /** Money taken back by the buyer's bank (debit balance). */
  chargebacks: 'chargebacks',
  /** Receivables written off as uncollectible (debit balance). */
  badDebt: 'bad_debt',
} as const;
