// Response serialisers compiled once per process. Each route's answer schemas become generated
// code (fast-json-stringify); compiling them is most of an app's start (about 2 s of
// `app.ready()` on this 2-core machine). Several apps in one process, the test files sharing a
// worker and the benchmarks' in-process peers, carry the same schemas, so a serialiser is kept by
// the text of its schema and of the app's shared schemas and options: a second app with the same
// routes compiles nothing. The generated functions keep no state of their app.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serializer = (doc: unknown) => string;

const compiled = new Map<string, Serializer>();

/** The text of a value as a key: regular expressions (formats in the options) by their source. */
function keyText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof RegExp ? `/${item.source}/${item.flags}` : item));
}

/** Fastify's `schemaController.compilersFactory.buildSerializer`: the default one, remembered. */
export function buildCachedSerializer(externalSchemas?: unknown, options?: Parameters<ReturnType<typeof SerializerSelector>>[1]) {
  const compile = SerializerSelector()(externalSchemas, options);
  const context = keyText([externalSchemas, options]);
  return (route: Parameters<typeof compile>[0]): Serializer => {
    const key = `${context}\n${keyText(route.schema)}`;
    let serializer = compiled.get(key);
    if (!serializer) {
      serializer = compile(route);
      compiled.set(key, serializer);
    }
    return serializer;
  };
}
