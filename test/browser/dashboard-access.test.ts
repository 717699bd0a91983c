// The dashboard's sign-in in chromium (issue #32): a seller's owner signs in through the form, sees
// the home page (account, email, role, the sandbox banner), and signs out back to the sign-in
// page; the pages render under their CSP (a violation is a console error). Screenshots under
// test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXT } from '../../src/flows/dashboard/dashboard-page.text.ts';
import { seedAccountWithOwner } from '../dashboard.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('dashboard sign-in in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('signs in through the form, shows the home page, and signs out', async () => {
    const text = DASHBOARD_TEXT['pt-BR'];
    const owner = await seedAccountWithOwner(session.t, 'Loja da Ana', 'ana@loja.example', 'uma senha comprida');
    const { page, errors } = await openPage(session, '/dashboard', 'pt-BR');
    await page.waitForURL(/\/dashboard\/login$/);
    expect(await page.locator('h1').textContent()).toBe(text.signInTitle);
    await page.locator('#email').fill(owner.email);
    await page.locator('#password').fill('uma senha errada');
    await page.locator('#sign-in').click();
    await expect.poll(() => page.locator('#error').textContent()).toBe(text.wrongCredentials);
    await screenshot(page, 'dashboard-sign-in-refused.png');

    await page.locator('#password').fill(owner.password!);
    await page.locator('#sign-in').click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.locator('#account-name').textContent()).toBe('Loja da Ana');
    expect(await page.locator('#member-email').textContent()).toBe('ana@loja.example');
    expect(await page.locator('#member-role').textContent()).toBe(text.roles.owner);
    expect(await page.locator('#test-banner').textContent()).toBe(text.testBanner);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'dashboard_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });
    await screenshot(page, 'dashboard-home.png');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-home-390.png');

    await page.locator('#sign-out').click();
    await page.waitForURL(/\/dashboard\/login$/);
    expect((await page.context().cookies()).some((c) => c.name === 'dashboard_session')).toBe(false);
    await page.goto(`${session.origin}/dashboard`);
    await page.waitForURL(/\/dashboard\/login$/);
    // The refused password's 401 answer is the one console line chromium writes; nothing else (no CSP refusal).
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
  });
});
