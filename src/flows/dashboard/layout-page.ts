// What every signed-in dashboard page shares: the test-mode banner, the header (account,
// environment switch, sign-out) and the navigation, rendered once here and inserted by each page.
import type { Environment } from '../../core/context.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';

export type DashboardSection = 'home' | 'customers' | 'invoices' | 'subscriptions' | 'payments' | 'catalog' | 'storefronts' | 'developers' | 'audit' | 'members';

export interface LayoutView {
  accountName: string;
  environment: Environment;
  csrf: string;
}

const headerTemplate = pageTemplate<object>(new URL('./templates/layout-header.hbs', import.meta.url), { strict: true });

const SECTIONS: Array<{ id: DashboardSection; href: string }> = [
  { id: 'home', href: '/dashboard' },
  { id: 'customers', href: '/dashboard/customers' },
  { id: 'invoices', href: '/dashboard/invoices' },
  { id: 'subscriptions', href: '/dashboard/subscriptions' },
  { id: 'payments', href: '/dashboard/payments' },
  { id: 'catalog', href: '/dashboard/catalog' },
  { id: 'storefronts', href: '/dashboard/storefronts' },
  { id: 'developers', href: '/dashboard/developers' },
  { id: 'audit', href: '/dashboard/audit' },
  // Owners and admins manage members there; other roles get its 403 page.
  { id: 'members', href: '/dashboard/members' },
];

export function renderHeader(locale: PageLocale, view: LayoutView, current: DashboardSection): string {
  const text = DASHBOARD_TEXT[locale];
  const words = BUSINESS_TEXT[locale];
  const other: Environment = view.environment === 'sandbox' ? 'production' : 'sandbox';
  return headerTemplate({
    text,
    words,
    ...view,
    sandbox: view.environment === 'sandbox',
    environmentName: text[view.environment],
    otherEnvironment: other,
    otherEnvironmentName: text[other],
    links: SECTIONS.map((section) => ({ ...section, label: words[section.id], current: section.id === current })),
  });
}
