// GET / : a browser gets the front page in its language under the page CSP; a JSON client gets
// the index of links; neither needs a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { HOME_PAGE_TEXT } from './home-page.text.ts';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /', () => {
  it('a browser gets the page in pt-BR by default, linking the API reference and the quick start, under a CSP with no script', async () => {
    const res = await t.client.get('/', null, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe('pt-BR');
    expect(res.raw).toContain('<html lang="pt-BR">');
    expect(res.raw).toContain(HOME_PAGE_TEXT['pt-BR'].docs);
    expect(res.raw).toContain('href="/docs"');
    expect(res.raw).toContain('id="quick-start"');
    expect(res.raw).toContain(`export BASE=${t.config.baseUrl}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers['vary']).toMatch(/accept-language/);
  });

  it('in English when Accept-Language prefers it', async () => {
    const res = await t.client.get('/', null, { headers: { accept: BROWSER_ACCEPT, 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.headers['content-language']).toBe('en');
    expect(res.raw).toContain(HOME_PAGE_TEXT.en.quickStart);
    expect(res.raw).not.toContain(HOME_PAGE_TEXT['pt-BR'].quickStart);
  });

  it('a JSON client (Accept: application/json, or */* as curl sends) gets the index of links', async () => {
    for (const accept of ['application/json', '*/*']) {
      const res = await t.client.get('/', null, { headers: { accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        service: 'billing',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        links: { docs: `${t.config.baseUrl}/docs`, openapi: `${t.config.baseUrl}/openapi.json`, health: `${t.config.baseUrl}/healthz`, ready: `${t.config.baseUrl}/readyz` },
      });
    }
  });
});
