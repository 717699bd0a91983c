// The developers page in chromium (issue #32): an owner creates an API key (shown once, on the
// form's answer, never on the list), revokes it, and the key then answers 401 from the API; a
// support member sees no revoke button, and a revoke form posted anyway (with the session's CSRF
// token) answers the 403 page and revokes nothing. At 390 px nothing overflows sideways; the pages
// render under their CSP (a violation is a console error). Screenshots under test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPERS_TEXT } from '../../src/flows/dashboard/developers-page.text.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest, signIn, createOwnedAccount, addSupportMember } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('dashboard developers page in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('an owner creates a key, sees it once, revokes it (then 401); support cannot revoke (403)', async () => {
    const { t } = session;
    const text = DEVELOPERS_TEXT['pt-BR'];
    const { key: accountKey, accountId } = await createOwnedAccount(t, 'Loja da Ana', 'ana@loja.example');

    const { page, errors } = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(page, 'ana@loja.example', 'uma senha comprida');
    await page.locator('#nav-developers').click();
    await page.waitForURL(/\/dashboard\/developers$/);
    await page.locator('#key-name').fill('relatórios');
    await page.locator('#scope-customers-read').check();
    await page.locator('#create-key').click();
    await page.waitForURL(/\/dashboard\/developers\/keys$/);
    expect(await page.locator('#secret-lead').textContent()).toBe(text.keyCreatedLead);
    const key = (await page.locator('#secret').textContent())!;
    expect(key).toMatch(/^sk_test_[\w-]{43}$/);
    expect((await t.client.get('/customers', key)).status).toBe(200);
    await screenshot(page, 'dashboard-developers-key-created.png');

    await page.locator('#back').click();
    await page.waitForURL(/\/dashboard\/developers$/);
    expect(await page.content()).not.toContain(key);
    const row = page.locator('#keys li', { hasText: 'relatórios' });
    await row.locator('button.revoke').click();
    await page.waitForURL(/\/dashboard\/developers$/);
    expect(await page.locator('#keys li', { hasText: 'relatórios' }).locator('.key-state').textContent()).toMatch(new RegExp(`^${text.revokedOn} `));
    expect((await t.client.get('/customers', key)).status).toBe(401);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-developers-390.png');
    expect(errors).toEqual([]);

    // A support member, made by an invitation the owner sends and the member accepts.
    await addSupportMember(t, 'ana@loja.example', 'bia@loja.example', 'a senha da bia');
    const support = await openPage(session, '/dashboard/login', 'pt-BR');
    await signIn(support.page, 'bia@loja.example', 'a senha da bia');
    await support.page.goto(`${session.origin}/dashboard/developers`);
    expect(await support.page.locator('button.revoke').count()).toBe(0);
    expect(await support.page.locator('#create-key').count()).toBe(0);
    // The form a support member is not offered, posted anyway from the page with its session's token.
    const keyId = (await t.database.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).where('name', 'is', null).where('type', '=', 'secret').where('environment', '=', 'sandbox').executeTakeFirstOrThrow()).id;
    await support.page.evaluate((id) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = `/dashboard/developers/keys/${id}/revoke`;
      const csrf = document.querySelector<HTMLInputElement>('input[name="csrf"]')!.value;
      for (const [name, value] of [['csrf', csrf], ['idempotencyKey', crypto.randomUUID()]]) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name!;
        input.value = value!;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, keyId);
    await support.page.waitForURL(new RegExp(`/dashboard/developers/keys/${keyId}/revoke$`));
    expect(await support.page.locator('#error').textContent()).toBe(text.forbidden);
    await screenshot(support.page, 'dashboard-developers-403.png');
    expect((await t.client.get('/customers', accountKey)).status).toBe(200);
    expect(support.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
  });
});
