// The tests' PSP: the validating mock serving the standard's document over https with mutual TLS
// (certificates made at test time), in front of the stateful fake.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startValidatingMock, type ValidatingMock } from '../../../../../test/processor-mocks/validating-mock.ts';
import type { ProcessorChargeRequest, ProcessorConnection } from '../types.ts';
import { createFakePsp, type FakePsp } from './fake-psp.ts';
import { makeTestCertificates, type TestCertificates } from './test-certificates.ts';

/** The official document, unchanged (test/fixtures/processors/pix-api/openapi.yaml, 2.9.0). */
export const OFFICIAL_SPEC_PATH = fileURLToPath(new URL('../../../../../test/fixtures/processors/pix-api/openapi.yaml', import.meta.url));

/** Paths the PSP serves to payers' banks (the QR code's location), never called by a seller. */
const PAYLOAD_LOCATION_PATHS = ['  "/{pixUrlAccessToken}":', '  "/cobv/{pixUrlAccessToken}":', '  "/rec/{recUrlAccessToken}":'];

/**
 * The official document with four defects of 2.9.0 corrected, each of which makes a valid
 * request unvalidatable (the fixture's README lists them):
 * 1. CPF and municipality-code patterns are written as JavaScript regex literals ("/^\d{11}$/"):
 *    as JSON Schema patterns no string matches them, so no CPF could ever be sent.
 * 2. RecBase requires `idRec` (which the PSP assigns on POST /rec) and `retentativa` (no such
 *    property: RecConfiguracao's `politicaRetentativa` is the real one), so no POST /rec validates.
 * 3. SolicRecBase requires `pagador`, a property it does not define (the document's own example
 *    request has none), so no POST /solicrec validates.
 * 4. The payload-location paths (served to payers' banks from another server) use a server variable
 *    `endpointOpcional` they never define, which breaks routing of GET /cobv/{txid} (and
 *    /rec/{recUrlAccessToken} shadows GET /rec/{idRec}); they are dropped.
 */
export function correctedSpecText(official: string): string {
  const lines = official.split('\n');
  const kept: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (PAYLOAD_LOCATION_PATHS.includes(line)) skipping = true;
    else if (skipping && /^ {2}"?\//.test(line)) skipping = false;
    if (!skipping) kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/pattern: "\/(\^[^"]*\$)\/"/g, 'pattern: "$1"')
    .replace('required: ["idRec", "calendario","vinculo","retentativa"]', 'required: ["calendario","vinculo"]')
    .replace('required: ["calendario", "pagador", "idRec","destinatario"]', 'required: ["calendario", "idRec","destinatario"]');
}

let correctedPath: string | null = null;

/** The corrected document, written once per test process. */
export function specPath(): string {
  if (!correctedPath) {
    correctedPath = join(mkdtempSync(join(tmpdir(), 'pix-api-spec-')), 'openapi.yaml');
    writeFileSync(correctedPath, correctedSpecText(readFileSync(OFFICIAL_SPEC_PATH, 'utf8')));
  }
  return correctedPath;
}
/** The document's production server; the adapter's baseUrl is `{mock.url}/api`. */
export const SERVER_URL = 'https://pix.example.com/api/';
export const PIX_KEY = 'cobrancas@loja.example.com';

export interface PixTestPsp {
  mock: ValidatingMock;
  psp: FakePsp;
  certs: TestCertificates;
  connection(overrides?: Partial<Record<string, string>>): ProcessorConnection;
  close(): Promise<void>;
}

export async function startPixTestPsp(): Promise<PixTestPsp> {
  const certs = makeTestCertificates();
  const psp = createFakePsp();
  const mock = await startValidatingMock({
    specPath: specPath(),
    serverUrl: SERVER_URL,
    basePath: '/api',
    fake: (request) => psp.handle(request),
    // The OAuth2 token endpoint is outside the document (only its security scheme names it).
    skipValidation: (request) => request.path === '/api/oauth/token',
    createServer: (listener) => https.createServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true }, listener),
    protocol: 'https',
  });
  return {
    mock,
    psp,
    certs,
    connection: (overrides = {}) => ({
      id: `conn_${randomUUID()}`,
      provider: 'pix_api',
      environment: 'production',
      methods: ['pix'],
      credentials: Object.fromEntries(
        Object.entries({
          baseUrl: `${mock.url}/api`,
          clientId: psp.clientId,
          clientSecret: psp.clientSecret,
          certificate: certs.clientCert,
          privateKey: certs.clientKey,
          pixKey: PIX_KEY,
          caCertificate: certs.ca,
          ...overrides,
        }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      webhookUrl: 'https://billing.example.com/webhooks/processors/conn_1',
    }),
    close: () => mock.close(),
  };
}

export function chargeRequest(overrides: Partial<ProcessorChargeRequest> = {}): ProcessorChargeRequest {
  return {
    paymentId: `pay_${randomUUID()}`,
    idempotencyKey: `idem_${randomUUID()}`,
    method: 'pix',
    amount: '10.50',
    currency: 'BRL',
    description: 'Invoice INV-0001',
    invoice: { id: 'inv_1', dueDate: null },
    payer: { name: 'Fulano de Tal', email: 'fulano@example.com', document: '123.456.789-09' },
    pixExpiresInSeconds: 3600,
    savedMethod: null,
    now: new Date(),
    ...overrides,
  };
}
