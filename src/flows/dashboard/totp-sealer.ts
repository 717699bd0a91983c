// The seal of members' TOTP secrets: the providers' secret box under the service's keyring, the
// member's id as additional data (a sealed secret copied onto another member does not open).
// Undefined when no keyring may be used (DATABASE_URL without SECRETS_KEY): TOTP cannot be turned on.
import type { Config } from '../../config.ts';
import type { TotpSealer } from '../../modules/members/index.ts';
import { keyringOf, openSecrets, sealSecrets } from '../../modules/providers/index.ts';

export function totpSealer(config: Pick<Config, 'secrets' | 'databaseUrl' | 'dataDir'>): TotpSealer | undefined {
  const keyring = keyringOf(config);
  if (!keyring) return undefined;
  return {
    seal: (memberId, secret) => sealSecrets(keyring, memberId, { secret }),
    open: (memberId, sealed) => openSecrets(keyring, memberId, sealed).secret!,
  };
}
