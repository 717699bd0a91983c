// The hold of refused keyless requests: at most 64 held per address in a process; past that the
// answer goes at once and closes its connection; released holds free their places.
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RefusalHold } from './keyless-budgets.ts';

function fakeReply() {
  const headers: Record<string, string> = {};
  return { headers, reply: { header: (name: string, value: string) => ((headers[name] = value), undefined) } as unknown as FastifyReply };
}

describe('RefusalHold', () => {
  it('holds 64 refusals of one address, answers the 65th at once with Connection: close, and frees places on release', async () => {
    const hold = new RefusalHold(50);
    const held = Array.from({ length: 64 }, () => fakeReply());
    // The cap is checked before the first await, so the header is set (or not) when hold() returns.
    const waits = held.map((r) => hold.hold(r.reply, '203.0.113.1', 10_000));
    expect(held.every((r) => r.headers.connection === undefined)).toBe(true);
    const over = fakeReply();
    await hold.hold(over.reply, '203.0.113.1', 10_000);
    expect(over.headers.connection).toBe('close');
    // Another address has places of its own.
    const other = fakeReply();
    const otherWait = hold.hold(other.reply, '203.0.113.2', 10_000);
    expect(other.headers.connection).toBeUndefined();
    await Promise.all([...waits, otherWait]);
    const again = fakeReply();
    await hold.hold(again.reply, '203.0.113.1', 10_000);
    expect(again.headers.connection).toBeUndefined();
  });

  it('holds nothing when the delay is 0 or the window ends now, so no answer is ever capped', async () => {
    for (const [delay, msBeforeNext] of [[0, 5_000], [1_000, 0]] as const) {
      const hold = new RefusalHold(delay);
      const replies = Array.from({ length: 100 }, () => fakeReply());
      await Promise.all(replies.map((r) => hold.hold(r.reply, '203.0.113.3', msBeforeNext)));
      expect(replies.filter((r) => r.headers.connection === 'close')).toHaveLength(0);
    }
  });
});
