// The developers pages: API keys and webhook endpoints (developers.hbs), one endpoint with its
// deliveries, the event log and one event, the page that shows a new secret once, and the refusals.
// Forms are drawn only for the roles that may use them; the routes check the role again.
import { SCOPES } from '../../core/auth.ts';
import { formatShortDay } from '../../core/locale.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { KeyView } from '../../modules/accounts/index.ts';
import type { EventView } from '../../modules/events/index.ts';
import { ALL_EVENTS, EVENT_KINDS, type DeliveryView, type EndpointHealth } from '../../modules/webhooks/index.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { DEVELOPERS_TEXT, type DevelopersText } from './developers-page.text.ts';
import { DEVELOPERS_SETTINGS_TEXT } from './developers-settings.text.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';

const template = (name: string) => pageTemplate<object>(new URL(`./templates/${name}.hbs`, import.meta.url), { strict: true });
const developersTemplate = template('developers');
const endpointTemplate = template('developers-endpoint');
const eventsTemplate = template('developers-events');
const eventTemplate = template('developers-event');
const secretTemplate = template('developers-secret');
const messageTemplate = template('developers-message');

/** What the session's member may do here (owner/admin: everything; support and read_only read). */
export interface Powers {
  manage: boolean;
  resend: boolean;
}

/** A day and time in UTC, the instant events and deliveries are about: "28/11/2026 04:41:07 UTC". */
export function formatInstant(date: Date, locale: PageLocale): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' }).format(date)} UTC`;
}

function shell(locale: PageLocale, layout: LayoutView) {
  return { locale, t: DEVELOPERS_TEXT[locale], styles: DASHBOARD_STYLES, header: renderHeader(locale, layout, 'developers'), csrf: layout.csrf };
}

function endpointFlags(t: DevelopersText, locale: PageLocale, endpoint: EndpointHealth): string[] {
  const flags: string[] = [];
  if (!endpoint.isActive) flags.push(`${t.disabled}${endpoint.disabledReason ? `: ${t.disabledReasons[endpoint.disabledReason] ?? endpoint.disabledReason}` : ''}`);
  if (endpoint.failingSince) flags.push(`${t.failingSince} ${formatInstant(endpoint.failingSince, locale)}`);
  if (endpoint.consecutiveFailures > 0) flags.push(t.unanswered(endpoint.consecutiveFailures));
  if (endpoint.slowLaneUntil) flags.push(`${t.slowLaneUntil} ${formatInstant(endpoint.slowLaneUntil, locale)}`);
  return flags;
}

/** An endpoint as the lists show it: failing ones flagged with why. */
export function endpointSummary(locale: PageLocale, endpoint: EndpointHealth) {
  const t = DEVELOPERS_TEXT[locale];
  return { id: endpoint.id, url: endpoint.url, failing: endpoint.failing, state: endpoint.isActive ? t.enabled : t.disabled, flags: endpointFlags(t, locale, endpoint).join(' · ') };
}

/** The event kinds a form offers ("*" first), each ticked when `chosen` holds it. */
function eventKindsOf(t: DevelopersText, chosen: readonly string[] = []) {
  return [ALL_EVENTS, ...EVENT_KINDS].map((kind) => ({
    kind,
    id: kind === ALL_EVENTS ? 'all' : kind.replace(/[._]/g, '-'),
    label: kind === ALL_EVENTS ? t.allEvents : kind,
    checked: chosen.includes(kind),
  }));
}

export interface DevelopersView {
  keys: KeyView[];
  endpoints: EndpointHealth[];
  powers: Powers;
  /** One fresh Idempotency-Key per form drawn. */
  formKey: () => string;
}

export function renderDevelopers(locale: PageLocale, layout: LayoutView, view: DevelopersView): string {
  const t = DEVELOPERS_TEXT[locale];
  // Failing endpoints first, each group newest first (the order they came in).
  const endpoints = [...view.endpoints.filter((e) => e.failing), ...view.endpoints.filter((e) => !e.failing)];
  return developersTemplate({
    ...shell(locale, layout),
    s: DEVELOPERS_SETTINGS_TEXT[locale],
    manage: view.powers.manage,
    keys: view.keys.map((key) => ({
      id: key.id,
      name: key.name ?? t.unnamedKey,
      redacted: key.redactedKey,
      type: key.type === 'secret' ? t.secret : t.publishable,
      scopes: key.scopes.join(', '),
      created: `${t.createdOn} ${formatShortDay(key.createdAt, locale)}`,
      revoked: key.revokedAt ? `${t.revokedOn} ${formatShortDay(key.revokedAt, locale)}` : null,
      revocable: view.powers.manage && key.revokedAt === null,
      idempotencyKey: view.powers.manage && key.revokedAt === null ? view.formKey() : null,
    })),
    scopes: SCOPES.map((scope) => ({ scope, id: scope.replace(':', '-') })),
    createKey: view.powers.manage ? view.formKey() : null,
    createEndpoint: view.powers.manage ? view.formKey() : null,
    eventKinds: eventKindsOf(t),
    endpoints: endpoints.map((endpoint) => endpointSummary(locale, endpoint)),
  });
}

