// A member's security page (two-step verification: set up, confirm, recovery codes, turn off) and
// the sign-in's second step (security.hbs). The QR is an inline SVG: drawn as one path, it needs
// no image source nor style in the dashboard's CSP.
import QRCode from 'qrcode';
import type { PageLocale } from '../../http/page-locale.ts';
import { pageAsset, pageTemplate } from '../../http/page-templates.ts';
import { SECURITY_TEXT, type SecurityText } from './security-page.text.ts';

const STYLES = pageAsset(new URL('./assets/dashboard.css', import.meta.url));
const MARGIN = 4;

export interface SecurityView {
  title?: string;
  lead?: string;
  error?: string;
  notice?: string;
  recoveryCodes?: string[];
  setup?: { secret: string; uri: string };
  action?: string;
  csrf?: string;
  challenge?: string;
  askPassword?: boolean;
  askCode?: boolean;
  /** The code field accepts recovery codes too (the sign-in's second step). */
  recoveryAllowed?: boolean;
  button?: string;
  signedOut?: boolean;
}

const template = pageTemplate<object>(new URL('./templates/security.hbs', import.meta.url));

/** The QR code of a text as an SVG element: dark modules as one path, a white quiet zone. */
export function qrSvg(text: string, label: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * MARGIN;
  let path = '';
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) if (modules.get(y, x)) path += `M${x + MARGIN} ${y + MARGIN}h1v1h-1z`;
  }
  const escaped = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escaped}" viewBox="0 0 ${side} ${side}" width="220" height="220" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

export function renderSecurity(locale: PageLocale, view: SecurityView): string {
  const text: SecurityText = SECURITY_TEXT[locale];
  const back = view.signedOut ? { backHref: '/dashboard/login', backLabel: text.backToSignIn } : { backHref: '/dashboard', backLabel: text.back };
  return template({
    locale,
    text,
    styles: STYLES,
    ...view,
    title: view.title ?? text.title,
    setup: view.setup && { secret: view.setup.secret, qrSvg: qrSvg(view.setup.uri, text.qrLabel) },
    codeLabel: view.recoveryAllowed ? text.stepCode : text.code,
    codeMode: view.recoveryAllowed ? 'text' : 'numeric',
    ...back,
  });
}
