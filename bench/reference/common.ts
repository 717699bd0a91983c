// What the reference servers share: settings from the environment and a pg pool of the same size
// as the service's (DATABASE_POOL_SIZE), so the comparison is connection for connection.
import pg from 'pg';

export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function openPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: Number(env('DATABASE_POOL_SIZE')) });
  pool.on('error', () => undefined);
  return pool;
}
