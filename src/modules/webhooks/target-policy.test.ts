// Webhook URL checks at creation: every URL of the hostile corpus is refused outside development,
// public ones pass, and development allows http and local targets.
import { describe, expect, it } from 'vitest';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { HOSTILE_DNS, HOSTILE_URLS } from './hostile-urls.ts';
import { checkWebhookUrl } from './target-policy.ts';

const PUBLIC_DNS = { 'hooks.example.com': ['93.184.216.34'], 'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'] };
const production = { allowPrivateTargets: false, lookup: fakeLookup({ ...HOSTILE_DNS, ...PUBLIC_DNS }) };

describe('webhook URL policy', () => {
  it(`refuses all ${HOSTILE_URLS.length} hostile URLs outside development`, async () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(30);
    for (const url of HOSTILE_URLS) expect(await checkWebhookUrl(url, production), url).toEqual(expect.any(String));
  });

  it('names the reason: scheme, address range, DNS answer', async () => {
    expect(await checkWebhookUrl('http://hooks.example.com/x', production)).toBe('url must use https');
    expect(await checkWebhookUrl('https://2130706433/x', production)).toBe('url points to a loopback address (127.0.0.1)');
    expect(await checkWebhookUrl('https://[::ffff:169.254.169.254]/', production)).toContain('169.254.169.254');
    expect(await checkWebhookUrl('https://mixed.attacker.test/x', production)).toBe("url's host mixed.attacker.test resolves to a private address (192.168.1.10)");
    expect(await checkWebhookUrl('https://nowhere.attacker.test/x', production)).toBe("url's host nowhere.attacker.test could not be resolved");
  });

  it('accepts https URLs of public addresses', async () => {
    for (const url of ['https://hooks.example.com/hooks', 'https://v6.example.com:8443/a?b=c', 'https://93.184.216.34/', 'https://[2606:2800:220:1:248:1893:25c8:1946]/']) {
      expect(await checkWebhookUrl(url, production), url).toBeNull();
    }
  });

  it('allows http and local targets in development, still not other schemes or credentials', async () => {
    const development = { allowPrivateTargets: true };
    expect(await checkWebhookUrl('http://127.0.0.1:3000/hooks', development)).toBeNull();
    expect(await checkWebhookUrl('http://localhost:3000', development)).toBeNull();
    expect(await checkWebhookUrl('ftp://localhost/x', development)).toBe('url must use https');
    expect(await checkWebhookUrl('http://a:b@localhost/x', development)).toBe('url must not hold a user name or password');
    expect(await checkWebhookUrl(`https://example.com/${'x'.repeat(2048)}`, development)).toContain('2048');
  });
});
