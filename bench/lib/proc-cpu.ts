// CPU time of processes and threads, read from Linux's /proc (user + system, in seconds). Used by
// bench/cpu-split.ts to say which process a workload's time goes to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on

export function procAvailable(): boolean {
  return existsSync('/proc/self/stat');
}

/** utime + stime of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat, in seconds (0 once gone). */
function cpuSecondsOf(statPath: string): number {
  try {
    // The command name (field 2) may hold spaces: the fields after it start after the last ') '.
    const fields = readFileSync(statPath, 'utf8').split(') ').at(-1)!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Processes whose command line matches, and whose environment holds `envEntry` when given (other
 * benchmarks on a shared machine run the same scripts: their own database URL tells them apart).
 */
export function pidsMatching(pattern: RegExp, envEntry?: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!pattern.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '))) continue;
      if (envEntry && !readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(envEntry)) continue;
      pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/** CPU seconds of every process matching each pattern, summed per name. */
export function cpuByGroup(groups: Record<string, RegExp | number | (() => number[])>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, match] of Object.entries(groups)) {
    const pids = typeof match === 'number' ? [match] : typeof match === 'function' ? match() : pidsMatching(match);
    out[name] = pids.reduce((sum, pid) => sum + cpuSecondsOf(`/proc/${pid}/stat`), 0);
  }
  return out;
}

/** CPU seconds of each thread of a process: the main thread has the process's own id. */
export function cpuByThread(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) out.set(Number(tid), cpuSecondsOf(`/proc/${pid}/task/${tid}/stat`));
  } catch {
    // gone
  }
  return out;
}
