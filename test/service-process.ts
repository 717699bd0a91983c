// Runs the real service as a child process, for tests that need several processes or that kill
// one: the run's bundle of the sources (test/global-setup.ts), the sources through tsx (another
// release's tree), or the built dist/src/main.js (`npm run build`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { NODE_FLAGS } from '../src/node-flags.ts';
import { ADMIN_TOKEN, adminQuery } from './harness.ts';

/** How long a start may take before a test gives up: generous, for a busy shared machine. */
export const START_TIMEOUT_MS = 150_000;

/** How a child service starts: this run's bundle of the sources, the sources through tsx, or the output of `npm run build`. */
export type ServiceEntry = 'bundle' | 'source' | 'build';

/** The service's command line after `node` ('source' and 'build' from the folder the service runs in). */
export function serviceArgs(entry: ServiceEntry = 'bundle'): string[] {
  const script = { bundle: [join(inject('serviceBundle'), 'main.js')], source: ['--import', 'tsx', 'src/main.ts'], build: ['dist/src/main.js'] }[entry];
  return [...NODE_FLAGS, ...script];
}

/** The CLI's command line after `node`: this run's bundle of src/cli.ts. */
export function cliArgs(args: string[]): string[] {
  return [join(inject('serviceBundle'), 'cli.js'), ...args];
}

export class ServiceProcess {
  child: ChildProcess | null = null;
  readonly output: string[] = [];
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly entry: ServiceEntry = 'bundle',
    /** The folder the service runs from (another release's tree); the project's by default. */
    private readonly cwd?: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, serviceArgs(this.entry), {
      cwd: this.cwd,
      // Vitest puts BASE_URL=/ in the environment (Vite's base path): give the child its real one.
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', BASE_URL: this.url, ADMIN_TOKEN, LOG_LEVEL: 'warn', ...this.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child = child;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`service on port ${this.port} did not start:\n${this.output.join('')}`);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
    const child = this.child;
    // A process ended by a signal has signalCode set and exitCode null.
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  }
}

/**
 * Two adjacent ports for services under test, both free now. They are drawn below Linux's ephemeral
 * range (32768-60999 by default): a port drawn inside it can already be the local end of one of the
 * many outgoing connections the suite keeps open (PostgreSQL, Redis), and the service then fails to
 * listen with EADDRINUSE. Below it, another server of the machine may listen (RabbitMQ on 25672
 * here), so each draw is tried by listening on it, and drawn again when taken.
 */
export async function freePortPair(): Promise<[number, number]> {
  for (;;) {
    const base = 10000 + Math.floor(Math.random() * 22000);
    if ((await canListen(base)) && (await canListen(base + 1))) return [base, base + 1];
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A fresh PostgreSQL database for process tests, with its URL and a drop function. */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`) };
}

export async function api(base: string, method: string, path: string, key: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['idempotency-key'] = idempotencyKey ?? randomBytes(16).toString('hex');
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** One row of a query against a scratch database (for checks a test makes behind the API). */
export async function queryRow<T>(url: string, text: string): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}
