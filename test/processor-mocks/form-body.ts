// Form bodies with bracket keys (`metadata[payment_id]=pay_1&payment_method_types[0]=card`, how
// Stripe's SDK encodes every request), read back into the nested object they stand for.
//
// Prism validates a form body by deserializing each deepObject property from these keys, but its
// deserializer builds every object the schema declares whether or not the body names it (so an
// absent `shipping` arrives as `{name: undefined, ...}` and fails `required`), and it cannot see
// through `anyOf` (Stripe's `metadata`). `installFormDeserializer` swaps in one that builds only
// what the body sends; the values stay strings, which Prism's validator coerces for form bodies.
import { createRequire } from 'node:module';
import type { IHttpOperation } from '@stoplight/types';
import type { Either } from 'fp-ts/lib/Either.js';

type Tree = string | Tree[] | { [key: string]: Tree };
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; additionalProperties?: boolean | Schema; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };

/** `a[b][0]` -> ['a', 'b', '0']; a key without brackets is one segment. */
function segmentsOf(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? key, ...rest];
}

function insert(tree: { [key: string]: Tree }, segments: string[], value: string): void {
  let node = tree;
  for (const [index, segment] of segments.entries()) {
    if (index === segments.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[segment] = {};
    node = node[segment] as { [key: string]: Tree };
  }
}

/** Objects keyed 0..n-1 become arrays (`payment_method_types[0]=card`), the convention the SDK encodes arrays with. */
function withArrays(tree: Tree): Tree {
  if (typeof tree === 'string' || Array.isArray(tree)) return tree;
  const keys = Object.keys(tree);
  const converted = Object.fromEntries(keys.map((key) => [key, withArrays(tree[key]!)]));
  const indexed = keys.length > 0 && keys.every((key, position) => key === String(position));
  return indexed ? keys.map((key) => converted[key]!) : converted;
}

/** The nested object a form body's fields stand for (values stay strings). */
export function nestFormFields(fields: Iterable<[string, string]>): { [key: string]: Tree } {
  const tree: { [key: string]: Tree } = {};
  for (const [key, value] of fields) insert(tree, segmentsOf(key), value);
  return withArrays(tree) as { [key: string]: Tree };
}

/** Prism's deepObject deserializer, fixed: the value of `name` built from its bracket keys only, undefined when none. */
export function deserializeDeepObject(name: string, parameters: Record<string, string | string[]>, _schema?: Schema): unknown {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(parameters)) {
    if (key !== name && !key.startsWith(`${name}[`)) continue;
    for (const one of Array.isArray(value) ? value : [value]) fields.push([key, one]);
  }
  if (fields.length === 0) return undefined;
  return nestFormFields(fields)[name];
}

let installed = false;

/** Makes Prism's form-body (and deepObject query) validation use `deserializeDeepObject`. */
export function installFormDeserializer(): void {
  if (installed) return;
  const require = createRequire(import.meta.url);
  // The table Prism's body validator looks the style up in at each call (`deserializers.body[style]`).
  const deserializers = require('@stoplight/prism-http/dist/validator/deserializers/index.js') as { body: Record<string, unknown>; query: Record<string, unknown> };
  deserializers.body = { ...deserializers.body, deepObject: deserializeDeepObject };
  installed = true;
}

type Route = (options: { resources: IHttpOperation[]; input: { method: string; url: { path: string; baseUrl?: string } } }) => Either<Error, IHttpOperation>;

/**
 * Top-level fields of a form body that the operation's schema does not declare (when it forbids
 * others). Prism deserializes only the declared properties of a form body, so without this an
 * undeclared field (a misspelling, a field of another API version) would pass unseen.
 */
export function undeclaredFormFields(operations: IHttpOperation[], request: { method: string; path: string; rawBody: Buffer }, serverUrl: string): string[] {
  const require = createRequire(import.meta.url);
  const route = (require('@stoplight/prism-http/dist/router/index.js') as { default: Route }).default;
  const routed = route({ resources: operations, input: { method: request.method.toLowerCase(), url: { path: request.path, baseUrl: serverUrl } } });
  if (routed._tag === 'Left') return [];
  const content = routed.right.request?.body?.contents?.find((c) => c.mediaType.includes('application/x-www-form-urlencoded'));
  const schema = content?.schema as Schema | undefined;
  if (!schema?.properties || schema.additionalProperties !== false) return [];
  const declared = new Set(Object.keys(schema.properties));
  const sent = new Set([...new URLSearchParams(request.rawBody.toString('utf8')).keys()].map((key) => segmentsOf(key)[0]!));
  return [...sent].filter((name) => !declared.has(name)).map((name) => `body.${name}: Request body property ${name} is not in the document`);
}
