// Starting and stopping the servers under test as child processes: a free loopback port, a
// readiness probe, a bounded retry, and a stop that always ends in SIGKILL if SIGTERM is ignored.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { request } from 'undici';
import { NODE_FLAGS } from '../../src/node-flags.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXIT_WITH_PARENT = pathToFileURL(fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url))).href;

export interface ServerSpec {
  /** Shown in messages and the table. */
  name: string;
  /** Script run with `node --import tsx`, relative to the repository root. */
  script: string;
  env: Record<string, string>;
  /** Path answering 200 once the server can take load. */
  readyPath: string;
  /** How long the first start may take (migrations, PGlite boot). */
  readyTimeoutMs?: number;
}

export interface RunningServer {
  name: string;
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Null while running; otherwise how it ended and its last output (for error messages). */
  exitReport(): string | null;
}

const running = new Set<ChildProcess>();
/** Children this process asked to stop: their exit is no news. */
const stopped = new WeakSet<ChildProcess>();

/** Asks the kernel for a free port on the loopback address (a start retries if another process wins it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server and waits for its readiness path; retries twice (a port race, a slow start). */
export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      return await startOnce(spec);
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`${spec.name} did not start after 3 attempts: ${String(lastError instanceof Error ? lastError.message : lastError)}`);
}

async function startOnce(spec: ServerSpec): Promise<RunningServer> {
  const port = await freePort();
  // Every server runs with the service's Node flags: the references too, so that runtime settings
  // are not part of any ratio (they change nothing measurable for the references).
  // BENCH_CPU_PROF=<folder>: every server writes a V8 CPU profile there when it stops (a look at
  // where a scenario's time goes; the profiler's own cost makes that run's figures no result).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...NODE_FLAGS, ...profile, '--import', 'tsx', '--import', EXIT_WITH_PARENT, spec.script], {
    cwd: REPO_ROOT,
    env: { ...inheritedEnv(), ...spec.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  // Keep the last lines of output for error messages; reading also keeps the pipes from filling up.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', (code, signal) => {
    exited = true;
    running.delete(child);
    if (!stopped.has(child)) console.error(`  ${describeExit(spec.name, code, signal, output)}`);
  });
  const stop = () => stopChild(child);
  const exitReport = () => (exited ? describeExit(spec.name, child.exitCode, child.signalCode, output) : null);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${spec.name} exited during start:\n${output.trim()}`);
    if (await answers(`${url}${spec.readyPath}`)) {
      return { name: spec.name, url, port, stop, exitReport };
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`${spec.name} was not ready within ${spec.readyTimeoutMs ?? 60_000} ms:\n${output.trim()}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await request(url, { headersTimeout: 2000, bodyTimeout: 2000 });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}

/** SIGTERM (the service drains in-flight requests), then SIGKILL after 10 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  stopped.add(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Kills every child still running: the last step of any exit path. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

/**
 * The children get this process's environment minus settings that would change what is
 * measured: a Redis for rate limits, a mail server, or a database URL meant for another purpose.
 */
function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  const dropped = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'HOST', 'DATA_DIR', 'NODE_OPTIONS']);
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !dropped.has(key)) env[key] = value;
  }
  return env;
}

function describeExit(name: string, code: number | null, signal: string | null, output: string): string {
  // The service drains and exits 0 on SIGTERM/SIGINT: status 0 mid-run means another process signalled it.
  const hint = code === 0 ? ' (status 0: it was sent SIGTERM or SIGINT by another process, e.g. a kill by name)' : '';
  const tail = output.trim() ? `; last output:\n${output.trim()}` : '; no output';
  return `${name} exited unexpectedly, code ${code}, signal ${signal}${hint}${tail}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
