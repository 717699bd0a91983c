// Correctness in the same run: after a scenario, resend what was cut off, then compare the
// database with the ledger exactly (count and sum of values), and the service's hourly rollups
// with its raw events. A fast wrong answer fails the run.
import { Pool } from 'undici';
import type { Sql } from './database.ts';
import { idempotencyKey } from './http.ts';
import { sleep } from './processes.ts';
import type { Workload } from './workloads.ts';

/**
 * Resends every request without an acknowledged answer (the ones in flight when a run stopped),
 * with new Idempotency-Keys, until each is acknowledged (at most 3 passes).
 */
export async function resendPending(url: string, workload: Workload, headers: Record<string, string>): Promise<void> {
  if (workload.pending.size === 0) return;
  // Let requests cut off mid-way finish on the server first: fewer resends race with them.
  await sleep(100);
  const pool = new Pool(url, { connections: 4, headersTimeout: 60_000, bodyTimeout: 60_000 });
  try {
    for (let pass = 0; pass < 3 && workload.pending.size > 0; pass += 1) {
      const ids = [...workload.pending.keys()];
      for (let i = 0; i < ids.length; i += 4) {
        await Promise.all(
          ids.slice(i, i + 4).map(async (id) => {
            const body = workload.pending.get(id)!;
            try {
              const response = await pool.request({
                method: 'POST',
                path: workload.path,
                headers: { ...headers, ...authorizationOf(workload, id), 'content-type': 'application/json', 'idempotency-key': idempotencyKey('resend') },
                body,
              });
              workload.answer(id, response.statusCode, await response.body.text());
            } catch {
              // Still pending: the next pass retries it.
            }
          }),
        );
      }
    }
  } finally {
    await pool.close();
  }
}

function authorizationOf(workload: Workload, id: number): Record<string, string> {
  const authorization = workload.authorizationOf(id);
  return authorization ? { authorization } : {};
}

export interface StoredTotals {
  count: number;
  sum: string;
  matches: boolean;
}

function expectedSum(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** Count and sum of stored events of one enrollment, against what the ledger says was sent. */
export async function storedEvents(
  sql: Sql,
  table: 'usage_events' | 'ref_usage_events',
  accountId: string,
  enrollmentId: string,
  expected: { count: number; tenths: number },
): Promise<StoredTotals> {
  const [row] = await sql.query<{ count: string; sum: string; same: boolean }>(
    `select count(*)::text as count, coalesce(sum(value), 0)::text as sum,
            (count(*) = $3::bigint and coalesce(sum(value), 0) = $4::numeric) as same
       from ${table} where account_id = $1 and environment = 'sandbox' and enrollment_id = $2`,
    [accountId, enrollmentId, expected.count, expectedSum(expected.tenths)],
  );
  return { count: Number(row!.count), sum: row!.sum, matches: row!.same };
}

/** The service's hourly rollups of an enrollment add up to its raw events. */
export async function rollupsMatchRaw(sql: Sql, accountId: string, enrollmentId: string): Promise<{ matches: boolean; detail: string }> {
  const [row] = await sql.query<{ raw_count: string; raw_sum: string; rollup_count: string; rollup_sum: string }>(
    `select (select count(*) from usage_events e where e.account_id = $1 and e.environment = 'sandbox' and e.enrollment_id = $2)::text as raw_count,
            (select coalesce(sum(value), 0) from usage_events e where e.account_id = $1 and e.environment = 'sandbox' and e.enrollment_id = $2)::text as raw_sum,
            (select coalesce(sum(event_count), 0) from usage_hourly h where h.account_id = $1 and h.environment = 'sandbox' and h.enrollment_id = $2)::text as rollup_count,
            (select coalesce(sum(total), 0) from usage_hourly h where h.account_id = $1 and h.environment = 'sandbox' and h.enrollment_id = $2)::text as rollup_sum`,
    [accountId, enrollmentId],
  );
  const r = row!;
  const matches = r.raw_count === r.rollup_count && sameDecimal(r.raw_sum, r.rollup_sum);
  return { matches, detail: `raw ${r.raw_count} events, sum ${r.raw_sum}; rollups ${r.rollup_count} events, sum ${r.rollup_sum}` };
}

/** Equal decimal strings whatever their trailing zeros ("12.50" = "12.5"). */
export function sameDecimal(a: string, b: string): boolean {
  return normalizeDecimal(a) === normalizeDecimal(b);
}

function normalizeDecimal(value: string): string {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  const trimmedFraction = fraction.replace(/0+$/, '');
  const trimmedWhole = whole.replace(/^(-?)0+(?=\d)/, '$1');
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
}
