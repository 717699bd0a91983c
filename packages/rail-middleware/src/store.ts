// Where the nonce memory and the grace queue live: in this process (default), or in Redis shared
// by every process of one seller, so one signature is served once across them and any process
// can settle what another served on credit (README, "Several processes").
import { randomUUID } from 'node:crypto';

export interface RailStore {
  /** Claims a nonce across the processes sharing the store; false when another holds it. */
  claim(nonceKey: string, ttlSeconds: number): Promise<boolean>;
  /** Gives a nonce back: the request it was claimed for was not served. */
  release(nonceKey: string): Promise<void>;
  push(item: string): Promise<number>;
  first(): Promise<string | null>;
  /** Removes the first item, which the caller read with first() under the drain lock. */
  shift(): Promise<void>;
  depth(): Promise<number>;
  /** One drainer at a time, or two processes would settle the same head and drop the next. */
  lockDrain(ttlMs: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** Nonces settled or queued recently, remembered to refuse a replay in this process (bounded). */
const SEEN_LIMIT = 100_000;

export class MemoryStore implements RailStore {
  private readonly nonces = new Set<string>();
  private readonly queue: string[] = [];
  private locked = false;

  async claim(nonceKey: string): Promise<boolean> {
    if (this.nonces.has(nonceKey)) return false;
    this.nonces.add(nonceKey);
    if (this.nonces.size > SEEN_LIMIT) this.nonces.delete(this.nonces.values().next().value!);
    return true;
  }
  async release(nonceKey: string): Promise<void> {
    this.nonces.delete(nonceKey);
  }
  async push(item: string): Promise<number> {
    return this.queue.push(item);
  }
  async first(): Promise<string | null> {
    return this.queue[0] ?? null;
  }
  async shift(): Promise<void> {
    this.queue.shift();
  }
  async depth(): Promise<number> {
    return this.queue.length;
  }
  async lockDrain(): Promise<(() => Promise<void>) | null> {
    if (this.locked) return null;
    this.locked = true;
    return async () => {
      this.locked = false;
    };
  }
  async close(): Promise<void> {}
}

// Deletes the lock only if it is still ours (it may have expired and been taken since).
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

interface RedisLike {
  set(key: string, value: string, ...args: Array<string | number>): Promise<string | null>;
  del(key: string): Promise<number>;
  rpush(key: string, value: string): Promise<number>;
  lindex(key: string, index: number): Promise<string | null>;
  lpop(key: string): Promise<string | null>;
  llen(key: string): Promise<number>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
  ping(): Promise<string>;
  quit(): Promise<string>;
}

export class RedisStore implements RailStore {
  private constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
  ) {}

  /** Connects and pings: a wrong URL fails the seller's start, not its requests. */
  static async connect(url: string, prefix: string): Promise<RedisStore> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 3000 });
    redis.on('error', () => undefined); // surfaced by the command that fails
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    return new RedisStore(redis as unknown as RedisLike, prefix);
  }

  async claim(nonceKey: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}nonce:${nonceKey}`, '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK';
  }
  async release(nonceKey: string): Promise<void> {
    await this.redis.del(`${this.prefix}nonce:${nonceKey}`);
  }
  push(item: string): Promise<number> {
    return this.redis.rpush(`${this.prefix}queue`, item);
  }
  first(): Promise<string | null> {
    return this.redis.lindex(`${this.prefix}queue`, 0);
  }
  async shift(): Promise<void> {
    await this.redis.lpop(`${this.prefix}queue`);
  }
  depth(): Promise<number> {
    return this.redis.llen(`${this.prefix}queue`);
  }
  async lockDrain(ttlMs: number): Promise<(() => Promise<void>) | null> {
    const key = `${this.prefix}drain-lock`;
    const token = randomUUID();
    if ((await this.redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    return async () => {
      await this.redis.eval(UNLOCK, 1, key, token);
    };
  }
  async close(): Promise<void> {
    await this.redis.quit();
  }
}
