// The front page (GET /) in chromium, pt-BR and English, desktop and a 390 px phone: it renders
// under its CSP (a violation is a console error), fits the screen, and its API reference link opens
// /docs. Screenshots under test-results/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_PAGE_TEXT } from '../../src/modules/home/home-page.text.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('front page (/) in chromium', () => {
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
  });
  afterAll(() => session?.close());

  for (const [locale, language] of [['pt-BR', 'pt-BR'], ['en-US', 'en']] as const) {
    it(`shows the links and the quick start (${locale}), fits 390 px, and opens the API reference`, async () => {
      const text = HOME_PAGE_TEXT[language];
      const { page, errors } = await openPage(session, '/', locale);
      await expect.poll(() => page.locator('h1').textContent()).toBe(text.title);
      expect(await page.locator('#quick-start').textContent()).toBe(text.quickStart);
      expect(await page.locator('pre').first().textContent()).toContain(`export BASE=${session.t.config.baseUrl}`);
      await screenshot(page, `home-page-${language}.png`);

      await page.setViewportSize({ width: 390, height: 844 });
      // No horizontal scroll on a phone: the code blocks scroll inside themselves.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `home-page-${language}-390.png`);

      await page.locator('#docs').click();
      await page.waitForURL(/\/docs/);
      expect(errors).toEqual([]);
    });
  }
});
