// The memory of keys (key-memory.ts) and the authenticator's use of it: only live keys are kept,
// a key from memory comes unconfirmed, and confirming reads its row again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { KeyMemory, type KeyFacts } from './key-memory.ts';
import { hashKey } from './keys.ts';
import { createAuthenticator } from './service.ts';

const facts = (keyId: string): KeyFacts => ({ keyId, keyType: 'secret', accountId: 'a', environment: 'sandbox', scopes: [] });

describe('KeyMemory', () => {
  it('keeps at most its capacity, dropping the oldest first', () => {
    const memory = new KeyMemory(2);
    memory.remember('h1', facts('1'));
    memory.remember('h2', facts('2'));
    memory.remember('h1', facts('1 again')); // known already: kept as it was, and not made newer
    memory.remember('h3', facts('3'));
    expect(memory.size).toBe(2);
    expect(memory.get('h1')).toBeUndefined();
    expect(memory.get('h2')?.keyId).toBe('2');
    expect(memory.get('h3')?.keyId).toBe('3');
    memory.forget('h2');
    expect(memory.get('h2')).toBeUndefined();
  });
});

describe('authenticating from memory', () => {
  let t: TestContext;
  let acme: SeededAccount;
  beforeAll(async () => {
    t = await startTestApp();
    acme = await seedAccount(t.client);
  });
  afterAll(() => t.close());

  it('reads the row of a key it has not seen, then answers from memory, unconfirmed', async () => {
    const memory = new KeyMemory();
    const authenticator = createAuthenticator(t.database.db, memory);
    const first = await authenticator.authenticateFromMemory(acme.key);
    expect(first.unconfirmed).toBeNull();
    expect(first.accountId).toBe(acme.id);
    const second = await authenticator.authenticateFromMemory(acme.key);
    expect(second).toMatchObject({ keyId: first.keyId, accountId: acme.id, environment: 'sandbox', keyType: 'secret' });
    expect(second.unconfirmed).toEqual({ hash: hashKey(acme.key), state: 'unconfirmed' });
    await authenticator.confirm(second.unconfirmed!);
    expect(second.unconfirmed!.state).toBe('live');
    // Routes without the memory always read the row.
    expect((await authenticator.authenticate(acme.key)).unconfirmed).toBeNull();
  });

  it('forgets a key whose confirmation finds it revoked, and refuses it from then on', async () => {
    const created = await t.client.post('/account/keys', acme.key, { scopes: ['metering:write'] });
    const memory = new KeyMemory();
    const authenticator = createAuthenticator(t.database.db, memory);
    await authenticator.authenticateFromMemory(created.body.key);
    const remembered = await authenticator.authenticateFromMemory(created.body.key);
    expect((await t.client.delete(`/account/keys/${created.body.id}`, acme.key)).status).toBe(200);
    await expect(authenticator.confirm(remembered.unconfirmed!)).rejects.toMatchObject({ code: 'unauthorized', message: 'The API key was revoked.' });
    expect(remembered.unconfirmed!.state).toBe('refused');
    expect(memory.get(hashKey(created.body.key))).toBeUndefined();
    await expect(authenticator.authenticateFromMemory(created.body.key)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('remembers nothing of keys that do not authenticate', async () => {
    const memory = new KeyMemory();
    const authenticator = createAuthenticator(t.database.db, memory);
    await expect(authenticator.authenticateFromMemory(`sk_test_${'a'.repeat(43)}`)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(authenticator.authenticateFromMemory('sk_test_short')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(memory.size).toBe(0);
  });
});
