// The account's language for what the service writes (emails, invoice line texts): its setting,
// or by the document's currency when it has none (core/locale.ts).
import type { Executor } from '../../db/database.ts';
import { documentLocale, type Locale } from '../../core/locale.ts';
import { notFound } from '../../core/errors.ts';
import * as repo from './repository.ts';

/**
 * The language of what the service writes now for the account in `currency` (an email, an invoice
 * line's text): its setting, or by the currency when it has none (core/locale.ts).
 */
export async function localeFor(ex: Executor, accountId: string, currency: string): Promise<Locale> {
  return documentLocale(await localeSettingOf(ex, accountId), currency);
}

/** The account's locale setting (null: by currency), for a caller writing in several currencies at once. */
export async function localeSettingOf(ex: Executor, accountId: string): Promise<Locale | null> {
  const row = await repo.findLocaleSetting(ex, accountId);
  if (!row) throw notFound('account');
  return row.locale;
}
