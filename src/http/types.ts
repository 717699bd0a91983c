import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import type { Clock } from '../core/clock.ts';
import type { Db } from '../db/database.ts';
import type { AuthContext, Scope } from '../core/auth.ts';
import type { CallPrincipals } from './principals.ts';
import type { ObjectStore } from '../core/object-store.ts';
import type { TargetPolicy } from '../core/webhook-targets.ts';
import type { Idempotency } from './idempotency.ts';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Everything a module's routes need, handed over explicitly by app.ts. */
export interface AppDeps {
  db: Db;
  dbKind: 'postgres' | 'pglite';
  config: Config;
  clock: Clock;
  idempotency: Idempotency;
  /** Uploaded files (local disk or S3), built once per process. */
  objectStore: ObjectStore;
  /** Which webhook URLs are allowed (config, plus a DNS lookup tests may replace). */
  webhookPolicy: TargetPolicy;
}

/** Cost classes of keyless routes (units in http/keyless-budgets.ts, figures in docs/reliability.md). */
export type KeylessCost = 'light' | 'page' | 'write';

declare module 'fastify' {
  interface FastifyInstance {
    /** Calls of the API on behalf of a keyless caller (http/principals.ts), set by the auth hook. */
    principals: CallPrincipals;
  }
  interface FastifyRequest {
    /** The caller's key, set by the auth hook on keyed routes. */
    auth: AuthContext | null;
    /** A JSON body as sent (json-body.ts): the idempotency fingerprint hashes it. */
    rawBody?: Buffer;
    /** What the byte scan of that body found (json-scan.ts SCAN_* flags). */
    jsonEscapes?: number;
  }
  interface FastifyContextConfig {
    /** `secret` (default): a secret key; `none`: keyless (/pay, /public, health, docs); `admin`: ADMIN_TOKEN. */
    auth?: 'secret' | 'none' | 'admin';
    /** Scope a restricted key needs for this route. */
    scope?: Scope;
    /**
     * The route's write reads the key's row in its own transaction (usage ingestion): the auth hook
     * may take a key found live before from memory, and reads its row before the answer leaves only
     * when the write did not (accounts/key-memory.ts).
     */
    keyFromMemory?: boolean;
    /** An HTML page: it answers its own "not found" page for values the database cannot hold. */
    page?: boolean;
    /** Resource named by 404s of this route's path parameters. */
    resource?: string;
    /** Writes need Idempotency-Key unless `optional` (operator routes) or `exempt` (signed URLs). */
    idempotency?: 'required' | 'optional' | 'exempt';
    /**
     * Keyless routes whose answer is a credential (a new account's key): the Idempotency-Key lives
     * in the client address's key space too, so nobody else's guess of a key replays the answer.
     */
    idempotencyPerAddress?: boolean;
    /** False to skip rate limiting (health checks, docs). */
    rateLimit?: boolean;
    /**
     * Keyless routes limited by what they cost (http/keyless-budgets.ts): the route's cost class,
     * and which `:slug` of its path names the seller whose budget it also spends.
     */
    keylessCost?: { cost: KeylessCost; seller?: 'storefront' | 'account' };
  }
}
