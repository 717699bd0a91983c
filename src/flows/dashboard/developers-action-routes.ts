// What the developers routes share: the signed-in member with the powers of its role, and the one
// path every developers action takes: CSRF, then role, then the API's own route through callApi
// with the form's Idempotency-Key (a double submit replays the stored answer, never acts twice).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlResponse } from '../../http/pages.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { callApi, type ApiAnswer } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { renderMessage, type Powers } from './developers-page.ts';
import { DEVELOPERS_TEXT } from './developers-page.text.ts';
import type { LayoutView } from './layout-page.ts';
import { redirect } from './members-forms.ts';
import { formSignedIn, isSignedIn, pageSignedIn, type SignedIn } from './signed-in.ts';

/** The OpenAPI answers of every developers action. */
export const actionResponses = {
  303: redirect('Done: to the resource page (or /dashboard/login when signed out).'),
  403: htmlResponse('CSRF token refused, or the role cannot do this (settings are for owners and admins).'),
  404: htmlResponse('No such resource in this account and environment.'),
  409: htmlResponse('The API refused: conflict.'),
  422: htmlResponse('The form or the API refused a field.'),
};

/** Settings (keys, endpoints, secrets): owners and admins. */
export const SETTINGS_ROLES: readonly MemberRole[] = ['owner', 'admin'];
/** Resending a webhook delivery: a developer's setting like the rest (the API's route needs account:write). */
export const RESEND_ROLES: readonly MemberRole[] = ['owner', 'admin'];

/** The signed-in member with the powers of its role on this section. */
export type DeveloperView = SignedIn & { powers: Powers };

function withPowers(who: SignedIn): DeveloperView {
  return { ...who, powers: { manage: who.may(SETTINGS_ROLES), resend: who.may(RESEND_ROLES) } };
}

/** The signed-in member's view for a page, or the redirect to sign-in already sent. */
export async function pageView(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<DeveloperView | FastifyReply> {
  const who = await pageSignedIn(kit, request, reply);
  return isSignedIn(who) ? withPowers(who) : who;
}

export function isView(value: DeveloperView | FastifyReply): value is DeveloperView {
  return 'powers' in value;
}

/** Sends a developers message page (403 role, 404 not found, or the API's refusal). */
export function sendMessage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, layout: LayoutView, status: number, view: Parameters<typeof renderMessage>[2]) {
  const locale = kit.locale(request);
  return kit.page(reply, status, locale, renderMessage(locale, layout, view));
}

/** The message an API error body carries (standard or nested shape). */
function apiMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; error?: { message?: unknown } };
  const message = record.message ?? record.error?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The fields a 422 names, as "field: description" (never the value: it may be a secret sent under the wrong name). */
function apiFieldErrors(body: unknown): string[] {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.map((e: { field?: unknown; description?: unknown }) => `${String(e.field ?? '')}: ${String(e.description ?? '')}`);
}

export interface DeveloperAction<T> {
  allowed: readonly MemberRole[];
  /** The API call the form makes; undefined when the form's own fields are invalid (422, `invalid` shown), 'not_found' for a malformed id (the 404 of an unknown one). */
  call: (view: DeveloperView) => { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown } | undefined | 'not_found';
  invalid?: string;
  /** Where a refusal's page links back to. */
  backHref: string;
  done: (view: DeveloperView, answer: ApiAnswer<T>) => FastifyReply | Promise<FastifyReply>;
}

/** CSRF (403), role (403), the form's Idempotency-Key, then the API; its 4xx become the page with its message and status. */
export async function runAction<T>(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, action: DeveloperAction<T>): Promise<FastifyReply> {
  const who = await formSignedIn(kit, request, reply);
  if (!isSignedIn(who)) return who;
  const view = withPowers(who);
  const t = DEVELOPERS_TEXT[kit.locale(request)];
  if (!view.may(action.allowed)) return sendMessage(kit, request, reply, view.layout, 403, { kind: 'forbidden', backHref: action.backHref });
  const idempotencyKey = formField(request.body, 'idempotencyKey', 100);
  const call = action.call(view);
  if (call === 'not_found') return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found', backHref: action.backHref });
  if (!idempotencyKey || !call) return sendMessage(kit, request, reply, view.layout, 422, { kind: 'failed', detail: action.invalid ?? t.invalidForm, backHref: action.backHref });
  const answer = await callApi<T>(kit, view.session, { ...call, idempotencyKey });
  if (answer.status < 300) return action.done(view, answer);
  if (answer.status === 404) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found', backHref: action.backHref });
  if (answer.status === 403 && apiMessage(answer.body) === undefined) return sendMessage(kit, request, reply, view.layout, 403, { kind: 'forbidden', backHref: action.backHref });
  const fields = apiFieldErrors(answer.body);
  const detail = `${t.apiSaid} ${answer.status}: ${apiMessage(answer.body) ?? ''}${fields.length > 0 ? ` (${fields.join('; ')})` : ''}`.trim();
  return sendMessage(kit, request, reply, view.layout, answer.status, { kind: 'failed', detail, backHref: action.backHref });
}
