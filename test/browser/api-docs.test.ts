// The API reference at /docs (Swagger UI) in chromium under its Content-Security-Policy
// (src/http/security-headers.ts, src/http/openapi.ts): the page renders the tags of the served
// OpenAPI document and an operation opens, and the policy blocks nothing (a violation is a console
// error). "Try it out" calls the document's server, BASE_URL, which here is not the test's random
// port. Screenshot under test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('API reference (/docs) in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  it('renders the document under its CSP, and an operation opens', async () => {
    const { page, errors } = await openPage(session, '/docs', 'en-US');
    await expect.poll(() => page.locator('.opblock-tag-section').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const csp = (await page.request.get(`${session.origin}/docs`)).headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");

    // An operation opens with its parameters and responses.
    await page.locator('.opblock-summary-path', { hasText: /^\/healthz$/ }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Try it out' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'api-docs.png', false);
    expect(errors).toEqual([]);
  });
});
