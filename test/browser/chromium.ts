// What the browser tests share: Debian's chromium driven by playwright-core (no browser download),
// the real app listening on a random port, and a folder of screenshots for a person to look at
// (test-results/screenshots/ at the repository's root, gitignored). CI installs chromium (.ci/run); without it the tests
// skip, saying why.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { acceptInvitation, findMemberView, inviteMember } from '../../src/modules/members/index.ts';
import { ADMIN_TOKEN, startTestApp, type TestContext } from '../harness.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable) console.warn(`Skipping the browser tests: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

export interface BrowserTest {
  t: TestContext;
  browser: Browser;
  /** http://127.0.0.1:{port} of the listening app. */
  origin: string;
  close(): Promise<void>;
}

/** `env`: more settings of the app (processor mocks' URLs, the secrets key). */
export async function startBrowserTest(options: { env?: Record<string, string>; ownOrigin?: boolean } = {}): Promise<BrowserTest> {
  // ownOrigin: BASE_URL is the listening origin, so links the service writes (signed object URLs:
  // logos, images) load in the browser. A port is taken first, then handed to the app.
  const port = options.ownOrigin ? await freePort() : 0;
  const t = await startTestApp({ env: { ...options.env, ...(options.ownOrigin && { BASE_URL: `http://127.0.0.1:${port}` }) } });
  await t.app.listen({ host: '127.0.0.1', port });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // As root (CI containers) chromium refuses to start with its sandbox.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  return {
    t,
    browser,
    origin,
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * A page of `path` in a new context speaking `locale` (also sent as Accept-Language), asserted to
 * answer 200, with the console errors and uncaught exceptions it collects. `prepare` runs on the
 * context before the page opens (an injected wallet, say).
 */
export async function openPage(
  session: Pick<BrowserTest, 'browser' | 'origin'>,
  path: string,
  locale: string,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ page: Page; errors: string[] }> {
  const context = await session.browser.newContext({ locale, extraHTTPHeaders: { 'accept-language': locale }, viewport: { width: 900, height: 1100 } });
  await prepare?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser asks for /favicon.ico on its own; the service has none.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(`${session.origin}${path}`);
  expect(response?.status()).toBe(200);
  return { page, errors };
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, name), fullPage });
}

/** A port free now on 127.0.0.1 (the kernel's choice, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Signs a member in through the dashboard's form (the page is on /dashboard/login) and waits for home. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#sign-in').click();
  await page.waitForURL(/\/dashboard$/);
}

/** A new account whose owner signs in with `email` and `password`: its id and its sandbox secret key. */
export async function createOwnedAccount(t: TestContext, name: string, email: string, password = 'uma senha comprida'): Promise<{ accountId: string; key: string }> {
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner: { email, password } });
  expect(res.status, res.raw).toBe(201);
  const key = (res.body.keys as Array<{ type: string; environment: string; key: string }>).find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
  return { accountId: res.body.account.id, key };
}

/** Adds a support member to the account `ownerEmail` owns: an invitation the owner sends and the member accepts. */
export async function addSupportMember(t: TestContext, ownerEmail: string, email: string, password: string): Promise<void> {
  const owner = (await t.database.db.selectFrom('account_members').select('id').where('email', '=', ownerEmail).executeTakeFirstOrThrow()).id;
  await t.database.db.transaction().execute(async (tx) => {
    const { token } = await inviteMember(tx, (await findMemberView(tx, owner))!, { email, role: 'support' }, new Date());
    await acceptInvitation(tx, token, password, new Date());
  });
}

/**
 * A buyer on a payment link's page pays it by Pix in sandbox: fills the form, waits for the QR
 * code on the invoice page, and confirms on the sandbox page, which it returns (a second tab).
 */
export async function payLinkByPix(buyer: Page, origin: string, email: string): Promise<Page> {
  await buyer.getByLabel('Nome completo').fill('Bruno Lima');
  await buyer.getByLabel('E-mail').fill(email);
  await buyer.getByLabel('CPF ou CNPJ').fill('111.444.777-35');
  await buyer.getByLabel('Pix').check();
  await Promise.all([buyer.waitForURL(/\/invoices\/[0-9a-f-]+\?token=[^&]+$/), buyer.getByTestId('submit').click()]);
  await expect.poll(() => buyer.getByTestId('pix-qr').isVisible()).toBe(true);
  const confirmHref = await buyer.getByTestId('sandbox-confirm').getAttribute('href');
  const sandbox = await buyer.context().newPage();
  await sandbox.goto(`${origin}${confirmHref}`);
  await sandbox.getByRole('button', { name: 'Confirmar o pagamento' }).click();
  await expect.poll(() => sandbox.locator('h1').innerText()).toBe('Pagamento confirmado');
  return sandbox;
}
