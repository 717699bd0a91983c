// The literals are read back by PostgreSQL itself (PGlite or the server): what goes in comes out unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { intArrayLiteral, plainArrayLiteral, textArrayLiteral } from './array-literal.ts';
import { openTestDatabase } from '../../test/harness.ts';

describe('array literals', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('round-trips text with quotes, backslashes, braces, commas, spaces, NULL and unicode', async () => {
    const values = ['plain', 'a"b', 'back\\slash', '\\"', '{x,y}', 'a b', 'NULL', 'null', '', 'ação-✓', ' lead'];
    const { rows } = await sql<{ v: string[] }>`select ${textArrayLiteral(values)}::text[] as v`.execute(database.db);
    expect(rows[0]!.v).toEqual(values);
  });

  it('round-trips integers, decimals and instants, and empty arrays', async () => {
    const { rows } = await sql<{ i: number[]; d: string[]; same: boolean; e: number[] }>`
      select ${intArrayLiteral([0, -3, 2147483647])}::int[] as i, ${plainArrayLiteral(['0', '12.345', '-1.5'])}::numeric[]::text[] as d,
             (${plainArrayLiteral(['2026-11-23T07:00:00.123Z'])}::timestamptz[])[1] = '2026-11-23 07:00:00.123+00'::timestamptz as same,
             ${intArrayLiteral([])}::int[] as e`.execute(database.db);
    expect(rows[0]).toEqual({ i: [0, -3, 2147483647], d: ['0', '12.345', '-1.5'], same: true, e: [] });
  });

  it('refuses an element that would need quoting instead of sending it', () => {
    for (const bad of ['NULL', '', '1}', '"1"', '1 ']) expect(() => plainArrayLiteral(['1', bad])).toThrow(/not a plain/);
  });
});
