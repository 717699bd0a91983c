// Period arithmetic: month ends clamp without drifting, leap days, and properties over any anchor.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodIndexAt, periodStart, type BillingCycle } from './periods.ts';

const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('billing periods', () => {
  it('keeps the 31st through short months, a leap year included', () => {
    const anchor = new Date('2028-01-31T12:00:00Z');
    const starts = Array.from({ length: 14 }, (_, k) => iso(periodStart(anchor, 'monthly', k)));
    expect(starts).toEqual([
      '2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31', '2028-06-30', '2028-07-31',
      '2028-08-31', '2028-09-30', '2028-10-31', '2028-11-30', '2028-12-31', '2029-01-31', '2029-02-28',
    ]);
  });

  it('clamps an annual anchor on Feb 29 to Feb 28 in common years and returns to the 29th', () => {
    const anchor = new Date('2028-02-29T00:00:00Z');
    expect([0, 1, 2, 3, 4].map((k) => iso(periodStart(anchor, 'annual', k)))).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('counts weeks as 7 days', () => {
    expect(periodStart(new Date('2026-03-01T09:30:00Z'), 'weekly', 3).toISOString()).toBe('2026-03-22T09:30:00.000Z');
  });

  const cycles = fc.constantFrom<BillingCycle>('weekly', 'monthly', 'annual');
  const instants = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true });

  it('starts increase, months last 28 to 31 days, and each start keeps the anchor day when the month has it', () => {
    fc.assert(
      fc.property(instants, cycles, fc.integer({ min: 0, max: 240 }), (anchor, cycle, k) => {
        const start = periodStart(anchor, cycle, k);
        const next = periodStart(anchor, cycle, k + 1);
        const days = (next.getTime() - start.getTime()) / 86_400_000;
        expect(next > start).toBe(true);
        if (cycle === 'monthly') {
          expect(days).toBeGreaterThanOrEqual(28);
          expect(days).toBeLessThanOrEqual(31);
          const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
          expect(start.getUTCDate()).toBe(Math.min(anchor.getUTCDate(), lastDay));
        }
        if (cycle === 'annual') expect([365, 366]).toContain(Math.round(days));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the period holding any instant', () => {
    fc.assert(
      fc.property(instants, cycles, instants, (anchor, cycle, at) => {
        const k = periodIndexAt(anchor, cycle, at);
        expect(periodStart(anchor, cycle, k) <= at).toBe(true);
        expect(periodStart(anchor, cycle, k + 1) > at).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
