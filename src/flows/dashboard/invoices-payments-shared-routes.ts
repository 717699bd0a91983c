// What the dashboard's business pages' routes share (invoices, payments, customers): the answers
// of an action form, the page cursor, and the words shown for an API's refusal. The signed-in
// member is signed-in.ts's; the actions themselves go through the service's own API (api-call.ts).
import { isUuid } from '../../core/ids.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { ApiAnswer } from './api-call.ts';
import { MONEY_TEXT, type MoneyErrorCode } from './invoices-payments.text.ts';

export const PAGE_SIZE = 25;
export const signedOut = { description: 'Signed out: to /dashboard/login.', type: 'null' as const };

/** The answers of an action form: done (303), or the resource's page with the refusal at its status. */
export const actionResponses = (done: string) => ({
  303: { description: `Done: to ${done} (or /dashboard/login when signed out).`, type: 'null' as const },
  403: htmlResponse('CSRF token refused, or the role may not do this: nothing changed.'),
  404: htmlResponse('No such resource in this account and environment.'),
  409: htmlResponse("The API's conflict (the status does not allow it): the page with its message."),
  422: htmlResponse("The API's refusal of the data (or a form without its idempotencyKey): the page with its message."),
  502: htmlResponse("The processor refused or is down (the API's 502): the page with its message; nothing was recorded."),
  504: htmlResponse("The processor did not answer in time (the API's 504): the page with its message; nothing was recorded."),
});

/** The id of the API's `cursor` (base64url of the last id); a broken cursor starts from the newest. */
export function afterIdOf(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : null;
}

/** What the page says of an API's refusal: our words for the codes we know, then the API's own message. */
export function refusalText(locale: PageLocale, answer: ApiAnswer): string {
  const errors = MONEY_TEXT[locale].errors;
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as { error_code?: unknown; message?: unknown };
  const code = typeof body.error_code === 'string' && body.error_code in errors ? (body.error_code as MoneyErrorCode) : 'other';
  const message = typeof body.message === 'string' ? body.message : '';
  return message ? `${errors[code]} (${message})` : errors[code];
}
