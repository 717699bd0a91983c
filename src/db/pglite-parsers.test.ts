// The embedded database keeps the parsers of the array types the service reads only
// (pglite-parsers.ts): every array type of the migrated schema must be among them, and values read
// through the trimmed table are the ones PGlite's full table gives.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, usingPostgres } from '../../test/harness.ts';
import type { TestDatabase } from '../../test/database-pool.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { ARRAY_ELEMENT_TYPES } from './pglite-parsers.ts';

describe.skipIf(usingPostgres)('the embedded database reads arrays of the types the schema uses', () => {
  let migrated: TestDatabase;
  let trimmed: DatabaseHandle;
  let full: PGlite;

  beforeAll(async () => {
    migrated = await openTestDatabase();
    trimmed = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    full = await PGlite.create({ parsers: { 20: (value: string) => value } });
  });
  afterAll(async () => {
    await migrated?.drop();
    await trimmed?.close();
    await full?.close();
  });

  it('every array type of a column or a function of the migrated schema has its element type listed', async () => {
    const { rows } = await sql<{ element: string }>`
      select distinct e.typname as element
      from pg_catalog.pg_type t
      join pg_catalog.pg_type e on e.oid = t.typelem
      where t.typcategory = 'A' and t.oid in (
        select a.atttypid from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0
        union select p.prorettype from pg_catalog.pg_proc p where p.pronamespace = 'public'::regnamespace
        union select unnest(p.proargtypes) from pg_catalog.pg_proc p where p.pronamespace = 'public'::regnamespace
      )`.execute(migrated.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.element).filter((element) => !(ARRAY_ELEMENT_TYPES as readonly string[]).includes(element))).toEqual([]);
  });

  it('reads each listed type and its array as PGlite with all its parsers does', async () => {
    const literals: Record<string, string> = {
      text: "'a'", varchar: "'b'", bpchar: "'c'", char: "'d'", name: "'e'", uuid: "'0190f6f0-0000-7000-8000-000000000001'", bool: 'true', int2: '2', int4: '4',
      int8: '9007199254740993', oid: '26', numeric: '49.90', float4: '1.5', float8: '2.25', json: `'{"a":[1,"x"]}'`, jsonb: `'{"b":true}'`, date: "'2028-02-29'",
      time: "'10:00:00'", timestamp: "'2028-01-31 10:00:00'", timestamptz: "'2028-01-31T10:00:00Z'", interval: "'1 month 2 days'", bytea: "'\\x0102'",
    };
    expect(Object.keys(literals).sort()).toEqual([...ARRAY_ELEMENT_TYPES].sort());
    const select = Object.entries(literals)
      .map(([type, literal]) => `${literal}::${type} as "${type}", array[${literal}::${type}, null] as "${type}[]"`)
      .join(', ');
    const ours = (await sql.raw<Record<string, unknown>>(`select ${select}`).execute(trimmed.db)).rows;
    const theirs = (await full.query(`select ${select}`)).rows;
    for (const key of Object.keys(theirs[0] as object)) expect((ours[0] as Record<string, unknown>)[key], key).toEqual((theirs[0] as Record<string, unknown>)[key]);
    expect(ours[0]!['int8[]']).toEqual(['9007199254740993', null]);
    expect(ours[0]!['timestamptz[]']).toEqual([new Date('2028-01-31T10:00:00Z'), null]);
  });
});
