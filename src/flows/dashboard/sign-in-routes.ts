// Signing in: the form at /dashboard/login and a one-time sign-in link. Both forms carry a CSRF
// token derived from the sign-in cookie (cookies.ts). A sign-in always starts a new session with a
// new token (a cookie presented before is never promoted, and is revoked), counts against the
// attempts of its client address and email until one succeeds (http/rate-limit.ts), and answers 303 to /dashboard.
// A member with two-step verification gets, after the password (or link), a second step instead:
// a one-use, five-minute challenge carried by its form (never a session); its wrong codes count
// against the same attempts, and the session starts only after a right code or recovery code.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import {
  challengeMember,
  endSession,
  normaliseEmail,
  signInLinkUsable,
  startSession,
  startSignInChallenge,
  totpEnabled,
  useSignInChallenge,
  verifySecondFactor,
  useSignInLink,
  verifyCredentials,
  type MemberView,
  SESSION_HOURS,
} from '../../modules/members/index.ts';
import { expiredCookie, newSignInValue, sessionCookie, signInCookie, signInCsrf, signInCsrfMatches, tokenCookie } from './cookies.ts';
import { renderRefusal, renderSignIn, renderSignInLink } from './dashboard-page.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { totpSealer } from './totp-sealer.ts';
import { renderSecurity } from './security-page.ts';
import { SECURITY_TEXT } from './security-page.text.ts';

const tags = ['dashboard'];
const redirect = (description: string) => ({ description, type: 'null' as const });
const LinkParams = Type.Object({ token: Type.String({ maxLength: 64 }) });

