// Security headers of every answer (issue #30): nosniff and refused framing on JSON answers, errors,
// 404s, the OpenAPI document, the hosted pages and /docs; a CSP of nothing on API answers, the
// pages' own CSP on pages, and on /docs one that lets Swagger UI load from the service only.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { BASE_URL: 'https://billing.example.com' } });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

type Headers = Record<string, string | string[] | number | undefined>;

function expectNeverFramedNorSniffed(headers: Headers, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
}

const API_CSP = "default-src 'none';frame-ancestors 'none'";

describe('security headers', () => {
  it('on JSON answers, errors and 404s: nosniff, no framing, a CSP of nothing, and nothing else of helmet', async () => {
    const answers: Array<[string, { status: number; headers: Headers }]> = [
      ['a JSON answer', await t.client.get('/account/tenant', acme.key)],
      ['a keyless JSON answer', await t.client.get('/healthz', null)],
      ['a 401', await t.client.get('/account/tenant', null)],
      ['a 422', await t.client.post('/account/webhooks', acme.key, { url: 'ftp://x', events: ['*'] })],
      ['a 404 of an unknown id', await t.client.get('/customers/cus_00000000000000000000000000', acme.key)],
      ['a 404 of no route', await t.client.get('/no/such/route', acme.key)],
      ['the OpenAPI document', await t.client.get('/openapi.json', null)],
    ];
    expect(answers.map(([what, res]) => `${what} ${res.status}`)).toEqual([
      'a JSON answer 200',
      'a keyless JSON answer 200',
      'a 401 401',
      'a 422 422',
      'a 404 of an unknown id 404',
      'a 404 of no route 404',
      'the OpenAPI document 200',
    ]);
    for (const [what, res] of answers) {
      expectNeverFramedNorSniffed(res.headers, what);
      expect(res.headers['content-security-policy'], what).toBe(API_CSP);
      // Page headers stay on pages: a proxy or the operator decides HSTS; CORP would stop other sites
      // showing stored images and logos.
      for (const header of ['strict-transport-security', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy']) {
        expect(res.headers[header], `${what}: ${header}`).toBeUndefined();
      }
    }
  });

  it("on a hosted page: the page's own CSP, no framing by either header", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/pay/${acme.slug}/invoices/inv_00000000000000000000000000?token=nope` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expectNeverFramedNorSniffed(res.headers, 'a hosted page');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'sha256-/);
    expect(csp).toContain("form-action 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('on /docs: a CSP that lets Swagger UI load its own files and call the API, and nothing else', async () => {
    for (const url of ['/docs', '/docs/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expectNeverFramedNorSniffed(page.headers, url);
      expect(page.headers['content-security-policy'], url).toBe(
        "default-src 'none';script-src 'self';style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';img-src 'self' data: blob:;" +
          "connect-src 'self' https://billing.example.com;" +
          "base-uri 'none';form-action 'self';frame-ancestors 'none'",
      );
      // No inline script or style that this CSP would block: every one is a file of /docs/static.
      expect(page.body, url).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(page.body, url).not.toMatch(/<style|\sstyle=|\son[a-z]+=/);
      for (const [, src] of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
        const file = await t.app.inject({ method: 'GET', url: new URL(src!, `http://localhost${url}`).pathname });
        expect(file.statusCode, src).toBe(200);
        expect(file.headers['x-content-type-options'], src).toBe('nosniff');
      }
    }
    // The inline <style> elements Swagger UI's scripts create (the top bar logo's SVG): each allowed by its hash.
    const csp = String((await t.app.inject({ method: 'GET', url: '/docs/' })).headers['content-security-policy']);
    const styles: string[] = [];
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
      const script = (await t.app.inject({ method: 'GET', url: `/docs/static/${file}` })).body;
      for (const [, text] of script.matchAll(/createElement\("style",null,"([^"\\]*)"\)/g)) styles.push(text!);
    }
    expect(styles).toHaveLength(1);
    for (const text of styles) expect(csp).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);

    const document = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(document.statusCode).toBe(200);
    expectNeverFramedNorSniffed(document.headers, '/docs/json');
  });
});
