// Certificates for the mTLS tests, made at test time with the openssl command line (no certificate
// library is installed): a CA, the mock PSP's server certificate for 127.0.0.1 and a client
// certificate it signs, plus a client certificate from another CA that the PSP must refuse.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** Signed by a CA the server does not trust. */
  strangerCert: string;
  strangerKey: string;
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'pix-api-certs-'));
  const at = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  const key = (name: string): void => openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', at(name));
  const selfSigned = (keyName: string, certName: string, subject: string): void =>
    openssl('req', '-x509', '-new', '-key', at(keyName), '-out', at(certName), '-days', '2', '-subj', subject, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  const signed = (keyName: string, certName: string, subject: string, caName: string, extensions: string): void => {
    openssl('req', '-new', '-key', at(keyName), '-out', at(`${certName}.csr`), '-subj', subject);
    writeFileSync(at(`${certName}.ext`), extensions);
    openssl('x509', '-req', '-in', at(`${certName}.csr`), '-CA', at(`${caName}.crt`), '-CAkey', at(`${caName}.key`), '-CAcreateserial', '-out', at(certName), '-days', '2', '-extfile', at(`${certName}.ext`));
  };
  try {
    key('ca.key');
    selfSigned('ca.key', 'ca.crt', '/CN=Pix test CA');
    key('server.key');
    signed('server.key', 'server.crt', '/CN=127.0.0.1', 'ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
    key('client.key');
    signed('client.key', 'client.crt', '/CN=seller client', 'ca', 'extendedKeyUsage=clientAuth\n');
    key('stranger-ca.key');
    selfSigned('stranger-ca.key', 'stranger-ca.crt', '/CN=Stranger CA');
    key('stranger.key');
    signed('stranger.key', 'stranger.crt', '/CN=stranger', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
    const read = (name: string): string => readFileSync(at(name), 'utf8');
    return {
      ca: read('ca.crt'),
      serverCert: read('server.crt'),
      serverKey: read('server.key'),
      clientCert: read('client.crt'),
      clientKey: read('client.key'),
      strangerCert: read('stranger.crt'),
      strangerKey: read('stranger.key'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
