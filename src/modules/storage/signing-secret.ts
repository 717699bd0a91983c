// The secret behind signed URLs: SIGNING_SECRET when set, otherwise one generated on the first
// start and kept in the database, so that several processes (and restarts) share it with no setup.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';

const SECRET_NAME = 'signing_secret';

export async function loadSigningSecret(ex: Executor, configured: string | null, now: Date): Promise<string> {
  if (configured) return configured;
  // Two processes starting together both insert; the primary key keeps the first, both read it.
  await repo.insertSecretIfMissing(ex, SECRET_NAME, randomBytes(32).toString('base64url'), now);
  return repo.readSecret(ex, SECRET_NAME);
}
