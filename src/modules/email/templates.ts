// Email templates: Handlebars, compiled once. HTML templates escape every value ({{value}}); the
// plain-text variant of a message is compiled with escaping off, since it is not HTML.
import Handlebars from 'handlebars';

const html = Handlebars.create();
const text = Handlebars.create();

export interface EmailTemplate<T> {
  subject: (data: T) => string;
  text: (data: T) => string;
  html: (data: T) => string;
}

/** Compiles a message's three parts; `strict` makes a missing value an error instead of "". */
export function compileEmailTemplate<T>(source: { subject: string; text: string; html: string }): EmailTemplate<T> {
  return {
    subject: text.compile<T>(source.subject, { noEscape: true, strict: true }),
    text: text.compile<T>(source.text, { noEscape: true, strict: true }),
    html: html.compile<T>(source.html, { strict: true }),
  };
}
