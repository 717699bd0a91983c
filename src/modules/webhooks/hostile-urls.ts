// URLs a webhook must never be sent to outside development, with the DNS answers of the names
// among them (resolved through an injected lookup: tests do not depend on real DNS).
export const HOSTILE_DNS: Record<string, string[]> = {
  'loopback.attacker.test': ['127.0.0.1'],
  'ten.attacker.test': ['10.0.0.1'],
  'v6-loopback.attacker.test': ['::1'],
  'mixed.attacker.test': ['93.184.216.34', '192.168.1.10'],
  'metadata.attacker.test': ['169.254.169.254'],
  'mapped.attacker.test': ['::ffff:127.0.0.1'],
  'compatible.attacker.test': ['::7f00:1'],
  'nat64.attacker.test': ['64:ff9b::a9fe:a9fe'],
  'cgnat.attacker.test': ['100.64.0.7'],
};

export const HOSTILE_URLS: readonly string[] = [
  // Loopback in every spelling the URL parser accepts.
  'https://127.0.0.1/hooks',
  'https://127.1/hooks',
  'https://2130706433/hooks',
  'https://0177.0.0.1/hooks',
  'https://0x7f.0.0.1/hooks',
  'https://0x7f000001/hooks',
  'https://127.255.255.254:8443/hooks',
  'https://[::1]/hooks',
  'https://[0:0:0:0:0:0:0:1]/hooks',
  'https://[::ffff:127.0.0.1]/hooks',
  'https://[0:0:0:0:0:ffff:7f00:1]/hooks',
  'https://[::ffff:7f00:1]/hooks',
  'https://[::127.0.0.1]/hooks', // IPv4-compatible (issue #30)
  'https://[::7f00:1]/hooks',
  'https://[::ffff:0:127.0.0.1]/hooks', // IPv4-translated
  'https://[64:ff9b::127.0.0.1]/hooks', // NAT64
  'https://[2002:7f00:1::1]/hooks', // 6to4
  'https://localhost/hooks',
  'https://LOCALHOST./hooks',
  'https://api.localhost/hooks',
  // Cloud metadata and link-local.
  'https://169.254.169.254/latest/meta-data/',
  'https://2852039166/latest/meta-data/',
  'https://0xa9fea9fe/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://[::169.254.169.254]/latest/meta-data/',
  'https://[64:ff9b::169.254.169.254]/latest/meta-data/',
  'https://[2002:a9fe:a9fe::]/latest/meta-data/',
  'https://[fe80::1]/hooks',
  // Private, CGNAT, unique-local, unspecified, multicast, broadcast.
  'https://10.0.0.1/hooks',
  'https://172.16.5.4/hooks',
  'https://192.168.0.1/hooks',
  'https://100.64.0.1/hooks',
  'https://[fd00::1]/hooks',
  'https://[fc00::abcd]/hooks',
  'https://0.0.0.0/hooks',
  'https://0/hooks',
  'https://[::]/hooks',
  'https://224.0.0.1/hooks',
  'https://255.255.255.255/hooks',
  'https://[ff02::1]/hooks',
  // Teredo, and local-use NAT64, whatever IPv4 they carry.
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks',
  'https://[64:ff9b:1::5db8:d822]/hooks',
  // DNS names that resolve to such addresses (all of them or one among several).
  'https://loopback.attacker.test/hooks',
  'https://ten.attacker.test/hooks',
  'https://v6-loopback.attacker.test/hooks',
  'https://mixed.attacker.test/hooks',
  'https://metadata.attacker.test/hooks',
  'https://mapped.attacker.test/hooks',
  'https://compatible.attacker.test/hooks',
  'https://nat64.attacker.test/hooks',
  'https://cgnat.attacker.test/hooks',
  'https://does-not-resolve.attacker.test/hooks',
  // Not https, credentials, other schemes.
  'http://hooks.example.com/hooks',
  'http://93.184.216.34/hooks',
  'https://user:pass@hooks.example.com/hooks',
  'ftp://hooks.example.com/hooks',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'gopher://127.0.0.1:6379/_INFO',
  'not a url',
];

/**
 * Every IPv6 form that carries an IPv4 address, judged by that IPv4 address: accepted when it is
 * public (93.184.216.34, 5db8:d822 in hex), refused when it is loopback (127.0.0.1, 7f00:1),
 * private (10.0.0.1, a00:1; 192.168.1.10, c0a8:10a) or link-local (169.254.169.254, a9fe:a9fe).
 * Teredo and local-use NAT64 are refused whatever they carry. Literals, as written here (the URL
 * parser turns the dotted forms into hex ones).
 */
export const EMBEDDED_IPV4: readonly { address: string; accepted: boolean }[] = [
  // IPv4-mapped ::ffff:0:0/96.
  { address: '::ffff:93.184.216.34', accepted: true },
  { address: '::ffff:5db8:d822', accepted: true },
  { address: '::ffff:127.0.0.1', accepted: false },
  { address: '::ffff:7f00:1', accepted: false },
  { address: '::ffff:10.0.0.1', accepted: false },
  { address: '::ffff:c0a8:10a', accepted: false },
  { address: '::ffff:169.254.169.254', accepted: false },
  // IPv4-compatible ::/96 (deprecated, RFC 4291).
  { address: '::93.184.216.34', accepted: true },
  { address: '::5db8:d822', accepted: true },
  { address: '::127.0.0.1', accepted: false },
  { address: '::7f00:1', accepted: false },
  { address: '::10.0.0.1', accepted: false },
  { address: '::c0a8:10a', accepted: false },
  { address: '::169.254.169.254', accepted: false },
  { address: '::a9fe:a9fe', accepted: false },
  // IPv4-translated ::ffff:0:0:0/96 (RFC 6145).
  { address: '::ffff:0:93.184.216.34', accepted: true },
  { address: '::ffff:0:127.0.0.1', accepted: false },
  { address: '::ffff:0:a00:1', accepted: false },
  { address: '::ffff:0:169.254.169.254', accepted: false },
  // NAT64, well-known prefix 64:ff9b::/96 (RFC 6052).
  { address: '64:ff9b::93.184.216.34', accepted: true },
  { address: '64:ff9b::5db8:d822', accepted: true },
  { address: '64:ff9b::127.0.0.1', accepted: false },
  { address: '64:ff9b::a00:1', accepted: false },
  { address: '64:ff9b::192.168.1.10', accepted: false },
  { address: '64:ff9b::a9fe:a9fe', accepted: false },
  // NAT64, local-use prefix 64:ff9b:1::/48 (RFC 8215): refused outright.
  { address: '64:ff9b:1::5db8:d822', accepted: false },
  { address: '64:ff9b:1:7f00:1::', accepted: false },
  // 6to4 2002::/16 (RFC 3056): the IPv4 is bits 16 to 47.
  { address: '2002:5db8:d822::1', accepted: true },
  { address: '2002:7f00:1::1', accepted: false },
  { address: '2002:a00:1::', accepted: false },
  { address: '2002:c0a8:10a:1::1', accepted: false },
  { address: '2002:a9fe:a9fe::1', accepted: false },
  // Teredo 2001::/32 (RFC 4380): refused outright, even for a public server and client.
  { address: '2001:0:4136:e378:8000:63bf:3fff:fdd2', accepted: false },
  { address: '2001:0:5db8:d822::1', accepted: false },
];
