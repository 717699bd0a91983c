// The developers settings pages (issue #32): processor connections (the list, one connection with
// its forms), the Rail settings with its relayer, and the confirmation step before a deletion.
// Secrets are write-only: a secret field is drawn empty, whatever is stored; only the API's
// non-secret values (and its "stored" masks) are ever put in a page.
import type { PageLocale } from '../../http/page-locale.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { formatInstant } from './developers-page.ts';
import { DEVELOPERS_TEXT } from './developers-page.text.ts';
import { DEVELOPERS_SETTINGS_TEXT } from './developers-settings.text.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';

const template = (name: string) => pageTemplate<object>(new URL(`./templates/${name}.hbs`, import.meta.url), { strict: true });
const providersTemplate = template('developers-providers');
const providerTemplate = template('developers-provider');
const railTemplate = template('developers-rail');
const confirmTemplate = template('developers-confirm');

/** PEM text: drawn as a textarea (a password input would drop its line breaks). */
const MULTILINE_FIELDS = new Set(['certificate', 'privateKey', 'caCertificate']);

/** A connection as GET /account/providers answers it (secrets already masked by the API). */
export interface ApiConnection {
  provider: string;
  environment: string;
  methods: string[];
  status: string;
  statusReason: string | null;
  webhookUrl: string;
  credentials: Record<string, string>;
  checkedAt: string | null;
}

/** What the dashboard knows of a processor's form: its fields and which of them are secret. */
export interface ProcessorShape {
  name: string;
  supportedMethods: readonly string[];
  credentialFields: readonly string[];
  optionalCredentialFields: readonly string[];
  secretFields: readonly string[];
}

function shell(locale: PageLocale, layout: LayoutView) {
  return {
    locale,
    t: DEVELOPERS_TEXT[locale],
    s: DEVELOPERS_SETTINGS_TEXT[locale],
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'developers'),
    csrf: layout.csrf,
  };
}

function connectionFacts(locale: PageLocale, connection: ApiConnection) {
  const s = DEVELOPERS_SETTINGS_TEXT[locale];
  return {
    environment: s.environments[connection.environment] ?? connection.environment,
    methods: connection.methods.join(', '),
    status: s.statuses[connection.status] ?? connection.status,
    statusClass: connection.status,
    statusReason: connection.statusReason,
    lastCheck: connection.checkedAt ? formatInstant(new Date(connection.checkedAt), locale) : s.neverChecked,
  };
}

export function renderProviders(locale: PageLocale, layout: LayoutView, view: { processors: ProcessorShape[]; connections: ApiConnection[] }): string {
  const s = DEVELOPERS_SETTINGS_TEXT[locale];
  return providersTemplate({
    ...shell(locale, layout),
    providers: view.processors.map((processor) => {
      const connection = view.connections.find((c) => c.provider === processor.name);
      return { name: processor.name, state: connection ? s.connected : s.notConnected, connection: connection ? connectionFacts(locale, connection) : null };
    }),
  });
}

export interface ProviderPageView {
  processor: ProcessorShape;
  connection: ApiConnection | null;
  manage: boolean;
  /** The connection as the check just answered it, shown on top. */
  checked: boolean;
  formKey: () => string;
}

