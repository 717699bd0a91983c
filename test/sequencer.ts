// The order test files start in. Two workers share the files; a run ends when its last file does,
// so a long file started last leaves one worker alone for minutes (webhooks-kill, 200 s, sat at the
// end of a fresh clone's run: vitest orders by its cached durations, and a fresh clone has none).
// Longest first: vitest's cached duration when it has one, else the figure measured here, else the
// file's place in vitest's own order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each slowest file took in a whole run (2026-11-28, PGlite, 3 workers on 2 cores): an order,
 * not a promise. A file that becomes slow belongs here too.
 */
export const MEASURED_SECONDS: Record<string, number> = {
  'test/reliability/webhooks-kill.test.ts': 153,
  'test/reliability/kill-during-money-moves.test.ts': 104,
  'test/foundation/production-build.test.ts': 101,
  'test/scenarios/subscription-calendar.test.ts': 71,
  'test/foundation/newcomer.test.ts': 54,
  'test/browser/dashboard-axe.test.ts': 44,
  'src/db/migrations.test.ts': 33,
  'test/docs/docs.test.ts': 30,
  'test/cli/seller-commands.test.ts': 29,
  'test/cli/billing-commands.test.ts': 26,
  'test/fuzz/openapi-fuzz.test.ts': 25,
  'test/browser/buyer-words.test.ts': 23,
  'test/processors/refund-outside-transaction.test.ts': 23,
  'test/browser/hosted-pay.test.ts': 19,
  'test/rail/self-settlement.test.ts': 15,
  'test/reliability/ledger-property-billing.test.ts': 14,
  'src/modules/webhooks/fairness.test.ts': 13,
  'test/reliability/upgrade-from-previous-release.test.ts': 13,
  'src/flows/credit-notes/credit-notes.test.ts': 13,
  'test/browser/mobile-pages.test.ts': 12,
  'test/browser/dashboard-journey.test.ts': 12,
  'src/modules/invoices/invoice-numbers.test.ts': 11,
  'test/foundation/embedded-one-process.test.ts': 11,
  'test/browser/api-docs.test.ts': 11,
  'test/rail/wallet-onchain.test.ts': 11,
  'test/reliability/keyless-budgets.test.ts': 11,
  'test/browser/storefront.test.ts': 10,
  'src/flows/dashboard/subscriptions-pages.test.ts': 10,
  'test/browser/payment-link.test.ts': 9,
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      return cached ? cached.duration / 1000 : (MEASURED_SECONDS[path] ?? 0);
    };
    const place = new Map(ordered.map((spec, index) => [spec, index]));
    return [...ordered].sort((a, b) => seconds(b) - seconds(a) || place.get(a)! - place.get(b)!);
  }
}
