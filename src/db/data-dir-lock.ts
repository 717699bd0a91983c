// The embedded database accepts one process at a time: PGlite runs PostgreSQL inside the process,
// so two processes on one folder each keep their own copy of the pages and overwrite each other's
// writes. The process that opens DATA_DIR holds DATA_DIR/service.lock, a file naming its process
// id and host, created atomically (link(2) fails when the file exists). A lock whose process is
// gone (killed, crashed) is recovered; one held by a live process, or by another host (whose
// processes this one cannot see), is refused with a message saying what to do.
// docs/decisions/operations.md says why a pid file rather than a lock library.
import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

export const LOCK_FILE = 'service.lock';
/** A recovery takes microseconds; a guard older than this was left by a process killed meanwhile. */
const ABANDONED_GUARD_MS = 10_000;
const ATTEMPTS = 20;

export class DataDirInUseError extends Error {}

export interface DataDirLock {
  /** Removes the lock file if it is still this process's own. Safe to call twice. */
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** Lock files this process holds, so it never mistakes its own lock for a stale one. */
const held = new Set<string>();

/** Takes the lock of `dataDir` (which must exist), or throws DataDirInUseError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = resolve(dataDir, LOCK_FILE);
  if (held.has(path)) throw new DataDirInUseError(`The embedded database in ${dataDir} is already open in this process.`);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() } satisfies Holder);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (tryCreate(path, mine)) return hold(path, mine);
    const text = readText(path);
    if (text === null) continue; // released meanwhile: try again
    const holder = parseHolder(text);
    const refusal = holder ? refusalFor(holder, dataDir, path) : unreadableRefusal(path, dataDir);
    if (refusal) throw new DataDirInUseError(refusal);
    removeStale(path, text);
  }
  throw new DataDirInUseError(`Could not take ${path}: other processes keep taking it. Only one process at a time can open the embedded database.`);
}

function hold(path: string, mine: string): DataDirLock {
  held.add(path);
  const release = () => {
    if (!held.delete(path)) return;
    process.off('exit', release);
    if (readText(path) === mine) unlinkQuietly(path);
  };
  // A process that exits without closing the database (process.exit) still leaves the folder free.
  process.on('exit', release);
  return { release };
}

/** Creates the lock file with its whole content at once: a reader never sees it half written. */
function tryCreate(path: string, content: string): boolean {
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { mode: 0o644 });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    // A file system without hard links: exclusive create (the content follows in the same call).
    try {
      writeFileSync(path, content, { flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if (code(fallbackError) === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    unlinkQuietly(draft);
  }
}

/** Why the lock must be respected, or null when its process is gone. */
function refusalFor(holder: Holder, dataDir: string, path: string): string | null {
  if (holder.host !== hostname()) {
    return (
      `The embedded database in ${dataDir} is locked by process ${holder.pid} on host ${holder.host} (since ${holder.since}), ` +
      `which this machine cannot check. If no process on ${holder.host} uses this folder any more, remove ${path}.`
    );
  }
  if (!isRunning(holder.pid)) return null;
  return (
    `The embedded database in ${dataDir} is open in process ${holder.pid} (since ${holder.since}), and only one process can use it at a time: ` +
    'the service is running on this folder: use the HTTP API or stop it.'
  );
}

function unreadableRefusal(path: string, dataDir: string): string | null {
  // Only the fallback create can leave a lock file empty, and only for an instant.
  const age = ageMs(path);
  if (age === null || age > ABANDONED_GUARD_MS) return null;
  return `The embedded database in ${dataDir} is being opened by another process: the service is running on this folder: use the HTTP API or stop it.`;
}

/**
 * Whether a process of this host still runs. Our own id and our parent's are not the holder: a
 * container restarted on the same folder often gets the same ids its previous run had.
 */
function isRunning(pid: number): boolean {
  if (pid === process.pid || pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return code(error) === 'EPERM';
  }
}

/**
 * Removes a lock judged stale, under a guard directory so that two processes recovering at once
 * cannot remove the lock the faster one has just taken: the file is removed only if it still holds
 * the text that was judged stale.
 */
function removeStale(path: string, staleText: string): void {
  const guard = `${path}.recovering`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
    const age = ageMs(guard);
    if (age !== null && age > ABANDONED_GUARD_MS) rmdirQuietly(guard);
    else pause(20);
    return;
  }
  try {
    if (readText(path) === staleText) unlinkQuietly(path);
  } finally {
    rmdirQuietly(guard);
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(value.pid) && (value.pid as number) > 0 && typeof value.host === 'string') {
      return { pid: value.pid as number, host: value.host, since: String(value.since ?? 'unknown') };
    }
  } catch {
    // not JSON: judged by age below
  }
  return null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
}

function ageMs(path: string): number | null {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function rmdirQuietly(path: string): void {
  try {
    rmdirSync(path);
  } catch {
    // already gone
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

