// Billing periods, counted from the anchor in UTC. Period k is [start(k), start(k + 1)). Monthly
// keeps the anchor's day of the month, clamped to the month's last day (Jan 31 -> Feb 28 or 29 ->
// Mar 31: each start is computed from the anchor, never from the previous start, so a short month
// does not shorten the ones after it); annual clamps Feb 29 to Feb 28 in common years; weekly is
// 7 days. The anchor's time of day is kept.
export type BillingCycle = 'weekly' | 'monthly' | 'annual';

const DAY_MS = 86_400_000;

export function periodStart(anchor: Date, cycle: BillingCycle, k: number): Date {
  if (cycle === 'weekly') return new Date(anchor.getTime() + k * 7 * DAY_MS);
  const months = anchor.getUTCMonth() + (cycle === 'monthly' ? k : 12 * k);
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/** The index of the period holding `at` (the largest k with start(k) <= at); negative before the anchor. */
export function periodIndexAt(anchor: Date, cycle: BillingCycle, at: Date): number {
  let k: number;
  if (cycle === 'weekly') {
    k = Math.floor((at.getTime() - anchor.getTime()) / (7 * DAY_MS));
  } else {
    const months = (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth());
    k = cycle === 'monthly' ? months : Math.floor(months / 12);
  }
  // The estimate is off by at most one either way (day and time within the month).
  while (periodStart(anchor, cycle, k) > at) k -= 1;
  while (periodStart(anchor, cycle, k + 1) <= at) k += 1;
  return k;
}