export interface EndpointPageView {
  endpoint: EndpointHealth;
  deliveries: DeliveryView[];
  powers: Powers;
  formKey: () => string;
}

export function renderEndpoint(locale: PageLocale, layout: LayoutView, view: EndpointPageView): string {
  const t = DEVELOPERS_TEXT[locale];
  const { endpoint, powers } = view;
  return endpointTemplate({
    ...shell(locale, layout),
    s: DEVELOPERS_SETTINGS_TEXT[locale],
    endpoint: { ...endpointSummary(locale, endpoint), description: endpoint.description, events: endpoint.events.join(', '), isActive: endpoint.isActive },
    // The edit form, filled with the endpoint as it is (owners and admins).
    editKey: powers.manage ? view.formKey() : null,
    eventKinds: eventKindsOf(t, endpoint.events),
    rotateKey: powers.manage ? view.formKey() : null,
    testKey: powers.manage && endpoint.isActive ? view.formKey() : null,
    deliveries: view.deliveries.map((delivery) => {
      const last = delivery.attempts.at(-1);
      const lastError = last && !(last.status !== null && last.status >= 200 && last.status < 300) ? (last.error ?? `${t.httpStatus} ${last.status}`) : null;
      return {
        id: delivery.id,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        status: t.deliveryStatuses[delivery.status] ?? delivery.status,
        statusClass: delivery.status,
        attempts: t.attempts(delivery.attemptCount),
        created: formatInstant(delivery.createdAt, locale),
        lastError,
        retryKey: powers.resend ? view.formKey() : null,
      };
    }),
  });
}

export interface EventsView {
  type: string;
  events: EventView[];
  nextHref: string | null;
  kinds: readonly string[];
}

export function renderEvents(locale: PageLocale, layout: LayoutView, view: EventsView): string {
  return eventsTemplate({
    ...shell(locale, layout),
    type: view.type,
    kinds: view.kinds,
    nextHref: view.nextHref,
    events: view.events.map((event) => ({ id: event.id, type: event.type, created: formatInstant(event.createdAt, locale) })),
  });
}

export function renderEvent(locale: PageLocale, layout: LayoutView, event: EventView): string {
  return eventTemplate({ ...shell(locale, layout), id: event.id, type: event.type, created: formatInstant(event.createdAt, locale), json: JSON.stringify(event.data, null, 2) });
}

/** The one page that shows a new key or signing secret: answered to the form's POST, never stored. */
export function renderSecret(locale: PageLocale, layout: LayoutView, view: { kind: 'key' | 'webhook' | 'webhook-created'; secret: string; name: string; backHref: string }): string {
  const t = DEVELOPERS_TEXT[locale];
  const [title, lead] = { key: [t.keyCreatedTitle, t.keyCreatedLead], webhook: [t.secretRotatedTitle, t.secretRotatedLead], 'webhook-created': [t.endpointCreatedTitle, t.endpointCreatedLead] }[view.kind];
  return secretTemplate({ ...shell(locale, layout), title, lead, secret: view.secret, name: view.name, backHref: view.backHref });
}

/** A refusal or failure: 403 (role), 404 (no such thing in this tenant), or the API's error. */
export function renderMessage(locale: PageLocale, layout: LayoutView, view: { kind: 'forbidden' | 'not_found' | 'failed'; detail?: string; backHref?: string }): string {
  const t = DEVELOPERS_TEXT[locale];
  const title = { forbidden: t.forbiddenTitle, not_found: t.notFoundTitle, failed: t.failedTitle }[view.kind];
  const message = view.kind === 'forbidden' ? t.forbidden : view.kind === 'not_found' ? t.notFound : (view.detail ?? '');
  return messageTemplate({ ...shell(locale, layout), title, message, kind: view.kind, backHref: view.backHref ?? '/dashboard/developers' });
}
