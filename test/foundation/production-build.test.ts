// The production start: `npm run build` bundles to dist/, and the built service (no tsx, one
// esbuild bundle) starts on a fresh embedded database (copying the cluster the build initialised
// and migrated), finds its migrations (SQL files beside the built code) applied, and answers as
// the sources do; it restarts on the same folder and still refuses a second process on it. The
// built CLI prints its version and creates an account on the same folder once the service stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, usingPostgres } from '../harness.ts';
import { freePortPair, serviceArgs, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'billing-build-start-'));
let service: ServiceProcess | null = null;

afterAll(async () => {
  await service?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

// The build does not depend on the database; one run of the suite (embedded) checks it.
describe.skipIf(usingPostgres)('the compiled build', () => {
  it('builds one bundle that starts without tsx on a fresh DATA_DIR, answers as the sources do and restarts', async () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { encoding: 'utf8', timeout: START_TIMEOUT_MS });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync('dist/src/main.js')).toBe(true);
    expect(existsSync('dist/src/cli.js')).toBe(true);
    // The migrated empty cluster a first start copies instead of running initdb and the migrations.
    expect(readdirSync('dist/src/db').filter((name) => name.startsWith('pglite-template-') && existsSync(join('dist/src/db', name, 'PG_VERSION')))).toHaveLength(1);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:prod']).toContain('dist/src/main.js');
    expect(scripts['start:prod']).not.toContain('tsx');
    // One bundle: the entry point imports no compiled module of ours, only its own chunks (named
    // main-<entry>-<hash>.js; an entry may carry a dot, as @solana/* packages' index.node.mjs does).
    for (const entry of ['main', 'cli']) {
      const bundle = readFileSync(`dist/src/${entry}.js`, 'utf8');
      const relativeImports = [...bundle.matchAll(/(?:\bfrom\s*|\bimport\(\s*)"(\.{1,2}\/[^"]*)"/g)].map((m) => m[1]!);
      expect(relativeImports.length, entry).toBeGreaterThan(0);
      expect(relativeImports.filter((path) => !/^\.\/main-[\w.-]+\.js$/.test(path)), entry).toEqual([]);
    }
    // Nothing of tsc's: no compiled module files beside the bundles.
    expect(existsSync('dist/src/server.js')).toBe(false);

    const [port, secondPort] = await freePortPair();
    service = new ServiceProcess(port, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 'build');
    await service.start();
    expect(await fetch(`${service.url}/healthz`).then((r) => r.json())).toEqual({ status: 'ok' });
    const saved = JSON.parse(readFileSync(join(dataDir, 'dev-account.json'), 'utf8')) as { keys: Array<{ key: string; type: string; environment: string }> };
    const key = saved.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox')!.key;
    const tenant = await fetch(`${service.url}/account/tenant`, { headers: { authorization: `Bearer ${key}` } });
    expect(tenant.status).toBe(200);

    // The bundle answers as the sources do: the OpenAPI document (every route and its schemas) and
    // a validation error (Ajv, its formats and the error classes, names kept).
    const sources = await startTestApp({ env: { BASE_URL: service.url } });
    try {
      const document = await fetch(`${service.url}/docs/json`).then((r) => r.json());
      expect(document).toEqual((await sources.app.inject({ method: 'GET', url: '/docs/json' })).json());
      const invalid = { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'build-check-1' }, body: JSON.stringify({ name: 42 }) };
      const answer = await fetch(`${service.url}/products`, invalid);
      const { tracer_id: _built, ...built } = (await answer.json()) as Record<string, unknown>;
      const seeded = await seedAccount(sources.client, 'Build check');
      const fromSources = await sources.client.post('/products', seeded.key, { name: 42 }, { idempotencyKey: 'build-check-1' });
      const { tracer_id: _sources, ...expected } = fromSources.body as Record<string, unknown>;
      expect(fromSources.status).toBe(422);
      expect([answer.status, built]).toEqual([fromSources.status, expected]);
    } finally {
      await sources.close();
    }

    // A second process on the folder is refused while the service runs, with the one-line message.
    const second = spawnSync(process.execPath, serviceArgs('build'), { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', PORT: String(secondPort), BASE_URL: `http://127.0.0.1:${secondPort}`, LOG_LEVEL: 'warn' }, encoding: 'utf8', timeout: START_TIMEOUT_MS });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('only one process can use it at a time');
    expect(await service.kill('SIGTERM')).toBe(0);

    // A restart on the same folder: nothing to copy, migrations found applied, the account kept.
    service = new ServiceProcess(port, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 'build');
    await service.start();
    expect((await fetch(`${service.url}/account/tenant`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(await service.kill('SIGTERM')).toBe(0);

    // The built CLI: its version, and an operator's command (the service's modules, loaded on use).
    const cli = (args: string[]) => spawnSync(process.execPath, ['dist/src/cli.js', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', BASE_URL: '', LOG_LEVEL: 'warn' }, encoding: 'utf8', timeout: START_TIMEOUT_MS });
    const version = cli(['--version']);
    expect([version.status, version.stdout.trim()]).toEqual([0, (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version]);
    const created = cli(['accounts', 'create', '--name', 'Built CLI', '--slug', 'built-cli', '--json']);
    expect(created.status, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ account: { name: 'Built CLI', slug: 'built-cli' } });
  }, START_TIMEOUT_MS * 3);
});
