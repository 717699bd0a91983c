// Two service processes on one PostgreSQL, as behind a load balancer: both start (racing on
// migrations), a key raced across both has exactly one effect, and SIGTERM stops each cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminQuery, usingPostgres } from '../harness.ts';

const baseUrl = process.env.DATABASE_URL ?? '';
const dbName = `test_procs_${randomBytes(5).toString('hex')}`;
const ports = [41000 + Math.floor(Math.random() * 10000), 0].map((p, i) => (i === 0 ? p : 0));
ports[1] = ports[0]! + 1;
const processes: ChildProcess[] = [];
const output: string[] = [];

function databaseUrl(): string {
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

function startProcess(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl(), ADMIN_TOKEN, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(chunk.toString());
  });
  processes.push(child);
  return child;
}

async function waitReady(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process on port ${port} never became ready:\n${output.join('')}`);
}

describe.runIf(usingPostgres)('two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    await adminQuery(baseUrl, `create database ${dbName}`);
    const children = ports.map((port) => startProcess(port));
    await Promise.all(ports.map((port, i) => waitReady(port, children[i]!)));
  }, 90_000);

  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    await adminQuery(baseUrl, `drop database if exists ${dbName} with (force)`);
  });

  it('a key raced across both processes has exactly one effect', async () => {
    const created = await fetch(`http://127.0.0.1:${ports[0]}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Race' }),
    }).then((r) => r.json());
    const key = created.keys.find((k: { type: string; environment: string }) => k.type === 'secret' && k.environment === 'sandbox').key;
    const idempotencyKey = randomUUID();
    const send = (port: number) =>
      fetch(`http://127.0.0.1:${port}/account/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ name: 'raced', scopes: ['billing:read'] }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => send(ports[i % 2]!)));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const replayOnOther = await send(ports[1]!);
    expect(replayOnOther.status).toBe(201);
    expect(ids.has(replayOnOther.body.id)).toBe(true);
    const list = await fetch(`http://127.0.0.1:${ports[1]}/account/keys?limit=100`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
    expect(list.keys.filter((k: { name: string | null }) => k.name === 'raced').length).toBe(1);
  });

  it('SIGTERM drains and exits 0', async () => {
    const exits = processes.map((child) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))));
    for (const child of processes) child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
  });
});
