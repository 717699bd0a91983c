// The sandbox confirmation page, in the browser's language (words: sandbox-page.text.ts): plain
// server-rendered HTML (templates/sandbox-page.hbs), no
// script. A pending charge shows a button (a form POST to the same link) that confirms it without
// real money; other states say what happened. Handlebars escapes every value; the inline
// stylesheet (assets/sandbox-page.css) is allowed by its hash.
import type { PageLocale } from '../../http/page-locale.ts';
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';
import { SANDBOX_PAGE_TEXT } from './sandbox-page.text.ts';

const STYLES = pageAsset(new URL('./assets/sandbox-page.css', import.meta.url));

export const SANDBOX_PAGE_STYLE_HASH = styleHash(STYLES);

const template = pageTemplate(new URL('./templates/sandbox-page.hbs', import.meta.url));

export interface SandboxPagePayment {
  id: string;
  /** Formatted for the page's locale ("R$ 49,90"). */
  amount: string;
  method: string;
  status: string;
}

export interface SandboxPage {
  lang: PageLocale;
  title: string;
  payment?: SandboxPagePayment;
  notice?: string;
  tone?: 'ok' | 'bad';
  /** The form's target (the confirmation link itself) when the charge can be confirmed. */
  action?: string;
}

export function renderSandboxPage(page: SandboxPage): string {
  return template({ ...page, t: SANDBOX_PAGE_TEXT[page.lang], styles: STYLES, noticeClass: page.tone ? `notice-${page.tone}` : '' });
}
