// The production start: `npm run build` compiles to dist/, and the compiled service (no tsx) starts
// on a fresh embedded database (copying the cluster the build initialised and migrated), finds its
// migrations (SQL files beside the compiled code) applied, and answers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../harness.ts';
import { freePortPair, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'billing-build-start-'));
let service: ServiceProcess | null = null;

afterAll(async () => {
  await service?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

// The build does not depend on the database; one run of the suite (embedded) checks it.
describe.skipIf(usingPostgres)('the compiled build', () => {
  it('builds, starts without tsx on a fresh DATA_DIR, answers /healthz and serves the development account', async () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { encoding: 'utf8', timeout: START_TIMEOUT_MS });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync('dist/main.js')).toBe(true);
    // The migrated empty cluster a first start copies instead of running initdb and the migrations.
    expect(readdirSync('dist/db').filter((name) => name.startsWith('pglite-template-') && existsSync(join('dist/db', name, 'PG_VERSION')))).toHaveLength(1);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:prod']).toContain('dist/main.js');
    expect(scripts['start:prod']).not.toContain('tsx');

    service = new ServiceProcess(freePortPair()[0], { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 'build');
    await service.start();
    expect(await fetch(`${service.url}/healthz`).then((r) => r.json())).toEqual({ status: 'ok' });
    const saved = JSON.parse(readFileSync(join(dataDir, 'dev-account.json'), 'utf8')) as { keys: Array<{ key: string; type: string; environment: string }> };
    const key = saved.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
    const tenant = await fetch(`${service.url}/account/tenant`, { headers: { authorization: `Bearer ${key}` } });
    expect(tenant.status).toBe(200);
    expect(await service.kill('SIGTERM')).toBe(0);
  }, START_TIMEOUT_MS * 2);
});
