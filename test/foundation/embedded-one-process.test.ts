// The embedded database is opened by one process at a time (src/db/data-dir-lock.ts): a second
// service or the CLI on the same DATA_DIR exits non-zero with a clear message instead of answering
// writes the first never sees; a lock left by a killed service is recovered by the next start.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/data-dir-lock.ts';
import { cliArgs, freePortPair, serviceArgs, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';

const IN_USE = 'the service is running on this folder: use the HTTP API or stop it';
const dataDir = mkdtempSync(join(tmpdir(), 'billing-one-process-'));
const lockFile = join(dataDir, LOCK_FILE);
const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
const [firstPort, secondPort] = await freePortPair();
const services: ServiceProcess[] = [];

function run(args: string[], extraEnv: Record<string, string> = {}) {
  return spawnSync(process.execPath, args, { env: { ...process.env, ...env, HOST: '127.0.0.1', BASE_URL: '', LOG_LEVEL: 'warn', ...extraEnv }, encoding: 'utf8', timeout: START_TIMEOUT_MS });
}

beforeAll(async () => {
  services.push(new ServiceProcess(firstPort, env));
  await services[0]!.start();
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  for (const service of services) await service.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one process at a time on an embedded DATA_DIR', () => {
  it('a second service on the same folder exits non-zero with the message, and the first keeps serving', () => {
    const second = run(serviceArgs(), { PORT: String(secondPort) });
    expect(second.status, second.stderr).toBe(1);
    expect(second.stderr).toContain(IN_USE);
    expect(second.stderr).toContain(`process ${services[0]!.child!.pid} `);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(services[0]!.child!.pid);
  }, START_TIMEOUT_MS);

  it('the CLI while the service runs exits non-zero with the message and prints no keys', async () => {
    const cli = run(cliArgs(['accounts', 'create', '--name', 'Ghost', '--slug', 'ghost', '--json']));
    expect(cli.status, cli.stderr).toBe(1);
    expect(cli.stderr).toContain(IN_USE);
    expect(cli.stdout).not.toContain('sk_');
    expect((await fetch(`${services[0]!.url}/readyz`)).status).toBe(200);
  }, START_TIMEOUT_MS);

  it('after the service is killed (SIGKILL), a new start recovers the stale lock and finds the same data', async () => {
    const key = (JSON.parse(readFileSync(join(dataDir, 'dev-account.json'), 'utf8')) as { keys: Array<{ key: string; type: string; environment: string }> }).keys.find(
      (k) => k.type === 'secret' && k.environment === 'sandbox',
    )!.key;
    await services[0]!.kill('SIGKILL');
    expect(existsSync(lockFile)).toBe(true);
    const restarted = new ServiceProcess(secondPort, env);
    services.push(restarted);
    await restarted.start();
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(restarted.child!.pid);
    const tenant = await fetch(`${restarted.url}/account/tenant`, { headers: { authorization: `Bearer ${key}` } });
    expect(tenant.status).toBe(200);
    // A clean stop frees the folder.
    expect(await restarted.kill('SIGTERM')).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, START_TIMEOUT_MS * 2);
});
