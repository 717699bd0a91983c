// Grace accounting, per process: what was served on credit during the window, per agent and in
// total, and the queue of payments waiting to be settled. Pure (time is passed in).

export interface GraceLimits {
  windowSeconds: number;
  maxPerAgent: bigint;
  maxTotal: bigint;
  queueLimit: number;
}

interface Credit {
  agent: string;
  amount: bigint;
  at: number;
}

export type GraceDecision = { ok: true } | { ok: false; why: 'per_agent' | 'total' | 'queue'; retryAfterSeconds: number };

export class GraceLedger {
  private credits: Credit[] = [];

  constructor(private readonly limits: GraceLimits) {}

  private prune(nowMs: number): void {
    const since = nowMs - this.limits.windowSeconds * 1000;
    while (this.credits.length > 0 && this.credits[0]!.at <= since) this.credits.shift();
  }

  /** Seconds until the oldest credit leaves the window (at least 1). */
  private retryAfter(nowMs: number, agent?: string): number {
    const oldest = agent ? this.credits.find((c) => c.agent === agent) : this.credits[0];
    if (!oldest) return 1;
    return Math.max(1, Math.ceil((oldest.at + this.limits.windowSeconds * 1000 - nowMs) / 1000));
  }

  /** Whether `amount` more for `agent` stays within the limits; records it when it does. */
  take(agent: string, amount: bigint, queueDepth: number, nowMs: number): GraceDecision {
    this.prune(nowMs);
    if (queueDepth + 1 > this.limits.queueLimit) return { ok: false, why: 'queue', retryAfterSeconds: 1 };
    let agentTotal = 0n;
    let total = 0n;
    for (const credit of this.credits) {
      total += credit.amount;
      if (credit.agent === agent) agentTotal += credit.amount;
    }
    if (agentTotal + amount > this.limits.maxPerAgent) return { ok: false, why: 'per_agent', retryAfterSeconds: this.retryAfter(nowMs, agent) };
    if (total + amount > this.limits.maxTotal) return { ok: false, why: 'total', retryAfterSeconds: this.retryAfter(nowMs) };
    this.credits.push({ agent, amount, at: nowMs });
    return { ok: true };
  }
}

const ISO_DURATION = /^P(?!$)(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const SHORT_DURATION = /^([1-9][0-9]{0,8})(s|m|h)$/;

/** Seconds of a grace window (`10m`, `PT10M`), as the service validated it; null otherwise. */
export function windowSeconds(text: string): number | null {
  const short = SHORT_DURATION.exec(text);
  if (short) return Number(short[1]) * ({ s: 1, m: 60, h: 3600 } as const)[short[2] as 's' | 'm' | 'h'];
  const iso = ISO_DURATION.exec(text);
  if (!iso || text.endsWith('T')) return null;
  const [w, d, h, m, s] = iso.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const total = w! * 604_800 + d! * 86_400 + h! * 3600 + m! * 60 + s!;
  return total > 0 ? total : null;
}
