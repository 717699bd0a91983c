// The files a buyer's page is made of, kept beside the flow that serves it: Handlebars templates
// (templates/*.hbs) and assets (assets/*.css, assets/*.js) inlined into the page, the stylesheet
// allowed by its hash, the script by the answer's nonce (pages.ts). A page module reads them once,
// when it loads, with URLs relative to itself (`new URL('./templates/x.hbs', import.meta.url)`):
// `npm run build` copies every non-TypeScript file of src/ beside the compiled code and points the
// bundle's `import.meta.url` at each module's built place, so the same URLs find them in dist/.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';

const handlebars = Handlebars.create();

/**
 * A page template. `{{value}}` is HTML-escaped; `{{{value}}}` is inserted as is and kept for the
 * page's own stylesheet, script and JSON data block. The file is read and parsed now (a syntax
 * error stops the start); Handlebars turns it into code on its first use and keeps that.
 * `strict` makes a missing value an error instead of "".
 */
export function pageTemplate<T>(file: URL, options: { strict?: boolean } = {}): HandlebarsTemplateDelegate<T> {
  return handlebars.compile<T>(handlebars.parseWithoutProcessing(pageAsset(file)), options);
}

/** An asset's text: a stylesheet or a script the page inlines. */
export function pageAsset(file: URL): string {
  return readFileSync(file, 'utf8');
}

/** For the Content-Security-Policy: the hash that allows an inline stylesheet. */
export function styleHash(styles: string): string {
  return `'sha256-${createHash('sha256').update(styles).digest('base64')}'`;
}
