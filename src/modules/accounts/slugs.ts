// Account slugs appear in checkout addresses (/pay/{slug}), so they share the storefront slug rules.
import { randomBytes } from 'node:crypto';

export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
const slugRegex = new RegExp(SLUG_PATTERN);

/** Words that are routes of their own under /pay or /public, or that would mislead a buyer. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin', 'api', 'app', 'assets', 'billing', 'checkout', 'confirm', 'dashboard', 'docs', 'downloads', 'help',
  'invoices', 'login', 'pay', 'public', 'sandbox', 'shop', 'storefronts', 'static', 'status', 'support', 'test', 'www',
]);

export function isValidSlug(slug: string): boolean {
  return slug.length >= 3 && slug.length <= 40 && slugRegex.test(slug) && !RESERVED_SLUGS.has(slug);
}

/** A slug made from a name ("Loja da Ana!" -> "loja-da-ana-x7k2"), with a random tail to avoid clashes. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
  const tail = randomBytes(3).toString('hex');
  return base.length >= 3 ? `${base}-${tail}` : `account-${tail}`;
}
