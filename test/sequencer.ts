// The order test files start in. Two workers share the files; a run ends when its last file does,
// so a long file started last leaves one worker alone for minutes (webhooks-kill, 200 s, sat at the
// end of a fresh clone's run: vitest orders by its cached durations, and a fresh clone has none).
// Longest first: vitest's cached duration when it has one, else the figure measured here, else the
// file's place in vitest's own order.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each slowest file took on a quiet 2-core machine (2026-11-28, PGlite, 2 workers). */
export const MEASURED_SECONDS: Record<string, number> = {
  'test/reliability/webhooks-kill.test.ts': 201,
  'test/foundation/production-build.test.ts': 87,
  'test/reliability/kill-during-money-moves.test.ts': 59,
  'test/cli/billing-commands.test.ts': 52,
  'test/cli/seller-commands.test.ts': 51,
  'test/foundation/embedded-one-process.test.ts': 43,
  'test/foundation/newcomer.test.ts': 35,
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
