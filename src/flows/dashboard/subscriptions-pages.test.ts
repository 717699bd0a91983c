// The dashboard's subscriptions pages (issue #32) on a real database: the list (status filter,
// pages of 25), one subscription's page, and its actions through the API (pause, resume, cancel at
// the period end or now, change of version after its proration preview), each read back through
// the API: CSRF 403, roles 403 with nothing changed, another account's id 404 on every route, and
// the API's own refusal shown with its status. The clock stands at 2026-02-15 00:00 UTC: a monthly
// subscription anchored on Feb 1 is half way through February's 28 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser } from '../../../test/dashboard.ts';
import { formFields, memberWithRole, shopWithOwner, type SeededShop } from '../../../test/dashboard-money.ts';
import { ManualClock } from '../../core/clock.ts';
import { SUBSCRIPTIONS_TEXT } from './subscriptions.text.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';

const clock = new ManualClock('2026-02-15T00:00:00.000Z');
let t: TestContext;
let ana: SeededShop;
let bruno: SeededShop;
let basic: string;
let pro: string;
let carla: string;
let brunosSubscription: string;
let n = 0;

/** A published monthly plan at 30.00 (default) and 58.00 in the shop: its version ids. */
async function plan(shop: SeededShop): Promise<[string, string]> {
  const created = await t.client.post('/products', shop.key, { key: `plan-${n++}`, name: 'Plano', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  expect(created.status, created.raw).toBe(201);
  const productId = created.body.product.id;
  await t.client.post(`/products/${productId}/versions/${created.body.version.id}/publish`, shop.key);
  const second = await t.client.post(`/products/${productId}/versions`, shop.key, { basePrice: '58.00' });
  expect((await t.client.post(`/products/${productId}/versions/${second.body.id}/publish`, shop.key, { default: false })).status).toBe(200);
  return [created.body.version.id, second.body.id];
}

async function customer(shop: SeededShop, name: string): Promise<string> {
  const res = await t.client.post('/customers', shop.key, { name, email: `c${n++}@example.com` });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

/**
 * A subscription to `version` of a new customer (one live subscription per customer and product),
 * anchored on Feb 1 (February billed in full at its start), or on trial.
 */
async function subscribe(shop: SeededShop, customerId: string | null, version: string, body: Record<string, unknown> = { anchor: '2026-02-01T00:00:00.000Z' }): Promise<string> {
  const payer = customerId ?? (await customer(shop, `Cliente ${n}`));
  const res = await t.client.post('/billing/subscriptions', shop.key, { customerId: payer, productVersionId: version, ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}

const read = async (id: string, key = ana.key) => (await t.client.get(`/billing/subscriptions/${id}`, key)).body;
const idsIn = (html: string) => [...html.matchAll(/<li id="subscription-([0-9a-f-]+)">/g)].map((m) => m[1]);
const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x3D;/g, '=');

/** Posts the action's form as found on the subscription page (its csrf and idempotencyKey), with extra fields. */
async function act(browser: DashboardBrowser, id: string, action: string, extra: Record<string, string> = {}) {
  const page = await browser.get(`/dashboard/subscriptions/${id}`);
  const fields = { ...formFields(page.html, `/dashboard/subscriptions/${id}/${action}`), ...extra };
  return browser.post(`/dashboard/subscriptions/${id}/${action}`, fields);
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  ana = await shopWithOwner(t, 'Loja da Ana', 'ana@assinaturas.example');
  bruno = await shopWithOwner(t, 'Loja do Bruno', 'bruno@assinaturas.example');
  [basic, pro] = await plan(ana);
  carla = await customer(ana, 'Carla Dias');
  const [brunosBasic] = await plan(bruno);
  brunosSubscription = await subscribe(bruno, await customer(bruno, 'Cliente do Bruno'), brunosBasic);
});
afterAll(() => t.close());

describe('the subscriptions list', () => {
  it("lists the tenant's subscriptions newest first, filters by status, pages of 25", async () => {
    const many: string[] = [];
    for (let i = 0; i < 26; i++) many.push(await subscribe(ana, null, basic, { trialDays: 14 }));
    const paused = await subscribe(ana, await customer(ana, 'Davi Reis'), basic);
    expect((await t.client.post(`/billing/subscriptions/${paused}/pause`, ana.key)).status).toBe(200);
    const all = await ana.owner.get('/dashboard/subscriptions');
    expect(all.status).toBe(200);
    expect(all.html).toContain('id="nav-subscriptions" aria-current="page"');
    expect(idsIn(all.html)).toEqual([paused, ...[...many].reverse().slice(0, 24)]);
    expect(all.html).toContain(`<a href="/dashboard/subscriptions/${paused}">Davi Reis · Plano · versão 1</a>`);
    expect(idsIn(all.html)).not.toContain(brunosSubscription);
    expect(idsIn((await ana.owner.get('/dashboard/subscriptions?status=paused')).html)).toEqual([paused]);
    const trialing = await ana.owner.get('/dashboard/subscriptions?status=trialing');
    expect(idsIn(trialing.html)).toEqual([...many].reverse().slice(0, 25));
    const next = unescape(/<a href="([^"]+)" id="next-page">/.exec(trialing.html)![1]!);
    expect(next).toMatch(/^\/dashboard\/subscriptions\?status=trialing&cursor=/);
    const second = await ana.owner.get(next);
    expect(idsIn(second.html)).toEqual([many[0]]);
    expect(second.html).not.toContain('id="next-page"');
    expect((await ana.owner.get('/dashboard/subscriptions?status=canceled')).html).toContain('id="no-subscriptions"');
  });

  it('sends a signed-out browser to the sign-in page', async () => {
    expect((await new DashboardBrowser(t).get('/dashboard/subscriptions')).location).toBe('/dashboard/login');
  });
});

describe('a subscription page', () => {
  it('shows the customer, version, status, period, next billing and invoices, in pt-BR and English', async () => {
    const id = await subscribe(ana, carla, basic);
    const [invoice] = (await t.client.get(`/billing/invoices?subscriptionId=${id}`, ana.key)).body.invoices;
    const page = await ana.owner.get(`/dashboard/subscriptions/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<a href="/dashboard/customers/${carla}">Carla Dias</a>`);
    expect(page.html).toContain('<dd id="subscription-product">Plano · versão 1</dd>');
    expect(page.html).toContain('<dd id="subscription-status">ativa</dd>');
    expect(page.html).toContain('<dd id="subscription-period">01/02/2026 – 01/03/2026</dd>');
    expect(page.html).toContain('<dd id="subscription-next-billing">01/03/2026</dd>');
    expect(page.html).toContain(`<a href="/dashboard/invoices/${invoice.id}">${invoice.invoiceNumber}</a> <strong>R$\u00a030,00</strong>`);
    expect(page.html).toContain('id="action-pause"');
    expect(page.html).toContain('id="action-preview"');
    const english = new DashboardBrowser(t, 'en');
    expect((await english.signIn(ana.email, 'a long password')).status).toBe(303);
    const en = await english.get(`/dashboard/subscriptions/${id}`);
    expect(en.html).toContain('<dd id="subscription-status">active</dd>');
    expect(en.html).toContain('<dd id="subscription-product">Plano · version 1</dd>');
  });

  it("answers 404 for another account's subscription and a malformed id, on the page and every action", async () => {
    const mine = await subscribe(ana, null, basic);
    const fields = formFields((await ana.owner.get(`/dashboard/subscriptions/${mine}`)).html, `/dashboard/subscriptions/${mine}/pause`);
    for (const id of [brunosSubscription, 'not-a-uuid', '00000000-0000-7000-8000-000000000000']) {
      const page = await ana.owner.get(`/dashboard/subscriptions/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.html).toContain('id="not-found"');
      for (const action of ['pause', 'resume', 'cancel', 'change-version/preview', 'change-version']) {
        const posted = await ana.owner.post(`/dashboard/subscriptions/${id}/${action}`, { ...fields, productVersionId: pro, prorate: 'true', when: 'now' });
        expect(posted.status, `${id} ${action}`).toBe(404);
      }
    }
    expect(await read(brunosSubscription, bruno.key)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });
});

describe('the subscription actions', () => {
  it('previews a change of version, then the confirm performs it and invoices the previewed amounts', async () => {
    const id = await subscribe(ana, null, basic);
    const page = await ana.owner.get(`/dashboard/subscriptions/${id}`);
    const csrf = formFields(page.html, `/dashboard/subscriptions/${id}/change-version/preview`).csrf;
    const previewed = await ana.owner.post(`/dashboard/subscriptions/${id}/change-version/preview`, { csrf, productVersionId: pro, prorate: 'true' });
    expect(previewed.status).toBe(200);
    // Feb 15 leaves 14 of February's 28 days: share 0.5. Credit 0.5 x 30.00 = -15.00; charge
    // 0.5 x 58.00 = 29.00; subtotal -15.00 + 29.00 = 14.00, before tax, invoiced now.
    expect(previewed.html).toContain('<dd id="preview-credit">-R$\u00a015,00</dd>');
    expect(previewed.html).toContain('<dd id="preview-charge">R$\u00a029,00</dd>');
    expect(previewed.html).toContain('<dd id="preview-subtotal">R$\u00a014,00</dd>');
    expect(previewed.html).toContain(SUBSCRIPTIONS_TEXT['pt-BR'].taxNote);
    expect(previewed.html).toContain(SUBSCRIPTIONS_TEXT['pt-BR'].timings.now('15/02/2026'));
    // The preview wrote nothing.
    expect((await read(id)).productVersionId).toBe(basic);
    const confirm = previewed.html.slice(previewed.html.indexOf(`action="/dashboard/subscriptions/${id}/change-version"`));
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(confirm)![1]!;
    const fields = { csrf: field('csrf'), idempotencyKey: field('idempotencyKey'), productVersionId: field('productVersionId'), prorate: field('prorate') };
    expect(fields).toMatchObject({ productVersionId: pro, prorate: 'true' });
    const done = await ana.owner.post(`/dashboard/subscriptions/${id}/change-version`, fields);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/dashboard/subscriptions/${id}`);
    // A double submit replays: one change, one proration invoice.
    expect((await ana.owner.post(`/dashboard/subscriptions/${id}/change-version`, fields)).status).toBe(303);
    expect((await read(id)).productVersionId).toBe(pro);
    const invoices = (await t.client.get(`/billing/invoices?subscriptionId=${id}`, ana.key)).body.invoices as any[];
    expect(invoices.map((i) => i.subtotal)).toEqual(['14.00', '30.00']);
    expect((await ana.owner.get(`/dashboard/subscriptions/${id}`)).html).toContain('<dd id="subscription-product">Plano · versão 2</dd>');
  });

  it('pauses, resumes, cancels at the period end and now, each read back through the API', async () => {
    const id = await subscribe(ana, null, basic);
    expect((await act(ana.owner, id, 'pause')).status).toBe(303);
    expect((await read(id)).status).toBe('paused');
    expect((await ana.owner.get(`/dashboard/subscriptions/${id}`)).html).toContain('id="subscription-paused"');
    expect((await act(ana.owner, id, 'resume')).status).toBe(303);
    expect((await read(id)).status).toBe('active');
    expect((await act(ana.owner, id, 'cancel', { when: 'period_end' })).status).toBe(303);
    expect(await read(id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await ana.owner.get(`/dashboard/subscriptions/${id}`)).html).toContain('id="subscription-cancel-at-end"');
    const other = await subscribe(ana, null, basic);
    expect((await act(ana.owner, other, 'cancel', { when: 'now' })).status).toBe(303);
    expect((await read(other)).status).toBe('canceled');
    expect((await ana.owner.get(`/dashboard/subscriptions/${other}`)).html).toContain('id="no-actions"');
  });

  it("shows the API's refusal with its status", async () => {
    const id = await subscribe(ana, null, basic);
    const fields = formFields((await ana.owner.get(`/dashboard/subscriptions/${id}`)).html, `/dashboard/subscriptions/${id}/pause`);
    const answer = await ana.owner.post(`/dashboard/subscriptions/${id}/resume`, fields);
    expect(answer.status).toBe(409);
    expect(answer.html).toContain(MONEY_TEXT['pt-BR'].errors.conflict);
    expect((await read(id)).status).toBe('active');
  });

  it('refuses a missing or wrong CSRF token with 403 and changes nothing', async () => {
    const id = await subscribe(ana, null, basic);
    for (const csrf of ['', 'wrong']) {
      expect((await act(ana.owner, id, 'pause', { csrf })).status).toBe(403);
      expect((await act(ana.owner, id, 'cancel', { csrf, when: 'now' })).status).toBe(403);
      const posted = await ana.owner.post(`/dashboard/subscriptions/${id}/change-version`, { csrf, idempotencyKey: `k-${csrf}`, productVersionId: pro, prorate: 'true' });
      expect(posted.status).toBe(403);
      expect((await ana.owner.post(`/dashboard/subscriptions/${id}/change-version/preview`, { csrf, productVersionId: pro })).status).toBe(403);
    }
    expect(await read(id)).toMatchObject({ status: 'active', productVersionId: basic, cancelAtPeriodEnd: false });
  });

  it('support and read_only read the page and get 403 on every action; nothing changes', async () => {
    const support = await memberWithRole(t, ana, 'suporte@assinaturas.example', 'support');
    const readOnly = await memberWithRole(t, ana, 'leitura@assinaturas.example', 'read_only');
    const id = await subscribe(ana, null, basic);
    for (const browser of [support, readOnly]) {
      const page = await browser.get(`/dashboard/subscriptions/${id}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('id="no-actions"');
      expect(page.html).not.toContain('id="action-pause"');
      // The forms they do not see, posted anyway with their own session's token (the header's).
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)![1]!;
      for (const action of ['pause', 'cancel', 'change-version/preview', 'change-version']) {
        const answer = await browser.post(`/dashboard/subscriptions/${id}/${action}`, { csrf, idempotencyKey: `try-${action}`, when: 'now', productVersionId: pro, prorate: 'true' });
        expect(answer.status, action).toBe(403);
        expect(answer.html).toContain(SUBSCRIPTIONS_TEXT['pt-BR'].forbidden);
      }
    }
    expect(await read(id)).toMatchObject({ status: 'active', productVersionId: basic, cancelAtPeriodEnd: false });
  });
});
