// One pass over the bytes of a JSON body before it is parsed: how deep it nests, and whether any
// string carries an escape the service refuses (`\u0000`, which PostgreSQL text cannot hold, or a
// UTF-16 surrogate `\uD800`-`\uDFFF`, which may be lone). Escapes are the only way either can be
// written in valid UTF-8 JSON, so a body without them needs no walk of its parsed values.

/** Deeper than any body of the interface (a usage batch with one-level metadata is 5 levels). */
export const MAX_BODY_DEPTH = 32;

export const SCAN_TOO_DEEP = 1;
export const SCAN_NUL_ESCAPE = 2;
export const SCAN_SURROGATE_ESCAPE = 4;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const LOWER_U = 0x75;

/**
 * Flags (SCAN_*) of the body. A malformed body may give any flags: the parser refuses it anyway;
 * the flags of a well-formed one are exact for depth and a superset for escapes.
 */
export function scanJson(bytes: Buffer, maxDepth = MAX_BODY_DEPTH): number {
  let flags = 0;
  let depth = 0;
  const length = bytes.length;
  // Strings are skipped with native searches (most of a usage batch is inside strings); the next
  // backslash is remembered, so the search for it runs once per backslash, not once per string.
  let nextBackslash = -1;
  for (let i = 0; i < length; i += 1) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      for (;;) {
        const quote = bytes.indexOf(QUOTE, i + 1);
        if (quote < 0) return flags; // unterminated: the parser refuses it
        if (nextBackslash <= i) nextBackslash = bytes.indexOf(BACKSLASH, i + 1) >>> 0; // none: 2^32 - 1
        if (nextBackslash > quote) {
          i = quote;
          break;
        }
        // An escape before the quote: note it, and go on after its escaped character.
        i = nextBackslash + 1;
        if (bytes[i] === LOWER_U) flags |= escapeFlag(bytes, i + 1);
      }
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return flags | SCAN_TOO_DEEP;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return flags;
}

/** The flag of the four hex digits of a `\u` escape starting at `at`. */
function escapeFlag(bytes: Uint8Array, at: number): number {
  const first = bytes[at]! | 0x20; // lower case
  if (first === 0x64 /* d */) {
    const second = bytes[at + 1]! | 0x20;
    // d8 to df: 8, 9, a to f
    return (second >= 0x38 && second <= 0x39) || (second >= 0x61 && second <= 0x66) ? SCAN_SURROGATE_ESCAPE : 0;
  }
  if (first === 0x30 && bytes[at + 1] === 0x30 && bytes[at + 2] === 0x30 && bytes[at + 3] === 0x30) return SCAN_NUL_ESCAPE;
  return 0;
}
