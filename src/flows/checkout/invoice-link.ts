// The invoice link ({slug, invoice id, access token}), the credential of the hosted invoice page and
// of its JSON actions. The slug is resolved to its account, the invoice looked up inside that
// account, and only then is the token compared, in constant time: any part wrong answers null,
// never saying which.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { findPublicAccount, type PublicAccount } from '../../modules/accounts/index.ts';
import { findAccountInvoice, type InvoiceRow } from '../../modules/invoices/index.ts';

export interface InvoiceLink {
  slug: string;
  invoiceId: string;
  /** As presented (a query string may repeat it, or leave it out). */
  token: unknown;
}

export interface LinkedInvoice {
  account: PublicAccount;
  invoice: InvoiceRow;
}

/** The invoice a link names (drafts included: each caller says what a draft answers), or null. */
export async function resolveInvoiceLink(ex: Executor, link: InvoiceLink): Promise<LinkedInvoice | null> {
  if (typeof link.token !== 'string' || link.token.length === 0 || !isUuid(link.invoiceId)) return null;
  const account = await findPublicAccount(ex, link.slug);
  if (!account) return null;
  const invoice = await findAccountInvoice(ex, account.id, link.invoiceId.toLowerCase());
  return invoice && sameToken(invoice.access_token, link.token) ? { account, invoice } : null;
}

/** Constant-time comparison (of digests, so unequal lengths take the same path). */
function sameToken(expected: string, presented: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(presented));
}
