// The front page at `/`: plain server-rendered HTML (templates/home-page.hbs), no script, its
// inline stylesheet allowed by its hash; the words in home-page.text.ts.
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { HOME_PAGE_TEXT } from './home-page.text.ts';

const STYLES = pageAsset(new URL('./assets/home-page.css', import.meta.url));

export const HOME_PAGE_STYLE_HASH = styleHash(STYLES);

const template = pageTemplate<{ locale: PageLocale; text: (typeof HOME_PAGE_TEXT)[PageLocale]; baseUrl: string; styles: string }>(
  new URL('./templates/home-page.hbs', import.meta.url),
  { strict: true },
);

export function renderHomePage(locale: PageLocale, baseUrl: string): string {
  return template({ locale, text: HOME_PAGE_TEXT[locale], baseUrl, styles: STYLES });
}
