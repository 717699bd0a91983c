// First start on the embedded database: create a development account and show its sandbox key,
// so a newcomer can call the API at once. The keys are also kept in DATA_DIR (readable only by
// the owner) because a key is otherwise shown only once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db/database.ts';
import { countAccounts, createAccount } from './modules/accounts/index.ts';

export async function ensureDevelopmentAccount(db: Db, dataDir: string, now: Date): Promise<string | null> {
  if ((await countAccounts(db)) > 0) return null;
  const created = await db.transaction().execute((tx) => createAccount(tx, { name: 'Development account', slug: 'dev' }, now));
  const file = join(dataDir, 'dev-account.json');
  writeFileSync(file, JSON.stringify(created, null, 2) + '\n', { mode: 0o600 });
  const sandboxSecret = created.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox');
  return sandboxSecret ? `${sandboxSecret.key}  (all keys of this account are in ${file})` : null;
}
