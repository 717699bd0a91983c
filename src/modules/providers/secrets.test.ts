// Secrets at rest: the envelope's round trip and its refusals, the rotation (every data key
// re-wrapped under the new master key, the credentials still readable, the old key no longer
// needed), the development key in DATA_DIR, and no DATABASE_URL production setup without a key.
// Then a whole flow (connect, check, charge, event, refund) with every log line captured at trace
// level: no secret appears in the logs, nor in any answer.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, testConfig, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { openInvoice } from '../payments/test-fixtures.ts';
import { registerProcessor, unregisterProcessor, type ProcessorEvent } from '../payments/index.ts';
import { fakeProcessor } from '../payments/processors/fake-processor.test-support.ts';
import { keyringOf } from './keyring.ts';
import { rotateSecretsKey } from './rotation.ts';
import { masterKeyOf, openSecrets, rewrapDataKey, sealSecrets, type Keyring } from './secret-box.ts';
import { connectionSourceOf } from './service.ts';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const ring = (current: Buffer, ...previous: Buffer[]): Keyring => ({ current: masterKeyOf(current), previous: previous.map(masterKeyOf) });

describe('the envelope', () => {
  it('opens what it sealed, under the row it was sealed for only, and refuses a tampered blob', () => {
    const sealed = sealSecrets(ring(OLD), 'row-1', { secretKey: 'sk_live_abc' });
    expect(sealed.ciphertext).not.toContain('sk_live_abc');
    expect(openSecrets(ring(OLD), 'row-1', sealed)).toEqual({ secretKey: 'sk_live_abc' });
    expect(() => openSecrets(ring(OLD), 'row-2', sealed)).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecrets(ring(OLD), 'row-1', { ...sealed, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => openSecrets(ring(NEW), 'row-1', sealed)).toThrow(/no master key with id/);
  });

  it('re-wraps the data key under the new key; the credentials stay readable without the old one', () => {
    const sealed = sealSecrets(ring(OLD), 'row-1', { secretKey: 'sk_live_abc' });
    const next = rewrapDataKey(ring(NEW, OLD), 'row-1', sealed);
    expect(next.keyId).toBe(masterKeyOf(NEW).id);
    expect(openSecrets(ring(NEW), 'row-1', { ...sealed, ...next })).toEqual({ secretKey: 'sk_live_abc' });
  });

  it('makes a development key in DATA_DIR (0600) once without DATABASE_URL, and none with it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const config = { secrets: { key: null, keyFile: null, previousKeys: [] }, databaseUrl: null, dataDir: dir };
    const first = keyringOf(config)!;
    expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(keyringOf({ ...config, secrets: { ...config.secrets } })!.current.id).toBe(first.current.id);
    expect(Buffer.from(readFileSync(join(dir, 'secrets.key'), 'utf8'), 'base64')).toHaveLength(32);
    expect(keyringOf({ ...config, secrets: { ...config.secrets }, databaseUrl: 'postgres://x' })).toBeNull();
  });

  it('refuses SECRETS_KEY that is not 32 bytes of base64, without echoing it', () => {
    expect(() => testConfig({ SECRETS_KEY: 'not-a-key-but-secret-text' })).toThrow(/SECRETS_KEY/);
    try {
      testConfig({ SECRETS_KEY: 'not-a-key-but-secret-text' });
    } catch (error) {
      expect(String(error)).not.toContain('not-a-key-but-secret-text');
    }
  });
});

describe('rotation and logs', () => {
  const fake = fakeProcessor('processor_b');
  const SECRETS = { secretKey: 'sk_live_rotation_secret_777', publishableKey: 'pk_live_public_111', webhookSecret: 'whsec_rotation_hidden_888' };
  const lines: string[] = [];
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp({ env: { SECRETS_KEY: OLD.toString('base64'), LOG_LEVEL: 'trace' }, logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } });
    // After the app: its start registers the real processors, and this file's fake replaces one.
    registerProcessor(fake);
  });
  afterAll(async () => {
    await t.close();
    unregisterProcessor('processor_b');
  });

  it('runs a whole flow without a secret in any log line or answer', async () => {
    const acme = await seedAccount(t.client, 'Acme');
    const answers: string[] = [];
    const put = await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card', 'pix'], credentials: SECRETS });
    expect(put.status, put.raw).toBe(200);
    answers.push(put.raw);
    answers.push((await t.client.post('/account/providers/processor_b/check', acme.liveKey)).raw);
    answers.push((await t.client.get('/account/providers', acme.liveKey)).raw);
    const invoice = await openInvoice(t, acme.liveKey, await createCustomer(t, acme.liveKey));
    const charge = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'pix' });
    expect(charge.status, charge.raw).toBe(201);
    answers.push(charge.raw);
    const event: ProcessorEvent = { kind: 'charge.confirmed', eventId: 'evt_log_1', providerId: charge.body.providerId, paymentId: charge.body.id, amount: '100.00' };
    const { body, headers } = fake.signed(SECRETS.webhookSecret, [event]);
    const path = new URL(put.body.webhookUrl).pathname;
    expect((await t.app.inject({ method: 'POST', url: path, headers, payload: body })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: path, headers: { ...headers, 'x-fake-signature': 'bad' }, payload: body })).statusCode).toBe(400);
    answers.push((await t.client.post(`/billing/payments/${charge.body.id}/refunds`, acme.liveKey, { amount: '10.00' })).raw);
    // A bad request carrying secrets in the body: the error names fields, never values.
    answers.push((await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card'], credentials: { ...SECRETS, extra: SECRETS.secretKey } })).raw);
    expect(lines.length).toBeGreaterThan(10);
    const everything = lines.join('\n') + answers.join('\n');
    for (const secret of [SECRETS.secretKey, SECRETS.webhookSecret]) expect(everything).not.toContain(secret);
  });

  it('rotation re-wraps every data key; the service then needs the new key only', async () => {
    const db = t.database.db;
    expect(await rotateSecretsKey(db, ring(NEW, OLD))).toBeGreaterThanOrEqual(1);
    const rows = await db.selectFrom('processor_connections').select(['key_id']).execute();
    expect(new Set(rows.map((r) => r.key_id))).toEqual(new Set([masterKeyOf(NEW).id]));
    expect(await rotateSecretsKey(db, ring(NEW, OLD))).toBe(0);
    // A service with only the new key opens the credentials.
    const config = testConfig({ SECRETS_KEY: NEW.toString('base64') });
    const source = connectionSourceOf({ config, policy: { allowPrivateTargets: true } });
    const row = await db.selectFrom('processor_connections').select(['id']).executeTakeFirstOrThrow();
    expect((await source.byId(db, row.id))!.connection.credentials).toEqual(SECRETS);
    // And one with only the old key cannot.
    const stale = connectionSourceOf({ config: testConfig({ SECRETS_KEY: OLD.toString('base64') }), policy: { allowPrivateTargets: true } });
    await expect(stale.byId(db, row.id)).rejects.toThrow(/no master key/);
  });
});
