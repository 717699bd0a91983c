// The dashboard acts through the API (api-call.ts, http/principals.ts) and every keyed write is in
// the audit log (http/audit.ts): a member's call is written with the member as its actor, a key's
// with the key; a principal token works once and never from outside; a role's scopes bound its
// calls; the audit log is the tenant's only, over the API and on the dashboard's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import type { AuthContext } from '../../core/auth.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { DashboardBrowser, seedAccountWithOwner, type AccountWithOwner } from '../../../test/dashboard.ts';
import { scopesOfRole } from './api-call.ts';

const clock = new ManualClock('2026-03-02T12:00:00Z');
let t: TestContext;
let acme: AccountWithOwner;
let other: AccountWithOwner;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccountWithOwner(t, 'Acme Ltda', 'owner@acme.example', 'owner password');
  other = await seedAccountWithOwner(t, 'Other', 'owner@other.example', 'other password');
});
afterAll(() => t.close());

async function ownerOf(account: AccountWithOwner): Promise<{ id: string; email: string; role: string }> {
  const row = await t.database.db.selectFrom('account_members').select(['id', 'email', 'role']).where('account_id', '=', account.id).executeTakeFirstOrThrow();
  return row;
}

async function principal(account: AccountWithOwner, role: 'owner' | 'support' | 'read_only'): Promise<AuthContext> {
  const member = await ownerOf(account);
  return {
    accountId: account.id,
    environment: 'sandbox',
    keyId: `member:${member.id}`,
    keyType: 'secret',
    scopes: scopesOfRole(role),
    unconfirmed: null,
    sandboxClock: null,
    member: { ...member, role },
  };
}

const customerWrite = (name: string) => ({
  method: 'POST' as const,
  url: '/customers',
  headers: { 'idempotency-key': `k-${name.replaceAll(' ', '-')}`, 'content-type': 'application/json' },
  payload: JSON.stringify({ name }),
});

describe('calls on behalf of a member', () => {
  it("runs the API's route as the member, and the audit log names the member", async () => {
    const res = await t.app.principals.call(await principal(acme, 'owner'), customerWrite('Ana Souza'));
    expect(res.statusCode, res.body).toBe(201);
    const customerId = res.json().id as string;
    const log = await t.client.get('/account/audit-log', acme.sandboxKey);
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({
      actor: { type: 'member', label: 'owner@acme.example' },
      action: 'createCustomer',
      resourceId: customerId,
      status: 201,
      createdAt: '2026-03-02T12:00:00.000Z',
    });
  });

  it('a replay runs nothing and writes no second entry', async () => {
    const before = (await t.client.get('/account/audit-log', acme.sandboxKey)).body.entries.length;
    const again = await t.app.principals.call(await principal(acme, 'owner'), customerWrite('Ana Souza'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await t.client.get('/account/audit-log', acme.sandboxKey)).body.entries.length).toBe(before);
  });

  it("a read_only member's write is refused by scope (403) and written nowhere; support may write billing only", async () => {
    const refused = await t.app.principals.call(await principal(acme, 'read_only'), customerWrite('Not made'));
    expect(refused.statusCode).toBe(403);
    expect(await t.database.db.selectFrom('customers').select('id').where('name', '=', 'Not made').execute()).toEqual([]);
    expect(scopesOfRole('support')).toContain('billing:write');
    expect(scopesOfRole('support')).not.toContain('catalog:write');
    expect(scopesOfRole('read_only').every((scope) => scope.endsWith(':read'))).toBe(true);
  });

  it('a principal token is good for its one call only: presented from outside it is no key (401)', async () => {
    const res = await t.app.principals.call(await principal(acme, 'owner'), { method: 'GET', url: '/account/tenant', headers: {} });
    expect(res.statusCode).toBe(200);
    // The process waits for no token now: one made up in the same shape is refused.
    const outside = await t.client.get('/account/tenant', `prn_${'A'.repeat(43)}`);
    expect(outside.status).toBe(401);
  });
});

describe('the audit log', () => {
  it("a key's write names the key; another account sees none of acme's entries", async () => {
    const made = await t.client.post('/customers', acme.sandboxKey, { name: 'By key' });
    expect(made.status).toBe(201);
    const log = await t.client.get('/account/audit-log?actorType=api_key', acme.sandboxKey);
    expect(log.body.entries[0]).toMatchObject({ actor: { type: 'api_key', label: null }, action: 'createCustomer', resourceId: made.body.id });
    expect((await t.client.get('/account/audit-log', other.sandboxKey)).body.entries).toEqual([]);
    // Production is another tenant: the sandbox entries are not there.
    expect((await t.client.get('/account/audit-log', acme.productionKey)).body.entries).toEqual([]);
  });

  it('a refused write (4xx) is not an entry', async () => {
    const before = (await t.client.get('/account/audit-log', acme.sandboxKey)).body.entries.length;
    expect((await t.client.post('/customers', acme.sandboxKey, { name: 'x', document: '111.111.111-11' })).status).toBe(422);
    expect((await t.client.get('/account/audit-log', acme.sandboxKey)).body.entries.length).toBe(before);
  });

  it("is on the dashboard's page for an owner, read through the API as the member", async () => {
    const owner = new DashboardBrowser(t, 'en');
    expect((await owner.signIn(acme.email, 'owner password')).status).toBe(303);
    const page = await owner.get('/dashboard/audit');
    expect(page.status).toBe(200);
    expect(page.html).toContain('createCustomer');
    expect(page.html).toContain('owner@acme.example');
    expect(page.html).toContain('03/02/2026 12:00 UTC');
    // Reading the page was a GET: it wrote no entry of its own.
    expect((await t.client.get('/account/audit-log?actorType=member', acme.sandboxKey)).body.entries).toHaveLength(1);
  });

  it('is refused to a support member (403), and signed out goes to sign-in', async () => {
    await t.database.db.updateTable('account_members').set({ role: 'support' }).where('account_id', '=', other.id).execute();
    const support = new DashboardBrowser(t, 'en');
    expect((await support.signIn(other.email, 'other password')).status).toBe(303);
    const page = await support.get('/dashboard/audit');
    expect(page.status).toBe(403);
    expect(page.html).toContain('Only owners and admins');
    expect((await new DashboardBrowser(t).get('/dashboard/audit')).location).toBe('/dashboard/login');
  });
});
