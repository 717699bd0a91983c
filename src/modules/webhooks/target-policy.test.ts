// Webhook URL checks at creation: every URL of the hostile corpus is refused outside development,
// public ones pass, and development allows http and local targets.
import { describe, expect, it } from 'vitest';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { EMBEDDED_IPV4, HOSTILE_DNS, HOSTILE_URLS } from './hostile-urls.ts';
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
    expect(await checkWebhookUrl('https://[::127.0.0.1]/', production)).toBe('url points to a loopback address (::7f00:1, carrying 127.0.0.1)');
    expect(await checkWebhookUrl('https://[2002:a9fe:a9fe::]/', production)).toBe('url points to a link-local address (2002:a9fe:a9fe::, carrying 169.254.169.254)');
    expect(await checkWebhookUrl('https://[2001:0:5db8:d822::1]/', production)).toBe('url points to a Teredo address (2001:0:5db8:d822::1)');
  });

  it(`judges each of the ${EMBEDDED_IPV4.length} IPv6 forms carrying an IPv4 address by that address, literal or resolved`, async () => {
    const names = Object.fromEntries(EMBEDDED_IPV4.map(({ address }, i) => [`embedded-${i}.example.com`, [address]]));
    const policy = { allowPrivateTargets: false, lookup: fakeLookup(names) };
    for (const [i, { address, accepted }] of EMBEDDED_IPV4.entries()) {
      const literal = await checkWebhookUrl(`https://[${address}]/hooks`, policy);
      const resolved = await checkWebhookUrl(`https://embedded-${i}.example.com/hooks`, policy);
      if (accepted) {
        expect(literal, address).toBeNull();
        expect(resolved, address).toBeNull();
      } else {
        expect(literal, address).toMatch(/^url points to an? [\w -]+ address \(/);
        expect(resolved, address).toMatch(new RegExp(`^url's host embedded-${i}\\.example\\.com resolves to an? [\\w -]+ address \\(`));
      }
    }
    expect(EMBEDDED_IPV4.filter((c) => c.accepted).length).toBeGreaterThanOrEqual(8);
    expect(EMBEDDED_IPV4.filter((c) => !c.accepted).length).toBeGreaterThanOrEqual(20);
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
