// Stored functions for rolling deploys (db/functions.ts): the version the previous release calls
// stays callable beside the new one, a start with nothing changed applies nothing, and a changed
// file is applied again; retired.sql drops what it lists.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupUsageProduct, type UsageSetup } from '../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../test/harness.ts';
import { applyFunctions } from './functions.ts';
import { migrate } from './migrate.ts';

let t: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;
const scratch = mkdtempSync(join(tmpdir(), 'functions-test-'));

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The signature migration 0012 created (its text now functions/metering_ingest.sql), which processes of the previous release call. */
const PREVIOUS_SIGNATURE =
  'metering_ingest(text[], text[], text[], text[], boolean[], text[], uuid[], uuid[], text[], text[], uuid[], uuid[], text[], int[], int[], int[], text[], numeric[], text[], jsonb[], timestamptz, timestamptz, smallint)';
/** v5: the previous one's arguments without the known answers (the text[] after boolean[]). */
const V5_SIGNATURE =
  'metering_ingest_v5(text[], text[], text[], text[], boolean[], uuid[], uuid[], text[], text[], uuid[], uuid[], text[], int[], int[], int[], text[], numeric[], text[], jsonb[], timestamptz, timestamptz, smallint)';
/** v6: v5's arguments, with prepaid balances and the 'insufficient' outcome. */
const V6_SIGNATURE = V5_SIGNATURE.replace('metering_ingest_v5(', 'metering_ingest_v6(');
/** This release's version: v6's arguments; prepaid draws posted in the ledger, and the 'clocked' outcome. */
const CURRENT_SIGNATURE = V5_SIGNATURE.replace('metering_ingest_v5(', 'metering_ingest_v7(');
/** A form of v5 no release called (it took known answers), which a database of a build between releases may hold. */
const UNRELEASED_SIGNATURE = PREVIOUS_SIGNATURE.replace('metering_ingest(', 'metering_ingest_v5(');

async function exists(signature: string): Promise<boolean> {
  const row = await sql<{ found: boolean }>`select to_regprocedure(${signature}) is not null as found`.execute(t.database.db);
  return row.rows[0]!.found;
}

/** One single-event request, called the way a process of the previous release calls it. */
async function callPrevious(eventId: string): Promise<Array<{ outcome: string; status_code: number | null }>> {
  const scope = `${acme.id}:sandbox`;
  const key = randomUUID();
  const now = new Date('2026-05-10T12:00:00Z');
  const result = await sql<{ outcome: string; status_code: number | null }>`
    select outcome, status_code from metering_ingest(
      ${[scope]}::text[], ${[key]}::text[], ${[`${scope}\n${key}`]}::text[], ${['fingerprint']}::text[], ${[false]}::boolean[],
      ${['']}::text[], ${[null]}::uuid[],
      ${[acme.id]}::uuid[], ${['sandbox']}::text[], ${[usage.customerId]}::text[], ${[usage.customerId]}::uuid[], ${[usage.productId]}::uuid[], ${['api_calls']}::text[],
      ${[1]}::int[], ${[0]}::int[], ${[1]}::int[], ${[eventId]}::text[], ${['2']}::numeric[], ${['2026-05-10T11:00:00.000Z']}::text[], ${null}::jsonb[],
      ${now}::timestamptz, ${new Date(now.getTime() + 86_400_000)}::timestamptz, ${0}::smallint)`.execute(t.database.db);
  return result.rows;
}

