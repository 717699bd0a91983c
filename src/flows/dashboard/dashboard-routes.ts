// What the dashboard's route files share: the session of a request's cookie, the page's language,
// sending a page, and reading a posted form's fields.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageLocale, type PageLocale } from '../../http/page-locale.ts';
import { sendPage } from '../../http/pages.ts';
import type { RateLimiters } from '../../http/rate-limit.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { findSession, type DashboardSession } from '../../modules/members/index.ts';
import { cookieNames, tokenCookie, type CookieNames } from './cookies.ts';

export interface DashboardKit {
  deps: AppDeps;
  /** The app, whose API the dashboard's actions call (api-call.ts). */
  app: App;
  limiters: RateLimiters;
  cookies: CookieNames;
  /** The live session of the request's cookie, or undefined. */
  session(request: FastifyRequest): Promise<DashboardSession | undefined>;
  locale(request: FastifyRequest): PageLocale;
  page(reply: FastifyReply, status: number, locale: PageLocale, html: string): FastifyReply;
}

export function dashboardKit(deps: AppDeps, limiters: RateLimiters, app: App): DashboardKit {
  const cookies = cookieNames(deps.config.baseUrl);
  return {
    deps,
    app,
    limiters,
    cookies,
    session: async (request) => {
      const token = tokenCookie(request.headers.cookie, cookies.session);
      return token === undefined ? undefined : findSession(deps.db, token, deps.clock.now());
    },
    locale: (request) => pageLocale(request.headers['accept-language']),
    page: (reply, status, locale, html) => sendPage(reply.header('content-language', locale).header('vary', 'accept-language, cookie'), status, html),
  };
}

/** A posted form's field: its one string value, or undefined (absent, repeated or too long). */
export function formField(body: unknown, name: string, maxLength = 254): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length <= maxLength ? value : undefined;
}
