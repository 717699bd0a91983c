// Collects the figures, gates and correctness checks of a run; prints the one table and writes
// the same as JSON under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { round } from './stats.ts';

export type Verdict = 'pass' | 'fail' | 'info' | 'skipped';

export interface Row {
  database: 'postgres' | 'pglite';
  scenario: string;
  unit: string;
  ours: number | null;
  reference: number | null;
  referenceName: string;
  /** ours / reference, or reference / ours for times (always "higher is better"). */
  ratio: number | null;
  goal: string;
  verdict: Verdict;
  /** A failed gate of this row fails the run (ratio gates; the absolute gate only in the full profile). */
  gating: boolean;
  note?: string;
  rounds?: { ours: number[]; reference: number[]; ratios: number[] };
  /** Single events: the HTTP ceiling per round, the service's median fraction of it, and the ceiling over the reference. */
  ceiling?: { rates: number[]; fraction: number | null; overReference: number | null };
}

export interface Check {
  database: 'postgres' | 'pglite';
  name: string;
  ok: boolean;
  detail: string;
}

export class Report {
  readonly rows: Row[] = [];
  readonly checks: Check[] = [];
  readonly notes: string[] = [];

  row(row: Row): void {
    this.rows.push(row);
  }

  check(database: Check['database'], name: string, ok: boolean, detail: string): void {
    this.checks.push({ database, name, ok, detail });
    if (!ok) console.error(`  correctness FAILED: ${name}: ${detail}`);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  get failedGates(): Row[] {
    return this.rows.filter((r) => r.verdict === 'fail' && r.gating);
  }

  get failedChecks(): Check[] {
    return this.checks.filter((c) => !c.ok);
  }

  printTable(): void {
    const header = ['db', 'scenario', 'ours', 'reference', 'ratio', 'goal', 'result'];
    const lines = this.rows.map((r) => [
      r.database === 'postgres' ? 'PG' : 'PGlite',
      r.scenario,
      r.ours === null ? '-' : `${format(r.ours)} ${r.unit}`,
      r.reference === null ? '-' : `${format(r.reference)} ${r.unit} (${r.referenceName})`,
      (r.ratio === null || !Number.isFinite(r.ratio) ? '-' : `${round(r.ratio, 2)}x`) + (r.ceiling?.fraction != null ? ` (${round(r.ceiling.fraction, 2)} of ceiling)` : ''),
      r.goal,
      r.verdict === 'fail' && !r.gating ? 'fail (not gating here)' : r.verdict,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const print = (cells: string[]) => console.log(`| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`);
    print(header);
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const line of lines) print(line);
    for (const r of this.rows.filter((row) => row.note)) console.log(`  ${r.database === 'postgres' ? 'PG' : 'PGlite'} ${r.scenario}: ${r.note}`);
  }

  writeJson(directory: string, data: Record<string, unknown>): string {
    mkdirSync(directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(directory, `bench-${data.profile as string}-${stamp}.json`);
    const text = `${JSON.stringify({ ...data, rows: this.rows, checks: this.checks, notes: this.notes }, null, 2)}\n`;
    writeFileSync(file, text);
    writeFileSync(join(directory, `latest-${data.profile as string}.json`), text);
    return file;
  }
}

function format(value: number): string {
  if (value >= 100) return String(Math.round(value));
  return String(round(value, 2));
}
