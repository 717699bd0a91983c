// Master key rotation (docs/providers.md): with the new key as SECRETS_KEY and the old one(s) as
// SECRETS_KEY_PREVIOUS, `secrets rotate` re-wraps every connection's data key under the new key, in
// batches, each row locked while it changes. The credentials' ciphertext is untouched. When it
// reports no row left, SECRETS_KEY_PREVIOUS can be removed. Running it twice is harmless.
import type { Db } from '../../db/database.ts';
import * as repo from './repository.ts';
import { rewrapDataKey, type Keyring } from './secret-box.ts';

const BATCH = 100;

/** Re-wraps every data key not under the current master key; returns how many. */
export async function rotateSecretsKey(db: Db, keyring: Keyring): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await db.transaction().execute(async (tx) => {
      const rows = await repo.lockRowsNotUnder(tx, keyring.current.id, BATCH);
      for (const row of rows) {
        const next = rewrapDataKey(keyring, row.id, { ciphertext: row.credentials_sealed, dataKey: row.data_key_sealed, keyId: row.key_id });
        await repo.rewrap(tx, row.id, next.dataKey, next.keyId);
      }
      return rows.length;
    });
    total += count;
    if (count < BATCH) return total;
  }
}
