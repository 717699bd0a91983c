// PostgreSQL array literals ('{a,b,c}') for the parameters of the ingestion call, built directly.
// node-postgres encodes a JavaScript array element by element (type checks, two regular-expression
// replaces and a concatenation each), a visible share of the service's time on 1,000-event batches
// (docs/benchmarks.md). Here an array of values that need no quoting is one join, and text is quoted
// only when it must be. Pass the result as a parameter cast to the array type (`${literal}::int[]`).

/** Integers. */
export function intArrayLiteral(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** Elements made only of digits, '.', ':', '+', '-', 'T' and 'Z', none empty. */
const PLAIN_ELEMENTS = /^(?:[0-9.:TZ+-]+(?:,[0-9.:TZ+-]+)*)?$/;

/**
 * Canonical decimals and ISO-8601 instants: forms with no character that an array literal would
 * need quoted. Anything else is a caller's bug, refused here rather than sent.
 */
export function plainArrayLiteral(values: readonly string[]): string {
  const text = values.join(',');
  if (!PLAIN_ELEMENTS.test(text)) throw new Error('plainArrayLiteral: an element is not a plain decimal or instant');
  return `{${text}}`;
}

/** Any text, each element double-quoted; backslashes and quotes escaped only where present. */
export function textArrayLiteral(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i]!;
    const quoted = /["\\]/.test(value) ? value.replace(/[\\"]/g, '\\$&') : value;
    out += i === 0 ? `"${quoted}"` : `,"${quoted}"`;
  }
  return `${out}}`;
}
