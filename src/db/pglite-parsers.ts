// PGlite 0.4 copies its instance's table of value parsers into a new object for every query's
// result (`{ ...parsers, ...options.parsers }` in its parseResults). After start that table has 316
// entries, one per array type of the catalog, and the copy took about 100 µs of every query (a
// sixth of the CPU of a test file on the embedded database, measured by a CPU profile). PGlite 0.5
// copies only when a query brings parsers of its own, but it runs PostgreSQL 18, which cannot open
// the data directory of an embedded database made by 0.4 (PostgreSQL 17).
//
// So the instance keeps only what it needs: the parsers the service gives (int8 as a string), and
// for each element type below its own parser and its array's (an array's parser looks its
// element's up in the instance's table). Any other base type is parsed by PGlite's default parser
// of that type, the same function the instance held. An array of another element type would come
// back as its text ('{a,b}'): the schema test (pglite-parsers.test.ts) fails on any array type a
// column of the schema uses that is not here.
import type { PGlite } from '@electric-sql/pglite';

/** The element types whose arrays the service reads: columns, and values its queries build. */
export const ARRAY_ELEMENT_TYPES = [
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'bool', 'int2', 'int4', 'int8', 'oid', 'numeric', 'float4', 'float8',
  'json', 'jsonb', 'date', 'time', 'timestamp', 'timestamptz', 'interval', 'bytea',
] as const;

type Parsers = PGlite['parsers'];

/** Replaces `client.parsers` with `own` and the parsers of ARRAY_ELEMENT_TYPES and of their arrays. */
export async function keepNeededParsers(client: PGlite, own: Parsers): Promise<void> {
  const { rows } = await client.query<{ oid: number; array: number }>('select oid::int as oid, typarray::int as array from pg_catalog.pg_type where typname = any($1::text[])', [[...ARRAY_ELEMENT_TYPES]]);
  const kept = rows.flatMap((row) => [row.oid, row.array]).filter((oid) => client.parsers[oid]);
  client.parsers = { ...Object.fromEntries(kept.map((oid) => [oid, client.parsers[oid]!])), ...own };
}
