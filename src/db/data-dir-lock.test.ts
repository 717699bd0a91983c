import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

let dir: string;
let lockFile: string;
let sleeper: ChildProcess | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'billing-lock-'));
  lockFile = join(dir, LOCK_FILE);
});
afterEach(() => {
  sleeper?.kill('SIGKILL');
  sleeper = null;
  rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
/** The id of a process that keeps running until the test ends. */
function livePid(): number {
  sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return sleeper.pid!;
}
const holder = (pid: number, host = hostname()) => JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z' });

function refusal(): DataDirInUseError {
  try {
    lockDataDir(dir).release();
  } catch (error) {
    if (error instanceof DataDirInUseError) return error;
    throw error;
  }
  throw new Error('the lock was taken');
}

describe('the lock of an embedded database folder', () => {
  it('is a file naming this process while held, removed on release', () => {
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lockDataDir(dir).release();
  });

  it('is refused while a running process holds it, naming that process, and left in place', () => {
    const pid = livePid();
    writeFileSync(lockFile, holder(pid));
    const error = refusal();
    expect(error.message).toContain(`process ${pid} `);
    expect(error.message).toContain('the service is running on this folder: use the HTTP API or stop it');
    expect(readFileSync(lockFile, 'utf8')).toBe(holder(pid));
  });

  it('is refused a second time in the same process', () => {
    const lock = lockDataDir(dir);
    expect(refusal().message).toContain('already open in this process');
    lock.release();
  });

  it('left by a process that is gone is recovered', () => {
    writeFileSync(lockFile, holder(deadPid()));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('naming this process id (a restarted container) is recovered: this process does not hold it', () => {
    writeFileSync(lockFile, holder(process.pid));
    lockDataDir(dir).release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('held on another host is refused (its processes cannot be checked), saying which file to remove', () => {
    writeFileSync(lockFile, holder(deadPid(), 'another-host'));
    const message = refusal().message;
    expect(message).toContain('another-host');
    expect(message).toContain(lockFile);
  });

  it('that is unreadable is refused while fresh, recovered once old', () => {
    writeFileSync(lockFile, '');
    expect(refusal().message).toContain('being opened by another process');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile, old, old);
    lockDataDir(dir).release();
  });

  it('is recovered past a recovery guard left by a process killed while recovering', () => {
    writeFileSync(lockFile, holder(deadPid()));
    const guard = `${lockFile}.recovering`;
    mkdirSync(guard);
    const old = new Date(Date.now() - 60_000);
    utimesSync(guard, old, old);
    lockDataDir(dir).release();
    expect(existsSync(guard)).toBe(false);
  });

  it('release leaves alone a lock file that is no longer its own', () => {
    const lock = lockDataDir(dir);
    writeFileSync(lockFile, holder(12345));
    lock.release();
    expect(readFileSync(lockFile, 'utf8')).toBe(holder(12345));
  });
});
