// The invoice page's credit note forms (issue #32): what a member typed, the API body it becomes
// (POST /billing/invoices/{id}/credit-notes: `amount` or `lines`, `reason`, `outcome`), and the
// forms' view. Pure: the route (invoices-credit-notes-routes.ts) reads and calls, the API decides
// the limits (422 credit_note_exceeds_invoice) and the statuses (409).
import { formatAmount } from '../../core/locale.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { InvoiceView } from '../../modules/invoices/index.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import { formField } from './dashboard-routes.ts';
import { CREDIT_NOTE_TEXT } from './invoices-credit-notes.text.ts';

/** Who may issue a credit note from the dashboard: support too, as it may refund a payment. */
export const CREDIT_NOTE_ROLES: readonly MemberRole[] = ['owner', 'admin', 'support'];

/**
 * The per-line form names its boxes by the line's position (`amount_3`, `quantity_3`): the lines of
 * an issued invoice no longer change, and positions keep a form of many lines within the dashboard's
 * 4 KB form body, where line ids would not. Above this many lines, the whole-amount form only.
 */
export const MAX_FORM_LINES = 100;

/** A typed number as the API's decimal: "30,50" (pt-BR) or "30.50"; empty is none, anything else null. */
export function typedDecimal(typed: string): string | undefined | null {
  const value = typed.trim();
  if (value === '') return undefined;
  return /^\d{1,12}([.,]\d{1,8})?$/.test(value) ? value.replace(',', '.') : null;
}

export interface TypedCreditNote {
  by: 'amount' | 'lines';
  amount: string;
  reason: string;
  outcome: string;
  /** The per-line boxes, by the line's position. */
  lines: Array<{ amount: string; quantity: string }>;
}

export type CreditNoteBody =
  | { amount: string; reason: string; outcome: string }
  | { lines: Array<{ lineItemId: string; amount?: string; quantity?: string }>; reason: string; outcome: string };

/** The fields of a posted credit note form (absent ones empty). */
export function typedCreditNote(body: unknown, lineCount: number): TypedCreditNote {
  const field = (name: string, max = 40) => formField(body, name, max) ?? '';
  const lines = Array.from({ length: Math.min(lineCount, MAX_FORM_LINES) }, (_, i) => ({ amount: field(`amount_${i}`), quantity: field(`quantity_${i}`) }));
  return { by: field('by') === 'lines' ? 'lines' : 'amount', amount: field('amount'), reason: field('reason', 500), outcome: field('outcome'), lines };
}

/** The API's body, or why the form cannot become one (a malformed number, no line filled in). */
export function creditNoteBody(typed: TypedCreditNote, lineItemIds: readonly string[]): CreditNoteBody | 'badAmount' | 'noLines' {
  const common = { reason: typed.reason.trim(), outcome: typed.outcome };
  if (typed.by === 'amount') {
    const amount = typedDecimal(typed.amount);
    if (amount === null || amount === undefined) return 'badAmount';
    return { amount, ...common };
  }
  const lines: Array<{ lineItemId: string; amount?: string; quantity?: string }> = [];
  for (const [i, box] of typed.lines.entries()) {
    const amount = typedDecimal(box.amount);
    const quantity = typedDecimal(box.quantity);
    if (amount === null || quantity === null) return 'badAmount';
    // Both filled in goes to the API as typed: it refuses the pair (422) in its own words.
    if (amount !== undefined || quantity !== undefined) lines.push({ lineItemId: lineItemIds[i]!, ...(amount !== undefined && { amount }), ...(quantity !== undefined && { quantity }) });
  }
  return lines.length === 0 ? 'noLines' : { lines, ...common };
}

/** The two forms as the invoice page shows them; undefined where none fits (status, role). */
export function creditNoteFormsView(locale: PageLocale, invoice: InvoiceView, role: MemberRole, typed?: TypedCreditNote) {
  if (!(invoice.status === 'open' || invoice.status === 'paid') || !CREDIT_NOTE_ROLES.includes(role)) return undefined;
  const text = CREDIT_NOTE_TEXT[locale];
  const paid = invoice.status === 'paid';
  // Only a paid invoice has a payment to refund (the API answers 409 on an open one).
  const outcomes = (form: 'amount' | 'lines') => {
    const chosen = typed?.by === form && typed.outcome === 'refund' && paid ? 'refund' : 'credit';
    return [
      { value: 'credit', id: `${form}-outcome-credit`, name: text.outcomeNames.credit, meaning: paid ? text.outcomes.creditPaid : text.outcomes.creditOpen, checked: chosen === 'credit' },
      ...(paid ? [{ value: 'refund', id: `${form}-outcome-refund`, name: text.outcomeNames.refund, meaning: text.outcomes.refund, checked: chosen === 'refund' }] : []),
    ];
  };
  const again = (form: 'amount' | 'lines') => (typed?.by === form ? typed : undefined);
  return {
    text,
    openNoRefund: paid ? undefined : text.openNoRefund,
    byAmount: { idempotencyKey: formIdempotencyKey(), amount: again('amount')?.amount ?? '', reason: again('amount')?.reason ?? '', outcomes: outcomes('amount') },
    byLines:
      invoice.lineItems.length > MAX_FORM_LINES
        ? undefined
        : {
            idempotencyKey: formIdempotencyKey(),
            reason: again('lines')?.reason ?? '',
            outcomes: outcomes('lines'),
            lines: invoice.lineItems.map((line, i) => ({
              index: i,
              legend: text.lineLeft(line.description, formatAmount(line.amount, invoice.currency, locale)),
              amount: again('lines')?.lines[i]?.amount ?? '',
              quantity: again('lines')?.lines[i]?.quantity ?? '',
            })),
          },
    tooManyLines: invoice.lineItems.length > MAX_FORM_LINES ? text.tooManyLines : undefined,
  };
}
