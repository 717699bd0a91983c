// What the README promises a newcomer: `npm start` with nothing configured runs on the embedded
// database, prints a sandbox key that works at once; the CLI creates accounts on the same data.
// The first start runs as `npm start` does (tsx); the CLI and the later start run this run's bundle
// of the same sources (test/global-setup.ts): tsx's own path is the first start's, and `npm run cli`
// runs through tsx in the docs test.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../src/node-flags.ts';
import { cliArgs, freePortPair, serviceArgs, START_TIMEOUT_MS } from '../service-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'billing-newcomer-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ADMIN_TOKEN: '', BASE_URL: '', LOG_LEVEL: 'info' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm scripts', () => {
  it('start and dev run the service with the Node flags of src/node-flags.ts (which tests and the benchmark use)', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['start', 'dev']) {
      const args = scripts[name]!.split(/\s+/);
      expect(args[0]).toBe('node');
      expect(args.slice(-3)).toEqual(['--import', 'tsx', 'src/main.ts']);
      expect(args.filter((a) => a !== 'node' && a !== '--watch').slice(0, -3), name).toEqual(NODE_FLAGS);
    }
    const prod = scripts['start:prod']!.split(/\s+/);
    expect(prod).toEqual(['node', ...NODE_FLAGS, 'dist/src/main.js']);
  });
});

describe('first start on the embedded database', () => {
  it('prints a sandbox key that reads the development account, and keeps the keys in DATA_DIR', async () => {
    const port = (await freePortPair())[0];
    const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      // A start on a busy shared machine can take many times its usual seconds: this checks what
      // the newcomer gets, not how fast (docs/decisions/operations.md has the start-up figures).
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!/Sandbox secret key: sk_test_[A-Za-z0-9_-]+"/.test(output) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
      const key = /Sandbox secret key: (sk_test_[A-Za-z0-9_-]+)/.exec(output)?.[1];
      expect(key, output).toBeDefined();
      // Not a terminal: JSON lines, the start's steps among them (src/start-output.ts).
      const messages = output.split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages.slice(0, 3)).toEqual([expect.stringMatching(/^Creating the embedded database in /), expect.stringMatching(/^Migrating the database: \d+ migrations to apply/), 'Database ready.']);
      expect(messages).toContain(`Ready: http://localhost:${port}`);
      const tenant = await fetch(`http://127.0.0.1:${port}/account/tenant`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
      expect(tenant).toMatchObject({ slug: 'dev', status: 'active', collectionMode: 'byop' });
      const saved = JSON.parse(readFileSync(join(dataDir, 'dev-account.json'), 'utf8'));
      expect(saved.keys.map((k: { key: string }) => k.key)).toContain(key);
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
  }, START_TIMEOUT_MS + 30_000);

  it('the CLI creates an account on the same embedded database (service stopped)', () => {
    const result = spawnSync(process.execPath, cliArgs(['accounts', 'create', '--name', 'Acme CLI', '--slug', 'acme-cli', '--json']), { env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const created = JSON.parse(result.stdout);
    expect(created.account.slug).toBe('acme-cli');
    expect(created.keys).toHaveLength(4);
    const again = spawnSync(process.execPath, cliArgs(['accounts', 'create', '--name', 'Dup', '--slug', 'acme-cli']), { env, encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('taken');
  }, START_TIMEOUT_MS);

  it('a later start in a terminal (LOG_FORMAT=pretty) prints plain lines: the steps, the URLs and where the keys are', async () => {
    const port = (await freePortPair())[0];
    const child = spawn(process.execPath, serviceArgs(), {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'pretty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!/readable by you only/.test(output) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
      const base = `http://localhost:${port}`;
      expect(output, output).toContain(`Opening the embedded database in ${dataDir}...\nDatabase ready.\n`);
      expect(output).toContain(`Ready: ${base}\n  Start page      ${base}/\n  API reference   ${base}/docs\n`);
      expect(output).toContain(`Every key of the development account is in ${join(dataDir, 'dev-account.json')} (readable by you only).`);
      expect(output).not.toContain('{"level"');
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
  }, START_TIMEOUT_MS + 30_000);
});
