// First start on the embedded database: create a development account and show its sandbox key,
// so a newcomer can call the API at once. The keys are also kept in DATA_DIR (readable only by
// the owner) because a key is otherwise shown only once. The account's dashboard owner is
// owner@localhost without a password: its one-time sign-in link (24 hours) is shown with the key
// and kept in the same file; once in, the member sets a password at /dashboard/password.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db/database.ts';
import { countAccounts, createAccount } from './modules/accounts/index.ts';

export interface DevelopmentAccount {
  /** The sandbox secret key, when the account was created by this start (null on later starts). */
  sandboxKey: string | null;
  /** The file with every key of the account; null when there is none (the account was made otherwise). */
  file: string | null;
  /** The owner's one-time dashboard sign-in link, when the account was created by this start. */
  ownerSignInUrl: string | null;
}

export const DEV_OWNER_EMAIL = 'owner@localhost';

export async function ensureDevelopmentAccount(db: Db, dataDir: string, baseUrl: string, now: Date): Promise<DevelopmentAccount> {
  // An in-memory database has no folder to keep the keys in.
  const file = dataDir.startsWith('memory://') ? null : join(dataDir, 'dev-account.json');
  if ((await countAccounts(db)) > 0) return { sandboxKey: null, file: file && existsSync(file) ? file : null, ownerSignInUrl: null };
  const created = await db.transaction().execute((tx) => createAccount(tx, { name: 'Development account', slug: 'dev', owner: { email: DEV_OWNER_EMAIL } }, now));
  const token = created.owner?.signInToken;
  const ownerSignInUrl = token ? `${baseUrl}/dashboard/sign-in/${token}` : null;
  const saved = { account: created.account, keys: created.keys, owner: created.owner && { id: created.owner.id, email: created.owner.email, signInUrl: ownerSignInUrl } };
  if (file) writeFileSync(file, JSON.stringify(saved, null, 2) + '\n', { mode: 0o600 });
  const sandboxSecret = created.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox');
  return { sandboxKey: sandboxSecret?.key ?? null, file, ownerSignInUrl };
}
