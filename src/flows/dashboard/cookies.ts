// The dashboard's two cookies, read and written with the `cookie` package:
//   - the session: the random token of a dashboard session (modules/members), HttpOnly,
//     SameSite=Lax, Path=/dashboard, for the session's lifetime;
//   - the sign-in cookie: a random value the sign-in forms' CSRF token is derived from (below), so
//     a form posted from another site, which cannot read it, is refused (login CSRF).
// Secure whenever the service is served over https (BASE_URL); then the names carry the
// `__Secure-` prefix, which browsers accept only from https and with Secure. (`__Host-` would
// also need Path=/, wider than the dashboard.)
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';

export interface CookieNames {
  session: string;
  signIn: string;
  secure: boolean;
}

export function cookieNames(baseUrl: string): CookieNames {
  const secure = baseUrl.startsWith('https:');
  const prefix = secure ? '__Secure-' : '';
  return { session: `${prefix}dashboard_session`, signIn: `${prefix}dashboard_sign_in`, secure };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A cookie's value when it has the shape of a 32-byte base64url token; undefined otherwise. */
export function tokenCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value = parseCookie(header)[name];
  return value && TOKEN_PATTERN.test(value) ? value : undefined;
}

function setCookie(names: CookieNames, name: string, value: string, maxAge: number): string {
  return stringifySetCookie({ name, value, maxAge, path: '/dashboard', httpOnly: true, sameSite: 'lax', secure: names.secure });
}

export function sessionCookie(names: CookieNames, token: string, maxAgeSeconds: number): string {
  return setCookie(names, names.session, token, maxAgeSeconds);
}

export function signInCookie(names: CookieNames, value: string): string {
  return setCookie(names, names.signIn, value, 3600);
}

/** Deletes a cookie (same name, path and flags, Max-Age=0). */
export function expiredCookie(names: CookieNames, name: string): string {
  return setCookie(names, name, '', 0);
}

export function newSignInValue(): string {
  return randomBytes(32).toString('base64url');
}

/** The CSRF token of the sign-in forms: an HMAC keyed by the sign-in cookie's value. */
export function signInCsrf(signInValue: string): string {
  return createHmac('sha256', signInValue).update('dashboard sign-in').digest('base64url');
}

export function signInCsrfMatches(signInValue: string | undefined, presented: string | undefined): boolean {
  if (!signInValue || !presented) return false;
  const expected = Buffer.from(signInCsrf(signInValue));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
