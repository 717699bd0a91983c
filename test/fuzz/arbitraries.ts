// fast-check arbitraries from the JSON schemas of the served OpenAPI document: values that follow
// a schema (with real ids and words of the seeded account mixed in), hostile values, and
// mutations of a valid value (one node replaced, a key removed or added, the whole body swapped).
import fc from 'fast-check';

export type Schema = Record<string, any>;

export interface Pools {
  /** Real ids of every kind, to put where a uuid goes. */
  ids: string[];
  /** Real words (meter keys, external ids, currencies) to put where a string goes. */
  words: string[];
}

/** Strings that broke or could break a layer: encodings, storage, parsing of dates and decimals. */
export const HOSTILE_STRINGS = [
  '\ud800',
  'a\udc00b',
  '\ud83d',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u200f',
  '\u200b\ufeff',
  '😀',
  '',
  ' ',
  'x'.repeat(5000),
  '-0',
  '1e35',
  '1E-30',
  'NaN',
  'Infinity',
  '9'.repeat(70),
  '0.' + '0'.repeat(40) + '1',
  '100000000000000000000000000000000000',
  '999999999999999.999999999999',
  '-999999999999999',
  '2026-12-31T23:59:60Z',
  '2016-12-31T23:59:60+00:00',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59.999999999Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '1970-01-01T00:00:00-23:59',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

const deep = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  {},
  [null],
  { '': '' },
  { __proto__: { admin: true } },
  deep(3),
  deep(6),
  deep(40),
  Array.from({ length: 1001 }, (_, i) => i),
];

/** Raw bodies that are not a JSON value of the right shape, sent as application/json. */
export const HOSTILE_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"\\ud800"',
  '1e999',
  '{"a":1,"a":2}',
  '{"__proto__":{"x":1}}',
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  '\ufeff{}',
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);

/** Resolves `#/components/schemas/X` references of the document. */
export function resolver(doc: Schema): (schema: Schema) => Schema {
  return (schema) => {
    let current = schema;
    while (current && typeof current.$ref === 'string') {
      const name = current.$ref.replace(/^#\/components\/schemas\//, '');
      current = doc.components.schemas[name];
    }
    return current;
  };
}

const ISO_RANGE = { min: new Date('2020-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true };

const decimal = fc
  .tuple(fc.oneof(fc.constant('0'), fc.bigInt({ min: 1n, max: 999_999_999_999_999n }).map(String), fc.integer({ min: 1, max: 1000 }).map(String)), fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));

/** Values that follow `schema` (mostly: patterns and lengths are followed, business rules are not). */
export function valid(schema: Schema, resolve: (s: Schema) => Schema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema) ?? {};
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches)) return fc.oneof(...branches.map((b: Schema) => valid(b, resolve, pools, depth)));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type: string) => valid({ ...s, type }, resolve, pools, depth)));
  switch (s.type) {
    case 'string':
      return stringOf(s, pools);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = s.minItems ?? 0;
      return fc.array(valid(s.items ?? {}, resolve, pools, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 3, 3)) });
    }
    case 'object':
      return objectOf(s, resolve, pools, depth);
    default:
      // Unknown or {}: any small JSON value.
      return depth > 2 ? fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)) : fc.jsonValue({ maxDepth: 1 });
  }
}

function stringOf(s: Schema, pools: Pools): fc.Arbitrary<string> {
  // Short strings (at most 24), unless the schema asks for longer ones: a filter nothing can pass
  // would make the generator loop for ever.
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(Math.min(s.maxLength ?? 24, 24), minLength);
  const fits = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity);
  switch (s.format) {
    case 'uuid':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.ids) }, { weight: 1, arbitrary: fc.uuid() });
    case 'date-time':
      return fc.date(ISO_RANGE).map((d) => d.toISOString());
    case 'date':
      return fc.date(ISO_RANGE).map((d) => d.toISOString().slice(0, 10));
    case 'decimal':
      return decimal;
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  const strings = fc.string({ minLength: Math.max(minLength, 1), maxLength: Math.max(maxLength, 1) }).filter(fits);
  const words = pools.words.filter(fits);
  return words.length === 0 ? strings : fc.oneof({ weight: 3, arbitrary: strings }, { weight: 2, arbitrary: fc.constantFrom(...words) });
}

function objectOf(s: Schema, resolve: (s: Schema) => Schema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = valid(property, resolve, pools, depth + 1);
  const fixed = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object' && Object.keys(properties).length === 0) {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), valid(extra, resolve, pools, depth + 1), { maxKeys: 3 });
  }
  return fixed;
}

type Mutation = 'replace' | 'delete' | 'add' | 'body';

/** A valid value with one thing broken. */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.nat(), hostile, fc.constantFrom<Mutation>('replace', 'replace', 'replace', 'delete', 'add', 'body'))
    .map(([value, pick, replacement, how]) => mutate(structuredClone(value), pick, replacement, how));
}

function mutate(value: unknown, pick: number, replacement: unknown, how: Mutation): unknown {
  if (how === 'body') return replacement;
  const slots: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        slots.push({ parent: node, key: i });
        walk(item);
      });
    } else if (node && typeof node === 'object') {
      for (const [k, item] of Object.entries(node)) {
        slots.push({ parent: node as Record<string, unknown>, key: k });
        walk(item);
      }
    }
  };
  walk(value);
  if (how === 'add' && value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = ['unknownField', '\ud800', '', '__proto__', 'a'.repeat(300)];
    Object.defineProperty(value, keys[pick % keys.length]!, { value: replacement, enumerable: true, configurable: true, writable: true });
    return value;
  }
  if (slots.length === 0) return replacement;
  const slot = slots[pick % slots.length]!;
  if (how === 'delete') {
    if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
    else delete slot.parent[slot.key as string];
  } else {
    (slot.parent as Record<string | number, unknown>)[slot.key] = replacement;
  }
  return value;
}

/** Percent-encodes every byte outside the unreserved set (a lone surrogate goes as U+FFFD's bytes). */
export function encodeComponent(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path and query values that are not what the parameter expects. */
export const HOSTILE_URL_PARTS = ['%', '%E0%A4%A', '%ED%A0%80', '%00', '..', '%2F', 'a%20b', '-1', '1e309', '9'.repeat(400), '%F0%9F%98%80'];
