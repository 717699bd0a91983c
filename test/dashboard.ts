// A browser for the dashboard's tests over app.inject: it keeps the cookies the service sets (by
// name, as a browser on one origin would for Path=/dashboard), reads the forms' CSRF tokens, and
// posts forms as a browser does (application/x-www-form-urlencoded, no Idempotency-Key).
import { parseSetCookie } from 'cookie';
import { ADMIN_TOKEN, type TestContext } from './harness.ts';

export interface PageResponse {
  status: number;
  html: string;
  headers: Record<string, string | string[] | number | undefined>;
  location: string | undefined;
  /** The Set-Cookie headers of the answer, as sent. */
  setCookies: string[];
}

export class DashboardBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly t: TestContext,
    private readonly language = 'pt-BR',
  ) {}

  private async send(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<PageResponse> {
    const headers: Record<string, string> = { accept: 'text/html', 'accept-language': this.language };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await this.t.app.inject({ method, url, headers, ...(form && { payload: new URLSearchParams(form).toString() }) });
    const raw = res.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const line of setCookies) {
      const cookie = parseSetCookie(line);
      if (cookie.maxAge === 0 || !cookie.value) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return { status: res.statusCode, html: res.body, headers: res.headers, location: res.headers.location as string | undefined, setCookies };
  }

  get(url: string) {
    return this.send('GET', url);
  }
  post(url: string, form: Record<string, string>) {
    return this.send('POST', url, form);
  }

  /** Opens the sign-in page and posts the form; the answer of the post. */
  async signIn(email: string, password: string): Promise<PageResponse> {
    const page = await this.get('/dashboard/login');
    return this.post('/dashboard/login', { email, password, csrf: csrfOf(page.html) });
  }
}

/** The CSRF token of the first form of a page. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF token in the page');
  return match[1]!;
}

export interface AccountWithOwner {
  id: string;
  name: string;
  email: string;
  password: string | undefined;
  signInUrl: string | null;
  /** The account's secret keys, made with it (sk_test_..., sk_live_...). */
  sandboxKey: string;
  productionKey: string;
}

/** A new account through the operator API with its owner (a password, or a sign-in link without). */
export async function seedAccountWithOwner(t: TestContext, name: string, email: string, password?: string): Promise<AccountWithOwner> {
  const owner = password === undefined ? { email } : { email, password };
  const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name, owner });
  if (res.status !== 201) throw new Error(`seedAccountWithOwner failed: ${res.status} ${res.raw}`);
  const keys = res.body.keys as Array<{ type: string; environment: string; key: string }>;
  const secretKey = (environment: string) => keys.find((key) => key.type === 'secret' && key.environment === environment)!.key;
  return { id: res.body.account.id, name, email, password, signInUrl: res.body.owner.signInUrl, sandboxKey: secretKey('sandbox'), productionKey: secretKey('production') };
}
