// The dashboard's pages: plain server-rendered HTML (templates/*.hbs), no script, the inline
// stylesheet allowed by its hash; the words in dashboard-page.text.ts.
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { DASHBOARD_TEXT, type DashboardText } from './dashboard-page.text.ts';

const STYLES = pageAsset(new URL('./assets/dashboard.css', import.meta.url));

/** The stylesheet every dashboard page inlines (allowed by its hash). */
export const DASHBOARD_STYLES = STYLES;
export const DASHBOARD_STYLE_HASH = styleHash(STYLES);

interface SignInView {
  locale: PageLocale;
  text: DashboardText;
  styles: string;
  title: string;
  lead?: string;
  error?: string;
  /** Shows a form posting to `action` (credentials: email and password fields). */
  form: boolean;
  credentials?: boolean;
  action?: string;
  csrf?: string;
  email?: string;
}

const signInTemplate = pageTemplate<SignInView>(new URL('./templates/sign-in.hbs', import.meta.url));

/** The sign-in form; `error` above it after a refused attempt. */
export function renderSignIn(locale: PageLocale, csrf: string, options: { error?: string; email?: string } = {}): string {
  const text = DASHBOARD_TEXT[locale];
  return signInTemplate({ locale, text, styles: STYLES, title: text.signInTitle, form: true, credentials: true, action: '/dashboard/login', csrf, ...options });
}

/** The page of a one-time sign-in link: a button that uses it, or why it cannot be used. */
export function renderSignInLink(locale: PageLocale, action: string, csrf: string | null): string {
  const text = DASHBOARD_TEXT[locale];
  if (csrf === null) return signInTemplate({ locale, text, styles: STYLES, title: text.linkTitle, error: text.linkGone, form: false });
  return signInTemplate({ locale, text, styles: STYLES, title: text.linkTitle, lead: text.linkLead, form: true, action, csrf });
}

/** A refusal (403 CSRF, 429 too many attempts) with a link back to the sign-in page. */
export function renderRefusal(locale: PageLocale, reason: 'csrf' | 'rate_limited'): string {
  const text = DASHBOARD_TEXT[locale];
  return signInTemplate({ locale, text, styles: STYLES, title: text.refusedTitle, error: reason === 'csrf' ? text.refused : text.tooMany, form: false });
}