export function renderProvider(locale: PageLocale, layout: LayoutView, view: ProviderPageView): string {
  const s = DEVELOPERS_SETTINGS_TEXT[locale];
  const { processor, connection, manage } = view;
  const secret = (field: string) => processor.secretFields.includes(field);
  const shown = connection?.credentials ?? {};
  const fields = [...processor.credentialFields.map((f) => ({ f, optional: false })), ...processor.optionalCredentialFields.map((f) => ({ f, optional: true }))];
  return providerTemplate({
    ...shell(locale, layout),
    name: processor.name,
    connection: connection ? { ...connectionFacts(locale, connection), webhookUrl: connection.webhookUrl } : null,
    checked: view.checked && connection !== null,
    // Stored credentials by name: a secret only as "stored", never its value nor its mask.
    credentials: Object.keys(shown).map((field) => ({ field, value: secret(field) ? s.secretStored : shown[field]! })),
    connectKey: manage ? view.formKey() : null,
    checkKey: manage && connection ? view.formKey() : null,
    disconnect: manage && connection !== null,
    methods: processor.supportedMethods.map((method) => ({ method, checked: connection ? connection.methods.includes(method) : false })),
    fields: fields.map(({ f, optional }) => ({
      name: f,
      id: `credential-${f}`,
      optional,
      secret: secret(f),
      multiline: MULTILINE_FIELDS.has(f),
      value: secret(f) ? '' : (shown[f] ?? ''),
    })),
  });
}

/** The Rail settings as GET /rail/settings answers them. */
export interface ApiRailSettings {
  network: string;
  asset: string;
  assetDecimals: number;
  payTo: string;
  grace: { window: string; maxPerAgent: string; maxTotal: string; queueLimit: number; clockSkewSeconds: number };
  facilitator: { provider: string; indexesForDiscovery: boolean };
  assetDomain: { name: string; version: string } | null;
  updatedAt: string;
}

export const FACILITATORS = ['sandbox', 'self', 'remote'] as const;

export interface RailPageView {
  settings: ApiRailSettings | null;
  relayer: { address: string; updatedAt: string } | null;
  manage: boolean;
  formKey: () => string;
}

export function renderRail(locale: PageLocale, layout: LayoutView, view: RailPageView): string {
  const s = DEVELOPERS_SETTINGS_TEXT[locale];
  const current = view.settings;
  // "service" is the earlier name of "sandbox": the form offers the current names only.
  const provider = current?.facilitator.provider === 'service' ? 'sandbox' : current?.facilitator.provider;
  return railTemplate({
    ...shell(locale, layout),
    settings: current
      ? {
          ...current,
          domain: current.assetDomain ? `${current.assetDomain.name} ${current.assetDomain.version}` : '—',
          facilitatorLabel: s.facilitators[provider ?? ''] ?? current.facilitator.provider,
          discovery: current.facilitator.indexesForDiscovery ? s.yes : s.no,
          updated: formatInstant(new Date(current.updatedAt), locale),
        }
      : null,
    form: {
      network: current?.network ?? '',
      asset: current?.asset ?? '',
      assetDecimals: current ? String(current.assetDecimals) : '',
      payTo: current?.payTo ?? '',
      window: current?.grace.window ?? '',
      maxPerAgent: current?.grace.maxPerAgent ?? '',
      maxTotal: current?.grace.maxTotal ?? '',
      queueLimit: current ? String(current.grace.queueLimit) : '',
      clockSkewSeconds: current ? String(current.grace.clockSkewSeconds) : '',
      indexesForDiscovery: current?.facilitator.indexesForDiscovery ?? false,
      domainName: current?.assetDomain?.name ?? '',
      domainVersion: current?.assetDomain?.version ?? '',
    },
    facilitators: FACILITATORS.map((id) => ({ id, label: s.facilitators[id], selected: id === (provider ?? 'sandbox') })),
    relayer: view.relayer ? { address: view.relayer.address, updated: formatInstant(new Date(view.relayer.updatedAt), locale) } : null,
    settingsKey: view.manage ? view.formKey() : null,
    relayerKey: view.manage ? view.formKey() : null,
    removeRelayer: view.manage && view.relayer !== null,
  });
}

/** The step before a deletion: what goes, and the one button that deletes (its own Idempotency-Key). */
export function renderConfirm(
  locale: PageLocale,
  layout: LayoutView,
  view: { title: string; lead: string; subject: string; action: string; button: string; cancelHref: string; idempotencyKey: string },
): string {
  return confirmTemplate({ ...shell(locale, layout), ...view });
}
