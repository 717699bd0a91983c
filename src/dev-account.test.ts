// The development account's first start (issue #32): its dashboard owner is owner@localhost, with a
// one-time sign-in link that opens the dashboard; a later start makes nothing and shows no link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, DashboardBrowser } from '../test/dashboard.ts';
import { startTestApp, type TestContext } from '../test/harness.ts';
import { DEV_OWNER_EMAIL, ensureDevelopmentAccount } from './dev-account.ts';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the development account', () => {
  it('has an owner, owner@localhost, whose printed link signs in once; a later start shows no link', async () => {
    const first = await ensureDevelopmentAccount(t.database.db, 'memory://', 'http://localhost:4000', new Date());
    expect(first.sandboxKey).toMatch(/^sk_test_/);
    expect(first.ownerSignInUrl).toMatch(/^http:\/\/localhost:4000\/dashboard\/sign-in\/[\w-]{43}$/);
    const path = new URL(first.ownerSignInUrl!).pathname;
    const browser = new DashboardBrowser(t);
    const page = await browser.get(path);
    expect((await browser.post(path, { csrf: csrfOf(page.html) })).location).toBe('/dashboard');
    const home = await browser.get('/dashboard');
    expect(home.html).toContain(DEV_OWNER_EMAIL);
    expect(home.html).toContain('Development account');
    expect((await new DashboardBrowser(t).get(path)).status).toBe(404);
    const later = await ensureDevelopmentAccount(t.database.db, 'memory://', 'http://localhost:4000', new Date());
    expect(later).toEqual({ sandboxKey: null, file: null, ownerSignInUrl: null });
  });
});