export function registerSignInRoutes(scope: App, kit: DashboardKit): void {
  const { deps, cookies } = kit;
  const pageConfig = { auth: 'none' as const, page: true, keylessCost: { cost: 'page' as const } };
  const formConfig = { auth: 'none' as const, page: true, idempotency: 'exempt' as const, keylessCost: { cost: 'write' as const } };

  /** The request's sign-in cookie value, or a new one set on the answer. */
  function signInValue(request: FastifyRequest, reply: FastifyReply): string {
    const present = tokenCookie(request.headers.cookie, cookies.signIn);
    if (present) return present;
    const value = newSignInValue();
    reply.header('set-cookie', signInCookie(cookies, value));
    return value;
  }

  function refuseForgery(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    if (signInCsrfMatches(tokenCookie(request.headers.cookie, cookies.signIn), formField(request.body, 'csrf', 100))) return undefined;
    const locale = kit.locale(request);
    return kit.page(reply, 403, locale, renderRefusal(locale, 'csrf'));
  }

  /** A new session for the member: its cookie set, the sign-in cookie and any earlier session ended. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, member: Pick<MemberView, 'id' | 'accountId'>): Promise<FastifyReply> {
    const now = deps.clock.now();
    const earlier = await kit.session(request);
    if (earlier) await endSession(deps.db, earlier, now);
    const { token } = await startSession(deps.db, member, now);
    reply.header('set-cookie', [sessionCookie(cookies, token, SESSION_HOURS * 3600), expiredCookie(cookies, cookies.signIn)]);
    return reply.redirect('/dashboard', 303);
  }

  /** The second step's page: its challenge, the sign-in cookie's CSRF token and a code field. */
  function secondStep(request: FastifyRequest, reply: FastifyReply, status: number, challenge: string, error?: string): FastifyReply {
    const locale = kit.locale(request);
    const text = SECURITY_TEXT[locale];
    const csrf = signInCsrf(signInValue(request, reply));
    const view = { title: text.stepTitle, lead: text.stepLead, error, action: '/dashboard/login/verify', csrf, challenge, askCode: true, recoveryAllowed: true, button: text.stepSubmit, signedOut: true };
    return kit.page(reply, status, locale, renderSecurity(locale, view));
  }

  /** Signs in, or asks the second step when the member turned two-step verification on. */
  async function passFirstStep(request: FastifyRequest, reply: FastifyReply, member: Pick<MemberView, 'id' | 'accountId'>): Promise<FastifyReply> {
    if (!(await totpEnabled(deps.db, member.id))) return signIn(request, reply, member);
    return secondStep(request, reply, 200, await startSignInChallenge(deps.db, member.id, deps.clock.now()));
  }

  /** Counts an attempt of the address and email: undefined, or the 429 page already sent. */
  async function countAttempt(request: FastifyRequest, reply: FastifyReply, attempts: string): Promise<FastifyReply | undefined> {
    try {
      await kit.limiters.dashboardSignIn.consume(attempts);
      return undefined;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const locale = kit.locale(request);
      reply.header('retry-after', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      return kit.page(reply, 429, locale, renderRefusal(locale, 'rate_limited'));
    }
  }

  scope.get(
    '/dashboard/login',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard sign-in page',
        description: 'A form posting email, password and a CSRF token; a signed-in browser is sent to /dashboard. pt-BR by default, English by Accept-Language.',
        response: { 200: htmlResponse('The sign-in page.'), 303: redirect('Already signed in: to /dashboard.') },
      },
    },
    async (request, reply) => {
      if (await kit.session(request)) return reply.redirect('/dashboard', 303);
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderSignIn(locale, signInCsrf(signInValue(request, reply))));
    },
  );

  scope.post(
    '/dashboard/login',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Sign in to the dashboard (the sign-in form)',
        description:
          'Form fields email, password and csrf (from the sign-in page, bound to its cookie: 403 without it). Attempts are limited per client ' +
          'address and email (DASHBOARD_SIGN_IN_ATTEMPTS failures per 15 minutes, default 10: 429; a success clears the count). A right password starts a new session ' +
          '(HttpOnly, SameSite=Lax cookie on /dashboard, Secure on https, 12 hours) and answers 303 to /dashboard; a wrong one, 401 and the form again.',
        response: {
          303: redirect('Signed in: to /dashboard.'),
          401: htmlResponse('Wrong email or password: the form again.'),
          403: htmlResponse('The CSRF token is missing or does not match the sign-in cookie.'),
          429: htmlResponse('Too many attempts from this address for this email.'),
        },
      },
    },
    async (request, reply) => {
      const refused = refuseForgery(request, reply);
      if (refused) return refused;
      const locale = kit.locale(request);
      const email = formField(request.body, 'email') ?? '';
      const password = formField(request.body, 'password', 200) ?? '';
      const attempts = `${request.ip}|${normaliseEmail(email)}`;
      const limited = await countAttempt(request, reply, attempts);
      if (limited) return limited;
      const member = email && password ? await verifyCredentials(deps.db, email, password) : null;
      if (member) {
        // A success clears the count: only failures in a row hold an address and email back. With
        // a second step, only its success does (its wrong codes count on from here).
        if (!(await totpEnabled(deps.db, member.id))) await kit.limiters.dashboardSignIn.delete(attempts);
        return passFirstStep(request, reply, member);
      }
      const csrf = signInCsrf(signInValue(request, reply));
      return kit.page(reply, 401, locale, renderSignIn(locale, csrf, { error: DASHBOARD_TEXT[locale].wrongCredentials, email }));
    },
  );

  scope.get(
    '/dashboard/sign-in/:token',
    {
      config: pageConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'A one-time sign-in link',
        description: 'Shows a button that uses the link (a GET never uses it: mail scanners open links). 404 when it is unknown, used or expired.',
        params: LinkParams,
        response: { 200: htmlResponse('The button.'), 404: htmlResponse('The link cannot be used.') },
      },
    },
    async (request, reply) => {
      const locale = kit.locale(request);
      const usable = !request.validationError && (await signInLinkUsable(deps.db, request.params.token, deps.clock.now()));
      if (!usable) return kit.page(reply, 404, locale, renderSignInLink(locale, '', null));
      const csrf = signInCsrf(signInValue(request, reply));
      return kit.page(reply, 200, locale, renderSignInLink(locale, `/dashboard/sign-in/${request.params.token}`, csrf));
    },
  );

  scope.post(
    '/dashboard/sign-in/:token',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Use a one-time sign-in link (its page\'s button)',
        description: 'Form field csrf (from the link\'s page). Uses the link once and starts a session: 303 to /dashboard; 404 when used or expired.',
        params: LinkParams,
        response: { 303: redirect('Signed in: to /dashboard.'), 403: htmlResponse('CSRF token refused.'), 404: htmlResponse('The link cannot be used.') },
      },
    },
    async (request, reply) => {
      const refused = refuseForgery(request, reply);
      if (refused) return refused;
      const locale = kit.locale(request);
      const member = request.validationError ? undefined : await useSignInLink(deps.db, request.params.token, deps.clock.now());
      if (!member) return kit.page(reply, 404, locale, renderSignInLink(locale, '', null));
      return passFirstStep(request, reply, member);
    },
  );

  scope.post(
    '/dashboard/login/verify',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'The second step of a sign-in (two-step verification)',
        description:
          'Form fields challenge (from the second step\'s page: five minutes, used once), code (a current TOTP code, or a recovery code) and csrf. ' +
          'A right code starts the session (303 to /dashboard); a wrong one (401) counts against the sign-in attempts of the address and email (429 past them); ' +
          'an expired or used challenge, 404. A TOTP code is accepted once.',
        response: {
          303: redirect('Signed in: to /dashboard.'),
          401: htmlResponse('Wrong code: the step again.'),
          403: htmlResponse('CSRF token refused.'),
          404: htmlResponse('The challenge expired or was used.'),
          429: htmlResponse('Too many attempts from this address for this email.'),
        },
      },
    },
    async (request, reply) => {
      const refused = refuseForgery(request, reply);
      if (refused) return refused;
      const locale = kit.locale(request);
      const now = deps.clock.now();
      const challenge = formField(request.body, 'challenge', 64) ?? '';
      const member = challenge ? await challengeMember(deps.db, challenge, now) : undefined;
      const keyring = totpSealer(deps.config);
      if (!member || !keyring) {
        const text = SECURITY_TEXT[locale];
        return kit.page(reply, 404, locale, renderSecurity(locale, { title: text.stepTitle, error: text.stepGone, signedOut: true }));
      }
      const attempts = `${request.ip}|${member.email}`;
      const limited = await countAttempt(request, reply, attempts);
      if (limited) return limited;
      const code = formField(request.body, 'code', 40) ?? '';
      if (!(await verifySecondFactor(deps.db, keyring, member.id, code, now))) return secondStep(request, reply, 401, challenge, SECURITY_TEXT[locale].wrongCode);
      if (!(await useSignInChallenge(deps.db, challenge, now))) {
        const text = SECURITY_TEXT[locale];
        return kit.page(reply, 404, locale, renderSecurity(locale, { title: text.stepTitle, error: text.stepGone, signedOut: true }));
      }
      await kit.limiters.dashboardSignIn.delete(attempts);
      return signIn(request, reply, member);
    },
  );
}