describe('the stored function during a rolling deploy', () => {
  it('upgrading a database of the previous release adds the new version and keeps the old one answering', async () => {
    // Back to what the previous release left: migrations up to 0012 (and 0012's metering_ingest,
    // whose text is functions/metering_ingest.sql now), no stored-function files.
    await t.database.withScriptRunner((run) =>
      run(`drop function ${CURRENT_SIGNATURE}; drop function ${V6_SIGNATURE}; drop function ${V5_SIGNATURE}; drop table schema_functions; delete from schema_migrations where name = '0013_schema_functions.sql';`),
    );
    expect(await exists(CURRENT_SIGNATURE)).toBe(false);
    // What a build between releases left: the unreleased form of v5, which retired.sql drops.
    await t.database.withScriptRunner((run) => run(`create function ${UNRELEASED_SIGNATURE} returns void language sql as 'select';`));
    expect(await exists(UNRELEASED_SIGNATURE)).toBe(true);
    expect(await callPrevious(randomUUID())).toEqual([{ outcome: 'recorded', status_code: 201 }]);

    expect(await migrate(t.database)).toEqual([
      '0013_schema_functions.sql',
      'functions/jobs_claim_v1.sql',
      'functions/ledger_post_v1.sql',
      'functions/metering_ingest.sql',
      'functions/metering_ingest_v5.sql',
      'functions/metering_ingest_v6.sql',
      'functions/metering_ingest_v7.sql',
      'functions/retired.sql',
    ]);
    expect(await exists(CURRENT_SIGNATURE)).toBe(true);
    expect(await exists(UNRELEASED_SIGNATURE)).toBe(false);
    expect(await callPrevious(randomUUID())).toEqual([{ outcome: 'recorded', status_code: 201 }]);
  });

  it('keeps the previous release’s signature callable beside the new version, both recording', async () => {
    expect(await exists(PREVIOUS_SIGNATURE)).toBe(true);
    expect(await exists(CURRENT_SIGNATURE)).toBe(true);
    const previous = randomUUID();
    expect(await callPrevious(previous)).toEqual([{ outcome: 'recorded', status_code: 201 }]);
    // This release's service calls its own version meanwhile.
    const current = randomUUID();
    const res = await t.client.post('/metering/events', acme.key, { meter: 'api_calls', productId: usage.productId, customerId: usage.customerId, value: '1', eventId: current });
    expect(res.status, res.raw).toBe(201);
    const rows = await t.database.db.selectFrom('usage_events').select('event_id').where('account_id', '=', acme.id).where('event_id', 'in', [previous, current]).execute();
    expect(rows).toHaveLength(2);
  });

  it('migrating again applies nothing: no migration, no function', async () => {
    expect(await migrate(t.database)).toEqual([]);
  });
});

describe('applyFunctions', () => {
  const probe = join(scratch, 'functions_probe_v1.sql');
  const apply = () => t.database.withScriptRunner((run) => applyFunctions(run, scratch));
  const probeValue = async () => (await sql<{ v: number }>`select functions_probe() as v`.execute(t.database.db)).rows[0]!.v;

  it('applies a new file, skips it while its text is unchanged, and applies it again once edited', async () => {
    writeFileSync(probe, "create or replace function functions_probe() returns int language sql as 'select 1';\n");
    expect(await apply()).toEqual(['functions/functions_probe_v1.sql']);
    expect(await probeValue()).toBe(1);
    expect(await apply()).toEqual([]);

    writeFileSync(probe, "create or replace function functions_probe() returns int language sql as 'select 2';\n");
    expect(await apply()).toEqual(['functions/functions_probe_v1.sql']);
    expect(await probeValue()).toBe(2);
    expect(await apply()).toEqual([]);
  });

  it('applies retired.sql after the other files: what it drops is gone even while its file is still there', async () => {
    writeFileSync(join(scratch, 'retired.sql'), 'drop function if exists functions_probe();\n');
    expect(await apply()).toEqual(['functions/retired.sql']);
    const found = await sql<{ found: boolean }>`select to_regprocedure('functions_probe()') is not null as found`.execute(t.database.db);
    expect(found.rows[0]!.found).toBe(false);
  });

  it('a file that fails leaves nothing applied and names itself', async () => {
    writeFileSync(join(scratch, 'broken_v1.sql'), 'create or replace function broken() returns int language sql as $$ select nope $$;\n');
    await expect(apply()).rejects.toThrow(/stored function broken_v1\.sql failed/);
    const recorded = await sql<{ name: string }>`select name from schema_functions where name = 'broken_v1.sql'`.execute(t.database.db);
    expect(recorded.rows).toEqual([]);
  });
});
