import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJson, SCAN_NUL_ESCAPE, SCAN_SURROGATE_ESCAPE, SCAN_TOO_DEEP } from './json-scan.ts';

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) deepest = Math.max(deepest, depthOf(item));
  return deepest + 1;
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  }
  return out;
}

const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\u0000', '\ud800', 'a\\u0000', '"[{', '\\', '😀', '\udfff\ud800'));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
})).value;

describe('scanJson', () => {
  it('finds exactly the depth past the limit and every NUL or surrogate written as an escape', () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 1, max: 6 }), (value, max) => {
        const bytes = Buffer.from(JSON.stringify(value));
        const flags = scanJson(bytes, max);
        expect(Boolean(flags & SCAN_TOO_DEEP)).toBe(depthOf(value) > max);
        if (flags & SCAN_TOO_DEEP) return; // the scan stops there
        const all = strings(value);
        // JSON.stringify escapes NUL and lone surrogates; a pair it writes as UTF-8, never escaped.
        expect(Boolean(flags & SCAN_NUL_ESCAPE)).toBe(all.some((s) => s.includes('\u0000')));
        expect(Boolean(flags & SCAN_SURROGATE_ESCAPE)).toBe(all.some((s) => !(s as string & { isWellFormed(): boolean }).isWellFormed()));
      }),
      { numRuns: 2000 },
    );
  });

  it('escaped pairs, upper-case hex and escaped quotes', () => {
    expect(scanJson(Buffer.from('{"a":"\\uD83D\\uDE00"}'))).toBe(SCAN_SURROGATE_ESCAPE);
    expect(scanJson(Buffer.from('{"a":"\\\\u0000 \\" [[[["}'), 2)).toBe(0);
    expect(scanJson(Buffer.from('[[["\\u0000"]]]'), 2)).toBe(SCAN_TOO_DEEP);
  });
});
