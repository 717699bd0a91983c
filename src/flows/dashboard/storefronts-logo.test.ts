// A storefront's logo uploaded from the dashboard (issue #32): a multipart form with a PNG goes
// through the API's own routes as the member (presign, the signed PUT, PATCH logoObjectKey), so the
// storefront then has the logo, served with the same bytes; a double submit of the same form acts
// once; the API's refusal of an SVG (422) and a file over the image limit (413) come back on the
// page with nothing changed; CSRF and roles refuse with 403; another account's storefront is 404.
import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { csrfOf, DashboardBrowser } from '../../../test/dashboard.ts';
import { accountWithOwner, formKeyOf, memberWithRole } from '../../../test/dashboard-team.ts';

const IMAGE_LIMIT = 64 * 1024;
let t: TestContext;
let acmeKey: string;
let otherKey: string;
let owner: DashboardBrowser;
let storefrontId: string;

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 1) image.data[i] = (i * 37) % 256;
  return PNG.sync.write(image, { deflateLevel: 0 });
}

/** Posts the logo form as a browser does: multipart/form-data, the session's cookies. */
async function postLogo(browser: DashboardBrowser, id: string, fields: Record<string, string>, file?: { bytes: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('logo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://dashboard.test/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: `/dashboard/storefronts/${id}/logo`,
    headers: { 'content-type': request.headers.get('content-type')!, cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '), 'accept-language': 'pt-BR' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, html: res.body, location: res.headers.location as string | undefined };
}

async function logoForm(browser: DashboardBrowser, id = storefrontId) {
  const page = await browser.get(`/dashboard/storefronts/${id}`);
  return { csrf: csrfOf(page.html), idempotencyKey: formKeyOf(page.html, `/dashboard/storefronts/${id}/logo`) };
}

const apiStorefront = async () => (await t.client.get(`/storefronts/${storefrontId}`, acmeKey)).body;

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_IMAGE_BYTES: String(IMAGE_LIMIT) } });
  acmeKey = await accountWithOwner(t, 'Acme Ltda', 'ana@acme.example');
  otherKey = await accountWithOwner(t, 'Other', 'bruno@other.example');
  owner = new DashboardBrowser(t, 'pt-BR');
  expect((await owner.signIn('ana@acme.example', 'a long password')).status).toBe(303);
  storefrontId = (await t.client.post('/storefronts', acmeKey, { name: 'Padaria', slug: `logo-${randomUUID().slice(0, 8)}` })).body.id;
});
afterAll(() => t.close());

describe("a storefront's logo from the browser", () => {
  it('uploads a PNG through presign, the signed PUT and PATCH; the logo serves the same bytes; a double submit acts once', async () => {
    const bytes = png(8, 8);
    const fields = await logoForm(owner);
    const res = await postLogo(owner, storefrontId, fields, { bytes, type: 'image/png', name: 'logo.png' });
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe(`/dashboard/storefronts/${storefrontId}`);
    const saved = await apiStorefront();
    expect(saved.logoObjectKey).toEqual(expect.any(String));
    const served = await t.app.inject({ method: 'GET', url: new URL(saved.logoUrl).pathname + new URL(saved.logoUrl).search });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    expect((await owner.get(`/dashboard/storefronts/${storefrontId}`)).html).toContain('id="logo"');

    // The same form sent again (same key): the same answer, the same logo, no second object.
    const again = await postLogo(owner, storefrontId, fields, { bytes, type: 'image/png', name: 'logo.png' });
    expect(again.status, again.html).toBe(303);
    expect((await apiStorefront()).logoObjectKey).toBe(saved.logoObjectKey);
  });

  it("shows the API's refusal of an SVG (422) and the size limit (413); nothing changes", async () => {
    const before = (await apiStorefront()).logoObjectKey;
    const svg = await postLogo(owner, storefrontId, await logoForm(owner), { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml', name: 'logo.svg' });
    expect(svg.status).toBe(422);
    expect(svg.html).toContain('id="error"');
    expect(svg.html).toContain('contentType: for purpose image must be one of: image/png');
    // 200 x 200 pixels x 4 bytes, stored uncompressed: 160,000 bytes and more, over the 65,536-byte limit.
    const big = await postLogo(owner, storefrontId, await logoForm(owner), { bytes: png(200, 200), type: 'image/png', name: 'big.png' });
    expect(big.status).toBe(413);
    expect(big.html).toContain('O arquivo passa do limite de 0,063 MB para imagens.');
    const none = await postLogo(owner, storefrontId, await logoForm(owner));
    expect(none.status).toBe(422);
    expect(none.html).toContain('Escolha um arquivo de imagem.');
    expect((await apiStorefront()).logoObjectKey).toBe(before);
  });

  it('refuses a wrong CSRF token and the support and read_only roles (403), nothing changed', async () => {
    const before = (await apiStorefront()).logoObjectKey;
    const forged = await postLogo(owner, storefrontId, { ...(await logoForm(owner)), csrf: 'wrong' }, { bytes: png(4, 4), type: 'image/png', name: 'x.png' });
    expect(forged.status).toBe(403);
    for (const [email, role] of [['sara@acme.example', 'support'], ['rui@acme.example', 'read_only']] as const) {
      const member = await memberWithRole(t, owner, email, role);
      const page = await member.get(`/dashboard/storefronts/${storefrontId}`);
      expect(page.html).not.toContain('id="logo-form"');
      const res = await postLogo(member, storefrontId, { csrf: csrfOf(page.html), idempotencyKey: randomUUID() }, { bytes: png(4, 4), type: 'image/png', name: 'x.png' });
      expect(res.status).toBe(403);
    }
    expect((await apiStorefront()).logoObjectKey).toBe(before);
  });

  it("another account's storefront answers 404 and keeps its logo", async () => {
    const theirs = (await t.client.post('/storefronts', otherKey, { name: 'Deles', slug: `deles-${randomUUID().slice(0, 6)}` })).body;
    const res = await postLogo(owner, theirs.id, await logoForm(owner), { bytes: png(4, 4), type: 'image/png', name: 'x.png' });
    expect(res.status).toBe(404);
    expect((await t.client.get(`/storefronts/${theirs.id}`, otherKey)).body.logoObjectKey).toBeNull();
  });
});
